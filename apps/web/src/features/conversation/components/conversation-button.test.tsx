import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n/i18n';
import { conversationKey } from '../api/conversation';
import { ConversationButton } from './conversation-button';

const submissionId = '00000000-0000-4000-8000-000000000001';

beforeAll(async () => {
  await initI18n('en');
});
afterEach(() => vi.unstubAllGlobals());

describe('the conversation button', () => {
  it('stays when a refresh of the messages fails (a flaky connection), and goes when they never came', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    client.setQueryData(conversationKey(submissionId), { messages: [], unread: 0 });
    const view = render(
      <QueryClientProvider client={client}>
        <MantineProvider>
          <ConversationButton submissionId={submissionId} />
        </MantineProvider>
      </QueryClientProvider>,
    );
    const page = within(view.container);
    expect(page.getByRole('button', { name: /Messages/ })).toBeTruthy();
    await act(async () => {
      await client.refetchQueries({ queryKey: conversationKey(submissionId) });
    });
    await waitFor(() => expect(client.getQueryState(conversationKey(submissionId))?.status).toBe('error'));
    expect(page.getByRole('button', { name: /Messages/ })).toBeTruthy();
    view.unmount();

    const never = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const other = render(
      <QueryClientProvider client={never}>
        <MantineProvider>
          <ConversationButton submissionId={submissionId} />
        </MantineProvider>
      </QueryClientProvider>,
    );
    await waitFor(() => expect(never.getQueryState(conversationKey(submissionId))?.status).toBe('error'));
    expect(within(other.container).queryByRole('button')).toBeNull();
    other.unmount();
  });
});
