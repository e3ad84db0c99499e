import type { TReviewWorkspace } from '@impact/domain';
import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../../../lib/i18n/i18n';
import { SurveyReview } from './survey-review';

const model = {
  elements: [
    { type: 'radiogroup', name: 'need', title: 'Need', choices: [{ value: 'money', text: 'Money' }] },
    { type: 'boolean', name: 'partner', title: 'Partner?' },
  ],
};
const show = (answers: unknown) =>
  render(
    <MantineProvider>
      <SurveyReview
        section={{
          stepId: 's',
          sectionName: 'S',
          stepType: 'survey',
          questions: JSON.stringify(model),
          answers: JSON.stringify(answers),
        }}
        workspace={{} as TReviewWorkspace}
        downloadFile={() => {}}
      />
    </MantineProvider>,
  );

beforeAll(async () => {
  await initI18n('en');
});

describe("the reviewer's view of survey answers", () => {
  it('shows each question with its answer in words, yes and no as words', () => {
    show({ need: 'money', partner: false });
    expect(screen.getByText('Need')).toBeTruthy();
    expect(screen.getByText('Money')).toBeTruthy();
    expect(screen.getByText('no')).toBeTruthy();
    expect(screen.queryByText(/only in the PDF/)).toBeNull();
  });

  it('says when some answers are only in the PDF (a kind or a name it cannot place)', () => {
    show({ need: 'money', grid: [{ a: 1 }] });
    expect(screen.getByText('Money')).toBeTruthy();
    expect(screen.getByText(/only in the PDF/)).toBeTruthy();
  });
});
