import type { TUserStep } from '@impact/domain';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n/i18n';
import { signInForTest } from '../../../lib/test-session';
import { TextStep } from './text-step';

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

function show(problemsShown: boolean, shown: TUserStep = step, readOnly = false) {
  const view = render(
    <MantineProvider>
      <QueryClientProvider client={new QueryClient()}>
        <TextStep
          step={shown}
          submissionId="00000000-0000-4000-8000-000000000033"
          result={undefined}
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
