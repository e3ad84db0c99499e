import type { TSubmissionListItem } from '@impact/domain';
import { Badge, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * The stage a submission reached (docs/decisions/0034): 1, or 2 once invited, with the second
 * stage's deadline until it is submitted, then when it was.
 */
export function StageCell({
  submission,
  date,
}: {
  submission: TSubmissionListItem;
  date: (iso: string | null) => string;
}) {
  const { t } = useTranslation();
  if (submission.stage === 1)
    return (
      <Badge color="gray" variant="light">
        {t('adminSubmissions.stage.one')}
      </Badge>
    );
  return (
    <Stack gap={2}>
      <Badge color={submission.stageClosedAt ? 'teal' : 'grape'} variant="light">
        {t('adminSubmissions.stage.two')}
      </Badge>
      <Text size="xs" c="dimmed">
        {submission.stageClosedAt
          ? t('adminSubmissions.stage.submittedOn', { date: date(submission.stageClosedAt) })
          : t('adminSubmissions.stage.deadline', { date: date(submission.stageClosingAt) })}
      </Text>
    </Stack>
  );
}
