import type { TReviewWorkspace } from '@impact/domain';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n/i18n';
import { reviewKeys } from '../api/keys';
import { ScoringForm } from './scoring-form';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const ws = {
  assignmentId: '00000000-0000-4000-8000-000000000001',
  criteria: [],
  review: { scores: [], recommendation: null, comment: '', version: 0, submittedAt: null },
} as unknown as TReviewWorkspace;

/** A stand-in for SaveReview: each save waits to be let through, and a stale version is refused. */
function slowServer(startVersion = 0) {
  let serverVersion = startVersion;
  const held: Array<() => void> = [];
  const sent: Array<{ version: number; comment: string; scores?: unknown }> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: URL, init?: RequestInit) => {
      if (!String(url).includes('SaveReview')) return new Promise(() => {});
      const body = JSON.parse(String(init?.body));
      sent.push({
        version: body.version,
        comment: body.comment,
        ...(body.scores.length ? { scores: body.scores } : {}),
      });
      return new Promise<Response>((resolve) =>
        held.push(() => {
          if (body.version !== serverVersion)
            return resolve(json(409, { type: '/problems/staleVersion', title: 's', status: 409, messageKey: 'x' }));
          serverVersion++;
          resolve(
            json(200, { ...body, version: serverVersion, submittedAt: null, updatedAt: new Date().toISOString() }),
          );
        }),
      );
    }),
  );
  return { held, sent };
}
const withProviders = (client: QueryClient, workspace: TReviewWorkspace) => (
  <QueryClientProvider client={client}>
    <MantineProvider>
      <ScoringForm ws={workspace} />
    </MantineProvider>
  </QueryClientProvider>
);
const renderForm = (client = new QueryClient(), workspace = ws) => render(withProviders(client, workspace));

beforeAll(async () => {
  await initI18n('en');
});
afterEach(() => vi.unstubAllGlobals());

describe('the scoring form', () => {
  it('sends one save at a time on a slow connection, so the reviewer is never told their own save was stale', async () => {
    const { held, sent } = slowServer();
    const client = new QueryClient();
    client.setQueryData(reviewKeys.workspace(ws.assignmentId), ws);
    const view = renderForm(client);
    const box = within(view.container).getByLabelText('Overall comment') as HTMLTextAreaElement;
    fireEvent.change(box, { target: { value: 'Strong team' } });
    await waitFor(() => expect(held).toHaveLength(1), { timeout: 2000 });
    fireEvent.change(box, { target: { value: 'Strong team, weak budget justification' } });
    // The second change waits for the first save, then goes from the version it made.
    await new Promise((r) => setTimeout(r, 1200));
    expect(held).toHaveLength(1);
    held[0]?.();
    await waitFor(() => expect(held).toHaveLength(2), { timeout: 2000 });
    held[1]?.();
    await waitFor(() => expect(sent.map((s) => s.version)).toEqual([0, 1]));
    expect(within(view.container).queryByText(/reload/i)).toBeNull();
    // The kept workspace follows the saves: a later visit starts from the last one.
    await waitFor(() =>
      expect(client.getQueryData<TReviewWorkspace>(reviewKeys.workspace(ws.assignmentId))?.review).toMatchObject({
        version: 2,
        comment: 'Strong team, weak budget justification',
      }),
    );
    view.unmount();
  });

  it('saves a change still waiting for its moment when the form goes away', async () => {
    const { held, sent } = slowServer();
    const view = renderForm();
    const box = within(view.container).getByLabelText('Overall comment') as HTMLTextAreaElement;
    fireEvent.change(box, { target: { value: 'Written just before leaving' } });
    view.unmount();
    await waitFor(() => expect(sent).toEqual([{ version: 0, comment: 'Written just before leaving' }]));
    held[0]?.();
  });

  it('keeps a score typed off the scale, names the problem at once, and saves everything else', async () => {
    const { held, sent } = slowServer();
    const scored = {
      ...ws,
      criteria: [{ id: 'impact', name: 'Impact', description: '', weight: 1, min: 0, max: 5, commentRequired: false }],
    } as unknown as TReviewWorkspace;
    const view = renderForm(new QueryClient(), scored);
    const score = within(view.container).getByLabelText(/Impact \(0–5\)/) as HTMLInputElement;
    fireEvent.change(score, { target: { value: '9' } });
    fireEvent.blur(score);
    expect(score.value).toBe('9');
    expect(within(view.container).getByText("The score must be a whole number on the criterion's scale.")).toBeTruthy();
    fireEvent.change(within(view.container).getByLabelText('Overall comment'), { target: { value: 'Good plan' } });
    await waitFor(() => expect(held).toHaveLength(1), { timeout: 2000 });
    expect(sent[0]).toMatchObject({ comment: 'Good plan', scores: [{ criterionId: 'impact', score: null }] });
    held[0]?.();
    view.unmount();
  });

  it('keeps what was typed when its save was refused as stale, even as a newer review is read', async () => {
    // Another tab has saved twice: this form's save (from version 0) is refused.
    const { held } = slowServer(2);
    const client = new QueryClient();
    const view = renderForm(client);
    const box = () => within(view.container).getByLabelText('Overall comment') as HTMLTextAreaElement;
    fireEvent.change(box(), { target: { value: 'My own words' } });
    await waitFor(() => expect(held).toHaveLength(1), { timeout: 2000 });
    held[0]?.();
    await within(view.container).findByRole('button', { name: /reload/i });
    view.rerender(
      withProviders(client, {
        ...ws,
        review: { ...ws.review, comment: 'The other tab', version: 2 },
      } as TReviewWorkspace),
    );
    await new Promise((r) => setTimeout(r, 50));
    expect(box().value).toBe('My own words');
    view.unmount();
  });

  it('counts a score off its scale as the one last saved, and sends that one', async () => {
    const { held, sent } = slowServer(1);
    const scored = {
      ...ws,
      criteria: [{ id: 'impact', name: 'Impact', description: '', weight: 1, min: 0, max: 5, commentRequired: false }],
      review: { ...ws.review, version: 1, scores: [{ criterionId: 'impact', score: 4, comment: '' }] },
    } as unknown as TReviewWorkspace;
    const view = renderForm(new QueryClient(), scored);
    const score = within(view.container).getByLabelText(/Impact \(0–5\)/) as HTMLInputElement;
    fireEvent.change(score, { target: { value: '44' } });
    await waitFor(() => expect(held).toHaveLength(1), { timeout: 2000 });
    expect(sent[0]).toMatchObject({ scores: [{ criterionId: 'impact', score: 4 }] });
    expect(score.value).toBe('44');
    held[0]?.();
    view.unmount();
  });
});
