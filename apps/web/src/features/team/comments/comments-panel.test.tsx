import type { TMember, TStepComments } from '@impact/domain';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { membersQuery } from '../../../lib/api/get-members';
import { DATE_TIME, dateFormat } from '../../../lib/date-formats';
import { initI18n } from '../../../lib/i18n/i18n';
import { signInForTest } from '../../../lib/test-session';
import { stepCommentsQuery } from './api/get-step-comments';
import { CommentsPanel } from './comments-panel';
import { StepCommentBadge } from './step-comment-badge';

const ids = {
  submission: '00000000-0000-4000-8000-000000000001',
  org: '00000000-0000-4000-8000-000000000002',
  step: '00000000-0000-4000-8000-000000000003',
  thread: '00000000-0000-4000-8000-000000000004',
  reply: '00000000-0000-4000-8000-000000000005',
  anna: '00000000-0000-4000-8000-000000000006',
  bruno: '00000000-0000-4000-8000-000000000007',
};
const comments: TStepComments = {
  openByStep: { [ids.step]: 1 },
  threads: [
    {
      id: ids.thread,
      stepId: ids.step,
      author: { userId: ids.anna, name: 'Anna Neri' },
      body: 'Check the budget?',
      createdAt: '2026-11-20T10:00:00Z',
      mentions: [{ userId: ids.bruno, name: 'Bruno Sala' }],
      resolved: false,
      resolvedAt: null,
      resolvedBy: null,
      replies: [{ id: ids.reply, author: null, body: '', createdAt: '2026-11-20T11:00:00Z', mentions: [] }],
    },
  ],
};
const members = [
  { userId: ids.anna, email: 'anna@x.example', firstName: 'Anna', lastName: 'Neri', role: 'owner', since: '' },
  { userId: ids.bruno, email: 'bruno@x.example', firstName: 'Bruno', lastName: 'Sala', role: 'viewer', since: '' },
] satisfies TMember[];

/** The panel on cached data; the one request it makes here (resolve) goes to a stub that records it. */
function renderPanel(readOnly = false) {
  const client = new QueryClient({
    defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY, retry: false } },
  });
  client.setQueryData(stepCommentsQuery(ids.submission, ids.step).queryKey, comments);
  client.setQueryData(membersQuery(ids.org).queryKey, members);
  return render(
    <QueryClientProvider client={client}>
      <MantineProvider>
        <CommentsPanel submissionId={ids.submission} organizationId={ids.org} stepId={ids.step} readOnly={readOnly} />
      </MantineProvider>
    </QueryClientProvider>,
  );
}

beforeAll(async () => {
  await initI18n('en');
});
beforeEach(() => signInForTest());
afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

describe('the comments panel', () => {
  it('shows a thread with its author, mentions and replies, and resolves it, saying so', async () => {
    const fetchStub = vi.fn(async () => new Response(null, { status: 204 }));
    vi.stubGlobal('fetch', fetchStub);
    renderPanel();
    const thread = screen.getByRole('article', { name: /Thread started by Anna Neri/ });
    expect(within(thread).getByText('Check the budget?')).toBeTruthy();
    expect(within(thread).getByText('Mentioned: Bruno Sala')).toBeTruthy();
    // An erased colleague's reply keeps its place, without words or name.
    const replies = within(thread).getByRole('list', { name: 'Replies' });
    expect(within(replies).getByText('Former member')).toBeTruthy();
    expect(within(replies).getByText('This comment was removed.')).toBeTruthy();

    fireEvent.click(within(thread).getByRole('button', { name: 'Resolve' }));
    await waitFor(() => expect(fetchStub).toHaveBeenCalled());
    const [url, init] = (fetchStub.mock.calls[0] ?? []) as unknown as [string, RequestInit];
    expect(String(url)).toContain('/api/Call/ResolveStepComment');
    expect(JSON.parse(String(init.body))).toEqual({ commentId: ids.thread, resolved: true });
    expect(await screen.findByRole('status')).toHaveProperty('textContent', 'Thread resolved.');
  });

  it('writes when each comment was made as every other page writes a moment', () => {
    renderPanel();
    const thread = screen.getByRole('article', { name: /Thread started by Anna Neri/ });
    const asElsewhere = (iso: string) => dateFormat('en', DATE_TIME).format(new Date(iso));
    const times = within(thread).getAllByText((_, element) => element?.tagName === 'TIME');
    expect(times.map((time) => time.textContent)).toEqual([
      asElsewhere('2026-11-20T10:00:00Z'),
      asElsewhere('2026-11-20T11:00:00Z'),
    ]);
    expect(thread.getAttribute('aria-label')).toContain(asElsewhere('2026-11-20T10:00:00Z'));
  });

  it('offers the team but not the writer to mention', async () => {
    signInForTest(ids.anna, 'Anna');
    renderPanel();
    const [mention] = screen.getAllByLabelText('Mention members') as [HTMLElement];
    fireEvent.click(mention);
    fireEvent.focus(mention);
    expect(await screen.findByRole('option', { name: 'Bruno Sala', hidden: true })).toBeTruthy();
    expect(screen.queryByRole('option', { name: 'Anna Neri', hidden: true })).toBeNull();
  });

  it('refuses an empty comment before sending, with the message tied to the field', () => {
    const fetchStub = vi.fn(() => new Promise<Response>(() => {}));
    vi.stubGlobal('fetch', fetchStub);
    renderPanel();
    const field = screen.getByRole('textbox', { name: 'Comment' });
    fireEvent.change(field, { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add comment' }));
    expect(field.getAttribute('aria-invalid')).toBe('true');
    const message = screen.getByText('Write a comment first.');
    expect(message.id).not.toBe('');
    expect(field.getAttribute('aria-describedby')).toContain(message.id);
    expect(fetchStub).not.toHaveBeenCalled();
  });

  it('keeps a comment being written when the panel closes, and a reply cancelled is not kept', () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>(() => {})),
    );
    const first = renderPanel();
    fireEvent.change(screen.getByRole('textbox', { name: 'Comment' }), { target: { value: 'Is the budget final?' } });
    const thread = screen.getByRole('article', { name: /Thread started by Anna Neri/ });
    fireEvent.click(within(thread).getByRole('button', { name: 'Reply' }));
    fireEvent.change(within(thread).getByRole('textbox'), { target: { value: 'Not yet' } });
    fireEvent.click(within(thread).getByRole('button', { name: 'Cancel' }));
    first.unmount();

    renderPanel();
    expect(screen.getByRole('textbox', { name: 'Comment' })).toHaveProperty('value', 'Is the budget final?');
    const again = screen.getByRole('article', { name: /Thread started by Anna Neri/ });
    fireEvent.click(within(again).getByRole('button', { name: 'Reply' }));
    expect(within(again).getByRole('textbox')).toHaveProperty('value', '');
  });

  it('a sent application shows its comments without forms or buttons', () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>(() => {})),
    );
    renderPanel(true);
    expect(screen.getByText('Check the budget?')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Resolve' })).toBeNull();
    expect(screen.queryByRole('textbox', { name: 'Comment' })).toBeNull();
  });

  it('the step menu’s badge gives a step’s button its count in words', () => {
    const client = new QueryClient();
    client.setQueryData(stepCommentsQuery(ids.submission).queryKey, { threads: [], openByStep: { [ids.step]: 3 } });
    render(
      <QueryClientProvider client={client}>
        <MantineProvider>
          <button type="button">
            Budget
            <StepCommentBadge submissionId={ids.submission} stepId={ids.step} />
          </button>
        </MantineProvider>
      </QueryClientProvider>,
    );
    expect(screen.getByRole('button', { name: 'Budget, 3 open comments' })).toBeTruthy();
  });
});
