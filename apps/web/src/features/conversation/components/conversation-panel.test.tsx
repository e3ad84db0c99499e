import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n/i18n';
import { signInForTest } from '../../../lib/test-session';
import { conversationKey } from '../api/conversation';
import { ConversationButton } from './conversation-button';
import { ConversationPanel } from './conversation-panel';

const submissionId = '00000000-0000-4000-8000-000000000001';
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeAll(async () => {
  await initI18n('en');
});
beforeEach(() => signInForTest());
afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

/** The panel as the drawer shows it: made when opened, gone when closed. */
function open(side: 'applicant' | 'funder' = 'applicant', messages: unknown[] = []) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData(conversationKey(submissionId), { side, messages, unread: 0, canWrite: true });
  return render(
    <QueryClientProvider client={client}>
      <MantineProvider>
        <ConversationPanel submissionId={submissionId} />
      </MantineProvider>
    </QueryClientProvider>,
  );
}

/** A message as the server lists it. */
const aMessage = (n: number, side: 'applicant' | 'funder', authorName: string, mine = false) => ({
  id: `00000000-0000-4000-8000-00000000010${n}`,
  side,
  authorName,
  mine,
  text: `Message ${n}`,
  files: [],
  createdAt: '2027-01-05T10:00:00.000Z',
});

describe('the messages', () => {
  it("of a grant's report are headed as the report's, not the application's", async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
    client.setQueryData(conversationKey(submissionId), { side: 'applicant', messages: [], unread: 0, canWrite: true });
    render(
      <QueryClientProvider client={client}>
        <MantineProvider>
          <ConversationButton submissionId={submissionId} report />
        </MantineProvider>
      </QueryClientProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Messages' }));
    expect(await screen.findByRole('dialog', { name: 'Messages about this report' })).toBeTruthy();
    expect(screen.getByText(/^Write to the funder about this report\./)).toBeTruthy();
  });

  it("of a closed grant's report are read, not written", async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
    client.setQueryData(conversationKey(submissionId), {
      side: 'applicant',
      messages: [],
      unread: 0,
      canWrite: false,
      grantClosed: true,
    });
    render(
      <QueryClientProvider client={client}>
        <MantineProvider>
          <ConversationPanel submissionId={submissionId} report />
        </MantineProvider>
      </QueryClientProvider>,
    );
    expect(
      screen.getByText('The grant is closed: these messages can still be read, but no longer written.'),
    ).toBeTruthy();
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it('name each author with their side, for the funder and for the applicant alike', () => {
    const messages = [
      aMessage(1, 'applicant', 'Giulia Verdi'),
      aMessage(2, 'funder', 'Anna Admin'),
      aMessage(3, 'applicant', ''),
    ];
    const funder = open('funder', messages);
    const read = () => screen.getAllByRole('listitem').map((li) => li.querySelector('p')?.textContent);
    expect(read()).toEqual(['Giulia Verdi · Applicant', 'Anna Admin · Funder', 'Applicant']);
    funder.unmount();
    open('applicant', messages);
    expect(read()).toEqual(['Giulia Verdi · Your organization', 'Anna Admin · Funder', 'Your organization']);
  });
});

describe('the message being written', () => {
  it('is counted, and at the limit says that nothing beyond it goes in', () => {
    open();
    const field = screen.getByLabelText(/Your message/) as HTMLTextAreaElement;
    fireEvent.change(field, { target: { value: 'When is the deadline?' } });
    expect(screen.getByText(/21 \/ 8000 characters$/)).toBeTruthy();
    fireEvent.change(field, { target: { value: 'x'.repeat(8000) } });
    expect(screen.getByText(/8000 \/ 8000 characters: the most a message takes/)).toBeTruthy();
  });

  it('is still there when the panel is closed and opened again, and forgotten once sent', async () => {
    const sent: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        if (String(url).includes('SendMessage')) sent.push(JSON.parse(String(init?.body)).text);
        return json(200, { id: '00000000-0000-4000-8000-000000000002' });
      }),
    );
    const first = open();
    fireEvent.change(screen.getByLabelText(/Your message/), { target: { value: 'When is the deadline?' } });
    first.unmount();

    const again = open();
    const field = screen.getByLabelText(/Your message/) as HTMLTextAreaElement;
    expect(field.value).toBe('When is the deadline?');
    fireEvent.click(screen.getByRole('button', { name: 'Send message' }));
    await waitFor(() => expect(sent).toEqual(['When is the deadline?']));
    await waitFor(() => expect(field.value).toBe(''));
    again.unmount();
    open();
    expect((screen.getByLabelText(/Your message/) as HTMLTextAreaElement).value).toBe('');
  });

  it('is forgotten when its sending ends after the drawer was closed', async () => {
    let answer: ((r: Response) => void) | null = null;
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string) =>
        String(url).includes('SendMessage')
          ? new Promise<Response>((resolve) => (answer = resolve))
          : Promise.resolve(json(200, {})),
      ),
    );
    const first = open();
    fireEvent.change(screen.getByLabelText(/Your message/), { target: { value: 'Sent on a slow line' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send message' }));
    await waitFor(() => expect(answer).not.toBeNull());
    first.unmount();
    (answer as ((r: Response) => void) | null)?.(json(200, { id: '00000000-0000-4000-8000-000000000003' }));
    await waitFor(() => expect(window.localStorage.length).toBe(0));
    open();
    expect((screen.getByLabelText(/Your message/) as HTMLTextAreaElement).value).toBe('');
  });
});

describe('after sending', () => {
  it('does not keep saying the last message was sent when the next is refused, and names a refused file on its field', async () => {
    let answer = () => json(200, { id: '00000000-0000-4000-8000-000000000002' });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        String(url).includes('SendMessage')
          ? answer()
          : json(200, { side: 'applicant', messages: [], unread: 0, canWrite: true }),
      ),
    );
    open();
    const field = screen.getByLabelText(/Your message/) as HTMLTextAreaElement;
    fireEvent.change(field, { target: { value: 'First' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send message' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Message sent.'));
    answer = () =>
      json(400, {
        type: '/problems/validation',
        title: 'invalid',
        status: 400,
        messageKey: 'errors.conversation.fileType',
        // As the server names it (conversation/attachments.ts): the first file chosen.
        errors: [{ path: 'files.0', messageKey: 'errors.conversation.fileType', params: { name: 'notes.txt' } }],
      });
    fireEvent.change(field, { target: { value: 'Second, with a file' } });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Send message' })).toBeTruthy());
    fireEvent.click(screen.getByRole('button', { name: 'Send message' }));
    // Once the refusal is in: on the file field, not the text, and no "sent" beside it.
    const fileField = screen.getByLabelText(/Attach/);
    await waitFor(() => expect(fileField.getAttribute('aria-invalid')).toBe('true'));
    expect(field.getAttribute('aria-invalid')).not.toBe('true');
    expect(screen.getByRole('status').textContent).toBe('');
  });
});
