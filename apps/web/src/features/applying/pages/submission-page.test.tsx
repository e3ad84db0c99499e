import type { TConfig, TMemberRole, TOrganization, TSubmission } from '@impact/domain';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { configQueryKey } from '../../../lib/api/get-config';
import { organizationListQueryKey } from '../../../lib/api/get-organizations';
import { dialogsUnavailable } from '../../../lib/confirm-dialog';
import { initI18n } from '../../../lib/i18n/i18n';
import { PageAnnouncer } from '../../../lib/page-title';
import type { StepProps } from '../../step-kit/step-props';
import type { WizardStepTypes } from '../../step-kit/wizard-step-types';
import { submissionCallQuery } from '../api/submission-call';
import { submissionQuery } from '../api/submissions';
import { SubmissionPage } from './submission-page';
import { wizardCall, wizardIds, wizardStep, wizardSubmission } from './wizard-test-data';

const ids = wizardIds;
const step = (n: number) => wizardStep(n, 'not-a-type');
const call = wizardCall('not-a-type');
const submission = wizardSubmission;

/**
 * The page around the steps is what is tested: no step type is known (each body is a short
 * notice) and none has anything to fix (app/wizard-page.tsx gives the page the real registry).
 */
const stepTypes: WizardStepTypes = {
  webStepType: () => undefined,
  preloadStepTypes: () => {},
  stepProblems: () => [],
  typingHeld: () => false,
  stepsDone: (steps) => steps.map(() => true),
  ClosingSummary: () => null,
};

/** The address the wizard is at, where a test reads it. */
function AddressProbe() {
  return <output data-testid="address">{useLocation().pathname}</output>;
}

/** The wizard on cached data: nothing reaches a server (requests wait forever). */
function renderWizard(
  path: string,
  closed: boolean,
  types: WizardStepTypes = stepTypes,
  role: TMemberRole | null = 'owner',
  /** Invited to a call's second stage: step 2 is stage 2's, stage 1 was sent (decision 0034). */
  secondStage = false,
  /** Fields of the submission as the server reads it, over the defaults. */
  read: Partial<TSubmission> = {},
) {
  const client = new QueryClient({
    defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY, retry: false } },
  });
  client.setQueryData(configQueryKey, { name: 'Impact Calls' } as TConfig);
  client.setQueryData(
    submissionQuery(ids.submission, false).queryKey,
    secondStage
      ? {
          ...submission(true),
          stage: 2,
          stageClosingAt: new Date(Date.now() + 86_400_000).toISOString(),
          stageClosedAt: closed ? new Date().toISOString() : null,
        }
      : { ...submission(closed), ...read },
  );
  client.setQueryData(
    submissionCallQuery(ids.call, false).queryKey,
    secondStage ? { ...call, steps: [step(1), { ...step(2), stage: 2 }] } : call,
  );
  if (role) client.setQueryData(organizationListQueryKey, [{ id: ids.org, name: 'Aurora', role } as TOrganization]);
  return render(
    <QueryClientProvider client={client}>
      <MantineProvider>
        <MemoryRouter initialEntries={[path]}>
          <div id="main">
            <Routes>
              <Route path="/call/:submissionId/*" element={<SubmissionPage stepTypes={types} />} />
            </Routes>
          </div>
          <PageAnnouncer />
          <AddressProbe />
        </MemoryRouter>
      </MantineProvider>
    </QueryClientProvider>,
  );
}

beforeAll(async () => {
  await initI18n('en');
});
afterEach(() => vi.unstubAllGlobals());
// The leave test makes the dialogs fall back to the browser's box for good in this module: later
// files in the same worker import it afresh.
afterAll(() => vi.resetModules());
const stubFetch = () =>
  vi.stubGlobal(
    'fetch',
    vi.fn(() => new Promise(() => {})),
  );

describe('the submission wizard', () => {
  it('titles the thank-you page with the page first, then the call', async () => {
    stubFetch();
    renderWizard(`/call/${ids.submission}/2/0`, true, stepTypes, 'owner', false, { reference: '2026-00042' });
    await screen.findByRole('heading', { name: 'Thank you, your application is in!' });
    // Its reference, to quote on the phone (the receipt and the PDF give it too).
    expect(screen.getByTestId('submission-reference').textContent).toBe(
      'Reference to quote when writing to the funder: 2026-00042',
    );
    await waitFor(() => expect(document.title).toBe('Thank you, your application is in! · Bando Verde · Impact Calls'));
    // What happens next: the receipt, the review, how the decision comes.
    expect(screen.getByRole('heading', { name: 'What happens next' })).toBeTruthy();
    expect(screen.getByText(/A receipt with a copy of the answers goes by e-mail/)).toBeTruthy();
  });

  it('titles a step with the step first, then the call', async () => {
    stubFetch();
    renderWizard(`/call/${ids.submission}/1/0`, false);
    await waitFor(() => expect(document.title).toBe('Step 2 · Bando Verde · Impact Calls'));
  });

  it('shows a sent application without Previous and Next, whatever the address says', async () => {
    stubFetch();
    renderWizard(`/call/${ids.submission}/0/0`, true);
    await screen.findByRole('heading', { name: 'Step 1' });
    expect(screen.getByText('Submitted')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /previous/i })).toBeNull();
    expect(screen.queryByRole('button', { name: /next/i })).toBeNull();
    // Read, not written: a way back to the calls.
    expect(screen.getByRole('link', { name: /Back to calls/ }).getAttribute('href')).toBe('/calls');
  });

  it('opens at the first step not done when arriving without a position (Resume), the address naming it', async () => {
    stubFetch();
    const address = () => screen.getByTestId('address').textContent;
    const at = (done: (i: number) => boolean) =>
      renderWizard(`/call/${ids.submission}`, false, {
        ...stepTypes,
        stepsDone: (steps) => steps.map((_, i) => done(i)),
      });
    const resumed = at((i) => i === 0);
    await screen.findByRole('heading', { name: 'Step 2' });
    await waitFor(() => expect(address()).toBe(`/call/${ids.submission}/1/0`));
    resumed.unmount();
    const fresh = at(() => false);
    await waitFor(() => expect(address()).toBe(`/call/${ids.submission}/0/0`));
    fresh.unmount();
    // All done: the last step, where Submit is.
    at(() => true);
    await waitFor(() => expect(address()).toBe(`/call/${ids.submission}/1/0`));
  });

  it('draws no step to write in before the address names it, so typing at once cannot move where it lands', async () => {
    stubFetch();
    // A step counted done once answered: typed into while the wizard still had no position, the
    // first step became done and the wizard went on to the second under the person's cursor.
    const drawnAt: string[] = [];
    const Answer = ({ readOnly }: StepProps) => {
      const where = useLocation().pathname;
      if (!readOnly) drawnAt.push(where);
      return <p>answer here</p>;
    };
    renderWizard(`/call/${ids.submission}`, false, {
      ...stepTypes,
      webStepType: () => ({ Step: Answer }),
      stepsDone: (steps, contentOf) => steps.map((s) => Boolean(contentOf(s))),
    });
    await screen.findByText('answer here');
    expect(screen.getByTestId('address').textContent).toBe(`/call/${ids.submission}/0/0`);
    expect(new Set(drawnAt)).toEqual(new Set([`/call/${ids.submission}/0/0`]));
  });

  it('opens an open second stage at its first step when arriving without a position (the invitation)', async () => {
    stubFetch();
    renderWizard(`/call/${ids.submission}`, false, stepTypes, 'owner', true);
    await screen.findByRole('heading', { name: 'Step 2' });
    expect(screen.getByTestId('address').textContent).toBe(`/call/${ids.submission}/1/0`);
  });

  it('still pages an open application with Previous and Next', async () => {
    stubFetch();
    renderWizard(`/call/${ids.submission}/0/0`, false);
    await screen.findByRole('heading', { name: 'Step 1' });
    expect(screen.getByRole('button', { name: /next/i })).toBeTruthy();
  });

  it('asks before leaving a page whose figure does not read (not saved), and stays unless told to leave', async () => {
    stubFetch();
    // The browser's own confirm box stands in for the dialog (app/confirm-dialogs.test.tsx tests those).
    dialogsUnavailable();
    const asked: string[] = [];
    let answer = false;
    vi.stubGlobal('confirm', (question: string) => {
      asked.push(question);
      return answer;
    });
    const step2 = wizardStep(2, 'not-a-type');
    const holding: WizardStepTypes = { ...stepTypes, typingHeld: (step) => step.id === step2.id };
    renderWizard(`/call/${ids.submission}/1/0`, false, holding);
    await screen.findByRole('heading', { name: 'Step 2' });
    fireEvent.click(screen.getByRole('button', { name: /previous/i }));
    await waitFor(() => expect(asked).toEqual(['Leave a figure that cannot be read?']));
    expect(screen.getByTestId('address').textContent).toBe(`/call/${ids.submission}/1/0`);
    // Closing the tab meanwhile: the browser is asked to ask too.
    const unload = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(unload);
    expect(unload.defaultPrevented).toBe(true);
    answer = true;
    fireEvent.click(screen.getByRole('button', { name: /previous/i }));
    await waitFor(() => expect(screen.getByTestId('address').textContent).toBe(`/call/${ids.submission}/0/0`));
    expect(asked).toHaveLength(2);
    // Step 1 holds nothing: closing the tab is not held up.
    const free = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(free);
    expect(free.defaultPrevented).toBe(false);
  });

  it("takes a step's message away once its answer mends it, though a later step has the same problem", async () => {
    stubFetch();
    // Both steps are incomplete while empty, under the same key (two surveys of one call).
    const AnswerButton = ({ onContent, problemsShown }: StepProps) => (
      <button type="button" onClick={() => onContent('answered')} data-problems-shown={String(problemsShown)}>
        Answer
      </button>
    );
    const incomplete: WizardStepTypes = {
      ...stepTypes,
      webStepType: () => ({ Step: AnswerButton }),
      stepProblems: (_step, content) => (content ? [] : ['applying.validation.surveyIncomplete']),
    };
    renderWizard(`/call/${ids.submission}/0/0`, false, incomplete);
    fireEvent.click(await screen.findByRole('button', { name: /next/i }));
    await screen.findByTestId('step-problems');
    const status = screen.getByTestId('step-problems-region');
    await waitFor(() => expect(status.textContent).toBe('Please answer every required question of the survey.'));
    // The step is told, to mark the fields they are about.
    expect(screen.getByRole('button', { name: 'Answer' }).getAttribute('data-problems-shown')).toBe('true');
    // Said politely, in a region that stays (its words change; it is not shown afresh each time).
    expect(status.getAttribute('role')).toBe('status');
    fireEvent.click(screen.getByRole('button', { name: 'Answer' }));
    await waitFor(() => expect(status.textContent).toBe(''));
    expect(screen.queryByTestId('step-problems')).toBeNull();
    expect(screen.getByRole('button', { name: 'Answer' }).getAttribute('data-problems-shown')).toBe('false');
    expect(screen.getByTestId('step-problems-region')).toBe(status);
  });

  it('shows a viewer the open application read-only, and an editor the same one to write', async () => {
    stubFetch();
    const Lock = ({ readOnly }: StepProps) => <p>{readOnly ? 'locked' : 'editable'}</p>;
    const types: WizardStepTypes = { ...stepTypes, webStepType: () => ({ Step: Lock }) };
    const viewer = renderWizard(`/call/${ids.submission}/0/0`, false, types, 'viewer');
    await screen.findByText('locked');
    expect(screen.getByText('Read-only (your role: viewer)')).toBeTruthy();
    viewer.unmount();
    const editor = renderWizard(`/call/${ids.submission}/0/0`, false, types, 'editor');
    await screen.findByText('editable');
    expect(screen.queryByText(/Read-only/)).toBeNull();
    editor.unmount();
    // The organizations (and so the role) not known yet: nothing is offered for writing.
    renderWizard(`/call/${ids.submission}/0/0`, false, types, null);
    await screen.findByText('locked');
  });

  it('shows the report of a closed grant read-only, saying it is no longer required', async () => {
    stubFetch();
    const Lock = ({ readOnly }: StepProps) => <p>{readOnly ? 'locked' : 'editable'}</p>;
    const types: WizardStepTypes = { ...stepTypes, webStepType: () => ({ Step: Lock }) };
    renderWizard(`/call/${ids.submission}/0/0`, false, types, 'owner', false, { reportOfClosedGrant: true });
    await screen.findByText('locked');
    expect(screen.getByTestId('submission-status').textContent).toBe('No longer required');
    expect(screen.getByTestId('report-not-required').textContent).toBe(
      'The grant is closed: this report is kept as it was left and can no longer be sent.',
    );
    expect(screen.queryByRole('button', { name: /Submit/ })).toBeNull();
  });

  it('in stage 2 shows stage 1 read-only with a note, and stage 2 writable with Submit', async () => {
    stubFetch();
    const Lock = ({ readOnly }: StepProps) => <p>{readOnly ? 'locked' : 'editable'}</p>;
    const types: WizardStepTypes = { ...stepTypes, webStepType: () => ({ Step: Lock }) };
    const first = renderWizard(`/call/${ids.submission}/0/0`, false, types, 'owner', true);
    await screen.findByText('locked');
    expect(screen.getByTestId('carried-forward')).toBeTruthy();
    expect(screen.getByTestId('wizard-stage').textContent).toContain('Stage 2');
    first.unmount();
    renderWizard(`/call/${ids.submission}/1/0`, false, types, 'owner', true);
    await screen.findByText('editable');
    expect(screen.queryByTestId('carried-forward')).toBeNull();
    expect(screen.getByRole('button', { name: 'Submit the application' })).toBeTruthy();
  });

  it('thanks for stage 2 with a PDF for each stage', async () => {
    stubFetch();
    renderWizard(`/call/${ids.submission}/2/0`, true, stepTypes, 'owner', true);
    await screen.findByRole('heading', { name: 'Stage 2 submitted: thank you!' });
    expect(screen.getByRole('button', { name: 'Stage 1 PDF' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Stage 2 PDF' })).toBeTruthy();
  });
});
