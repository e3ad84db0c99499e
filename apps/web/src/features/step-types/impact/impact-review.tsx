import { recordCurrency } from '@impact/domain';
import { List, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FrameworkText } from '../../../components/framework-text';
import { fixedNumber, money } from '../../../lib/number-formats';
import type { ReviewSectionProps } from '../../step-kit/review-sections';

/** The reviewer's view of an impact design: the SROI range, the budget, the SDGs and the outcomes. */
export function ImpactReview({ section, workspace }: ReviewSectionProps) {
  const { t, i18n } = useTranslation();
  const ratio = (n: number | null) => fixedNumber(n, i18n.language, 2);
  const design = workspace.submission.miniDyi.find((d) => d.stepId === section.stepId);
  if (!design) return <Text c="dimmed">{t('review.workspace.noAnswer')}</Text>;
  return (
    <Stack gap={4}>
      <Text>
        {t('labelled', { label: t('review.workspace.sroi') })} <strong>{ratio(design.sroi.score)}</strong> (
        {ratio(design.sroi.lowerScore)}–{ratio(design.sroi.upperScore)})
      </Text>
      <Text size="sm">
        {t('labelled', { label: t('review.workspace.budget') })}{' '}
        {money(design.budget, i18n.language, recordCurrency(workspace.submission.sectionsForPDF))} ·{' '}
        {t('labelled', { label: t('review.workspace.sdgs') })} {design.sdg.join(', ') || '—'}
      </Text>
      <List size="sm">
        {design.selectedOutcomes.map((o) => (
          <List.Item key={`${o.stakeholderName}-${o.outcomeName}`}>
            <FrameworkText>{o.stakeholderName}</FrameworkText>:{' '}
            <FrameworkText fromFramework={o.sdg !== null}>{o.outcomeName}</FrameworkText>
          </List.Item>
        ))}
      </List>
    </Stack>
  );
}
