import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n/i18n';
import { ReviewersPanel } from './reviewers-panel';

const callId = '00000000-0000-4000-8000-000000000002';
const rita = { userId: null, email: 'rita@panel.example', name: '', source: 'invitation', accepted: false, load: 0 };
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeAll(async () => {
  await initI18n('en');
});
afterEach(() => vi.unstubAllGlobals());

describe('inviting a reviewer', () => {
  it('says on the field what is wrong with the address, and that one is invited already, without asking the server', async () => {
    const invites: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: URL, init?: RequestInit) => {
        const path = new URL(url).pathname;
        if (path.endsWith('/Review/GetReviewers')) return json(200, [rita]);
        if (path.endsWith('/Review/InviteReviewer')) {
          invites.push(JSON.parse(String(init?.body)));
          return json(200, [rita]);
        }
        return new Promise<Response>(() => {});
      }),
    );
    const view = render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MantineProvider>
          <ReviewersPanel callId={callId} />
        </MantineProvider>
      </QueryClientProvider>,
    );
    const page = within(view.container);
    await page.findByText('rita@panel.example');
    const field = page.getByLabelText("Reviewer's e-mail") as HTMLInputElement;
    const invite = page.getByRole('button', { name: 'Invite' });

    fireEvent.change(field, { target: { value: 'rita-walk@' } });
    fireEvent.click(invite);
    expect(page.getByText('Enter a valid e-mail address, for example name@example.org.')).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    // The keyboard is on the field, whose description now holds the error.
    expect(document.activeElement).toBe(field);

    fireEvent.change(field, { target: { value: ' Rita@Panel.example ' } });
    expect(page.queryByText(/valid e-mail address/)).toBeNull();
    fireEvent.click(invite);
    expect(page.getByText(/already among the call's reviewers/)).toBeTruthy();

    fireEvent.change(field, { target: { value: 'marco@panel.example' } });
    invite.focus();
    fireEvent.click(invite);
    await waitFor(() => expect(invites).toEqual([{ callId, email: 'marco@panel.example', language: 'en' }]));
    await waitFor(() => expect(field.value).toBe(''));
    expect(page.queryByText(/already among/)).toBeNull();
    // The button pressed is disabled once the field is empty: the keyboard waits in the field.
    expect(document.activeElement).toBe(field);
    view.unmount();
  });
});
