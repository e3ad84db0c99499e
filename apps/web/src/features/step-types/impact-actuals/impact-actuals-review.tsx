import { parseImpactActualsAnswer } from '@impact/domain';
import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ReviewSectionProps } from '../../step-kit/review-sections';
import { ActualsTable, RatiosPanel } from './actuals-table';

/** The reviewer's view of a report's impact actuals: forecast against actual, both ratios. */
export function ImpactActualsReview({ section }: ReviewSectionProps) {
  const { t } = useTranslation();
  const answer = parseImpactActualsAnswer(section.answers);
  if (!answer?.forecast) return <Text c="dimmed">{t('review.workspace.noAnswer')}</Text>;
  return (
    <Stack gap="md">
      <ActualsTable forecast={answer.forecast} values={answer.values} />
      <RatiosPanel forecast={answer.forecastSroi} actual={answer.actualSroi} />
    </Stack>
  );
}
