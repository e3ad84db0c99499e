import { budgetAnswerInputOf, budgetContentOf } from '@impact/domain';
import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ReviewSectionProps } from '../../step-kit/review-sections';
import { BudgetReadOnly } from './budget-table';

/** The reviewer's view of a budget: the lines, the co-funding and the totals, as the PDF prints them. */
export function BudgetReview({ section }: ReviewSectionProps) {
  const { t } = useTranslation();
  const def = budgetContentOf(section.questions);
  const answer = budgetAnswerInputOf(section.answers);
  if (!def || !answer) return <Text c="dimmed">{t('review.workspace.noAnswer')}</Text>;
  return <BudgetReadOnly def={def} answer={answer} />;
}
