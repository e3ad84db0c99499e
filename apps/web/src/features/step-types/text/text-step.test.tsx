import type { TStepResult, TUserStep } from '@impact/domain';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n/i18n';
import { signInForTest } from '../../../lib/test-session';
import { serverKeepingAnswers } from '../../step-kit/answers-server-stub';
import { TextStep } from './text-step';

const SUBMISSION_ID = '00000000-0000-4000-8000-000000000033';

const step: TUserStep = {
  id: '00000000-0000-4000-8000-000000000031',
  name: 'The project',
  description: '',
  content: JSON.stringify({
    question: '<p>Tell us about the project.</p>',
    questions: [
      { id: 'title', label: 'Project title', required: true },
      { id: 'partners', label: 'Partners', required: false },
    ],
  }),
  sort: 0,
  stepTypeId: '00000000-0000-4000-8000-000000000032',
  stepType: { name: 'text' },
  subSteps: [],
  stage: 1,
};

function show(problemsShown: boolean, shown: TUserStep = step, readOnly = false, result?: TStepResult) {
  const view = render(
    <MantineProvider>
      <QueryClientProvider client={new QueryClient()}>
        <TextStep
          step={shown}
          submissionId={SUBMISSION_ID}
          result={result}
          readOnly={readOnly}
          onContent={() => {}}
          registerFlush={() => {}}
          problemsShown={problemsShown}
        />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return within(view.container);
}

beforeAll(async () => {
  await initI18n('en');
});
afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

describe('a text step with several questions', () => {
  it('marks the required question left empty once the wizard shows the step’s problems, not before', () => {
    signInForTest();
    const before = show(false);
    expect(before.getByRole('textbox', { name: /Project title/ }).getAttribute('aria-invalid')).not.toBe('true');
    const after = show(true);
    const title = after.getByRole('textbox', { name: /Project title/ });
    expect(title.getAttribute('aria-invalid')).toBe('true');
    expect(after.getByText('Write an answer before going on.')).toBeTruthy();
    // The optional one stays unmarked.
    expect(after.getByRole('textbox', { name: /Partners/ }).getAttribute('aria-invalid')).not.toBe('true');
  });
});

describe('a text step with one question', () => {
  it('names its field "Your answer" to the one writing it, "Answer" once read-only (the funder reads it too)', () => {
    signInForTest();
    const one = { ...step, content: JSON.stringify({ question: '<p>Tell us about the project.</p>' }) };
    expect(show(false, one).getByRole('textbox', { name: 'Your answer' })).toBeTruthy();
    expect(show(false, one, true).getByRole('textbox', { name: 'Answer' })).toBeTruthy();
  });
});

describe('an answer over its question’s limit', () => {
  it('is held back and said not saved, while the step’s other answers are saved', async () => {
    signInForTest();
    const sent = serverKeepingAnswers(SUBMISSION_ID, step.id);
    const limited = {
      ...step,
      content: JSON.stringify({
        questions: [
          { id: 'title', label: 'Project title', required: true, maxLength: 10 },
          { id: 'partners', label: 'Partners', required: false },
        ],
      }),
    };
    const view = show(false, limited);
    const title = view.getByRole('textbox', { name: /Project title/ });
    fireEvent.change(title, { target: { value: 'Orti' } });
    fireEvent.change(title, { target: { value: 'Orti in città 2027' } });
    fireEvent.change(view.getByRole('textbox', { name: /Partners/ }), { target: { value: 'Comune' } });
    await waitFor(() => expect(sent.length).toBeGreaterThan(0), { timeout: 5000 });
    // The partners are saved; the title keeps its last answer within the limit.
    expect(JSON.parse(sent.at(-1) ?? '{}')).toEqual({ answers: { title: 'Orti', partners: 'Comune' } });
    expect((title as HTMLTextAreaElement).value).toBe('Orti in città 2027');
    expect(
      view.getByText(
        '18 characters of the 10 allowed: this answer is not saved until you shorten it (the others are).',
      ),
    ).toBeTruthy();
    // The badge does not say "Saved" while an answer on screen is not.
    await waitFor(() => expect(view.getByTestId('save-status').textContent).toBe('Not saved: 1 answer to mend'));
    // Kept in the browser while held: the step drawn again (another step and back, a reload) shows it.
    cleanup();
    const again = show(false, limited);
    const titleAgain = again.getByRole('textbox', { name: /Project title/ }) as HTMLTextAreaElement;
    expect(titleAgain.value).toBe('Orti in città 2027');
    expect(again.getByText(/18 characters of the 10 allowed/)).toBeTruthy();
    // Shortened, it is saved.
    fireEvent.change(titleAgain, { target: { value: 'Orti 2027' } });
    // (Drawn again without the stored answer here: only the title is on screen to save.)
    await waitFor(() => expect(JSON.parse(sent.at(-1) ?? '{}').answers.title).toBe('Orti 2027'));
    expect(again.queryByText(/allowed/)).toBeNull();
    await waitFor(() => expect(again.getByTestId('save-status').textContent).toBe('Saved'));
  });
});

describe('a number question', () => {
  it('offers the digits, holds back a word typed with its error, and keeps a word saved before, to mend', async () => {
    signInForTest();
    const sent = serverKeepingAnswers(SUBMISSION_ID, step.id);
    const months = {
      ...step,
      content: JSON.stringify({
        questions: [
          { id: 'title', label: 'Project title', required: true },
          { id: 'months', label: 'Duration in months', required: true, kind: 'number' },
          { id: 'people', label: 'People reached', required: false, kind: 'number' },
        ],
      }),
    };
    // Written when the question took any text.
    const stored = {
      id: '00000000-0000-4000-8000-000000000035',
      callSubmissionId: SUBMISSION_ID,
      stepId: step.id,
      content: JSON.stringify({ answers: { title: 'Orti', months: 'twelve' } }),
      score: null,
      version: 1,
      updatedAt: '2027-01-01T00:00:00Z',
    } as TStepResult;
    const view = show(false, months, false, stored);
    const duration = view.getByRole('textbox', { name: /Duration in months/ }) as HTMLInputElement;
    expect(duration.tagName).toBe('INPUT');
    expect(duration.getAttribute('inputmode')).toBe('decimal');
    // The old answer is there, with what to do about it.
    expect(duration.value).toBe('twelve');
    expect(duration.getAttribute('aria-invalid')).toBe('true');
    expect(
      view.getByText('Write a number in digits, without thousands separators (for example 12 or 80000).'),
    ).toBeTruthy();
    // A word typed in another number question is not sent; the title beside it is, the old word unchanged.
    const people = view.getByRole('textbox', { name: /People reached/ });
    fireEvent.change(people, { target: { value: 'many' } });
    expect(
      view.getByText(
        'Write a number in digits, without thousands separators (for example 12 or 80000): this answer is not saved until then (the others are).',
      ),
    ).toBeTruthy();
    fireEvent.change(view.getByRole('textbox', { name: /Project title/ }), { target: { value: 'Orti urbani' } });
    await waitFor(() => expect(sent.length).toBeGreaterThan(0), { timeout: 5000 });
    expect(JSON.parse(sent.at(-1) ?? '{}')).toEqual({ answers: { title: 'Orti urbani', months: 'twelve' } });
    // Mended, it is saved.
    fireEvent.change(duration, { target: { value: '12' } });
    await waitFor(() => expect(JSON.parse(sent.at(-1) ?? '{}').answers.months).toBe('12'), { timeout: 5000 });
    expect(duration.getAttribute('aria-invalid')).not.toBe('true');
  });
});

describe('a save the server refuses', () => {
  it('says why beside "Saving failed"', async () => {
    signInForTest();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        Response.json(
          {
            type: '/problems/validation',
            title: 'The request is not valid',
            status: 400,
            messageKey: 'errors.validation',
            errors: [{ path: 'content.answers.title', messageKey: 'errors.field.tooBig', params: { maximum: 10 } }],
          },
          { status: 400 },
        ),
      ),
    );
    const view = show(false);
    fireEvent.change(view.getByRole('textbox', { name: /Project title/ }), { target: { value: 'Orti' } });
    // Naming the question it is about (the step asks several).
    expect((await view.findByTestId('save-failure', undefined, { timeout: 5000 })).textContent).toBe(
      '“Project title”: The maximum is 10',
    );
    // Read out with "Saving failed", in the one live region that was there all along.
    expect(view.getByTestId('save-failure').closest('[role="status"]')?.textContent).toMatch(
      /The maximum is 10.*failed/i,
    );
  });
});
