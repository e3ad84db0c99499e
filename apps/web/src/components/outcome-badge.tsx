import type { TDecisionOutcome } from '@impact/domain';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const OUTCOME_COLOR = { accepted: 'teal', rejected: 'red', waitingList: 'yellow' } as const;

/** A decision's outcome, worded and coloured the same wherever it is shown. */
export function OutcomeBadge({ outcome }: { outcome: TDecisionOutcome }) {
  const { t } = useTranslation();
  return (
    <Badge color={OUTCOME_COLOR[outcome]} variant="light">
      {t(`review.outcome.${outcome}`)}
    </Badge>
  );
}
