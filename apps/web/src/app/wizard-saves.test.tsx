import type { TConfig, TOrganization } from '@impact/domain';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { submissionCallQuery } from '../features/applying/api/submission-call';
import { submissionQuery } from '../features/applying/api/submissions';
import { SubmissionPage } from '../features/applying/pages/submission-page';
import { wizardCall, wizardIds, wizardStep, wizardSubmission } from '../features/applying/pages/wizard-test-data';
import type { WizardStepTypes } from '../features/step-kit/wizard-step-types';
import { TextStep } from '../features/step-types/text/text-step';
import { configQueryKey } from '../lib/api/get-config';
import { organizationListQueryKey } from '../lib/api/get-organizations';
import { dialogsUnavailable } from '../lib/confirm-dialog';
import { initI18n } from '../lib/i18n/i18n';

const ids = wizardIds;
const step = (n: number) => wizardStep(n, 'text');
const call = wizardCall('text');
const submission = wizardSubmission(false);
const stepTypes: WizardStepTypes = {
  webStepType: () => ({ Step: TextStep }),
  preloadStepTypes: () => {},
  stepProblems: () => [],
  typingHeld: () => false,
  stepsDone: (steps) => steps.map(() => true),
  ClosingSummary: () => null,
};

/**
 * A stand-in for the server's answers (versions per step, 409 on a stale write, 503 when
 * `upsertMode` says so): these tests are about what the page keeps, the server's own rules are
 * tested on the server.
 */
let stored: Record<string, { content: string; version: number }> = {};
let upsertMode: 'ok' | '503' = 'ok';
const calls: string[] = [];
function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}
function fakeFetch(url: URL, init?: RequestInit) {
  const path = url.pathname;
  calls.push(path);
  if (path.endsWith('UpsertCallStepResult')) {
    const body = JSON.parse(String(init?.body));
    if (upsertMode === '503')
      return Promise.resolve(
        json(503, { type: '/problems/busy', title: 'busy', status: 503, messageKey: 'errors.limits.workBusy' }),
      );
    const cur = stored[body.stepId] ?? { content: '', version: 0 };
    if (cur.version !== body.version)
      return Promise.resolve(
        json(409, { type: '/problems/staleVersion', title: 'stale', status: 409, messageKey: 'x' }),
      );
    stored[body.stepId] = { content: body.content, version: cur.version + 1 };
    return Promise.resolve(
      json(200, {
        id: '00000000-0000-4000-8000-0000000000aa',
        callSubmissionId: ids.submission,
        stepId: body.stepId,
        content: body.content,
        score: null,
        version: cur.version + 1,
        updatedAt: new Date().toISOString(),
      }),
    );
  }
  if (path.endsWith('CloseCallSubmission')) return Promise.resolve(json(200, { id: ids.submission, closed: true }));
  return new Promise<Response>(() => {});
}

function renderWizard(path: string) {
  const client = new QueryClient({
    defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY, retry: false } },
  });
  client.setQueryData(configQueryKey, { name: 'Impact Calls' } as TConfig);
  client.setQueryData(submissionQuery(ids.submission, false).queryKey, submission);
  client.setQueryData(submissionCallQuery(ids.call, false).queryKey, call);
  client.setQueryData(organizationListQueryKey, [{ id: ids.org, name: 'Aurora', role: 'owner' } as TOrganization]);
  return render(
    <QueryClientProvider client={client}>
      <MantineProvider>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="/call/:submissionId/*" element={<SubmissionPage stepTypes={stepTypes} />} />
          </Routes>
        </MemoryRouter>
      </MantineProvider>
    </QueryClientProvider>,
  );
}

beforeAll(async () => {
  await initI18n('en');
  // Submit's question asked by the browser's own box, answered yes below: the dialogs' provider is
  // not what these tests are about (app/confirm-dialogs.test.tsx).
  dialogsUnavailable();
});
// The dialogs' state lives in its module, which the files after this one in the worker would share.
afterAll(() => vi.resetModules());
beforeEach(() => {
  stored = {};
  upsertMode = 'ok';
  calls.length = 0;
  window.localStorage.clear();
  vi.stubGlobal('fetch', vi.fn(fakeFetch));
  vi.stubGlobal('confirm', () => true);
});
afterEach(() => vi.unstubAllGlobals());

/**
 * What the wizard keeps of the applicant's typing across the steps and at Submit: a step left and
 * come back to shows what was saved, and Submit sends nothing while the last answer is not saved.
 */
describe('the wizard keeps what was saved', () => {
  it('shows on a step left and come back to the answer saved there, and saves on from its version', async () => {
    const view = renderWizard(`/call/${ids.submission}/0/0`);
    // Queries stay inside this render: a worker's files share one document.
    const screen = within(view.container);
    const box = (await screen.findByTestId('text-answer')) as HTMLTextAreaElement;
    fireEvent.change(box, { target: { value: 'Our project helps 40 families' } });
    await waitFor(() => expect(screen.getByTestId('save-status').dataset.status).toBe('saved'), { timeout: 3000 });
    fireEvent.click(screen.getByRole('button', { name: /next/i }));
    await screen.findByRole('heading', { name: 'Step 2' });
    fireEvent.click(screen.getByRole('button', { name: /previous/i }));
    await screen.findByRole('heading', { name: 'Step 1' });
    const again = (await screen.findByTestId('text-answer')) as HTMLTextAreaElement;
    expect(again.value).toContain('40 families');
    fireEvent.change(again, { target: { value: `${again.value} and 12 schools` } });
    await waitFor(() => expect(screen.getByTestId('save-status').dataset.status).toBe('saved'), { timeout: 3000 });
    expect(stored[step(1).id]).toMatchObject({ version: 2 });
    expect(stored[step(1).id]?.content).toContain('40 families and 12 schools');
    view.unmount();
  });

  it('submits nothing while the last answer could not be saved, and says so', async () => {
    const view = renderWizard(`/call/${ids.submission}/1/0`);
    const screen = within(view.container);
    const box = (await screen.findByTestId('text-answer')) as HTMLTextAreaElement;
    fireEvent.change(box, { target: { value: 'first draft' } });
    await waitFor(() => expect(screen.getByTestId('save-status').dataset.status).toBe('saved'), { timeout: 3000 });
    upsertMode = '503';
    fireEvent.change(box, { target: { value: 'final text with the budget justification' } });
    fireEvent.click(screen.getByRole('button', { name: /submit/i }));
    await screen.findByText('Your latest changes are not saved yet: check the connection and try again.');
    expect(calls.some((c) => c.endsWith('CloseCallSubmission'))).toBe(false);
    // Once the server takes it, Submit goes through with the final text.
    upsertMode = 'ok';
    fireEvent.click(screen.getByRole('button', { name: /submit/i }));
    await waitFor(() => expect(calls.some((c) => c.endsWith('CloseCallSubmission'))).toBe(true), { timeout: 3000 });
    expect(stored[step(2).id]?.content).toContain('final text');
    view.unmount();
  });
});
