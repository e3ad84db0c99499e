import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../../../lib/i18n/i18n';
import { SubmissionResults } from './submission-results';

const show = (quizzesAfterSubmit: boolean, quizzesOnly = false) =>
  render(
    <MantineProvider>
      <SubmissionResults
        results={{ locked: false, lockEnd: null, scoreRanges: [], quizzes: [], quizzesAfterSubmit }}
        quizzesOnly={quizzesOnly}
      />
    </MantineProvider>,
  );

beforeAll(async () => {
  await initI18n('en');
});

describe('the results of a submission', () => {
  it('says a quiz’s results come once the application is submitted, where the server kept them back', () => {
    const { unmount } = show(true);
    expect(screen.getByText('The quiz results are shown once the application is submitted.')).toBeTruthy();
    unmount();
    show(true, true);
    expect(screen.getByTestId('quiz-after-submit')).toBeTruthy();
  });

  it('says nothing of quizzes when there are none to come', () => {
    show(false);
    expect(screen.queryByTestId('quiz-after-submit')).toBeNull();
    expect(screen.getByText('There are no results to show yet.')).toBeTruthy();
  });
});
