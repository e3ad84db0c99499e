import type { TSubmissionListItem } from '@impact/domain';
import { Badge, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * Where an application stands. An application invited to a second stage stays closed (its first
 * stage is sent) while the second is written: it reads "Stage 1 sent" until the second is sent,
 * not "Submitted" beside "Stage 2", which read as if the second stage were in.
 */
export function SubmissionStatusBadge({ submission }: { submission: TSubmissionListItem }) {
  const { t } = useTranslation();
  if (!submission.closed)
    return (
      <Badge color="gray" variant="light">
        {t('adminSubmissions.status.open')}
      </Badge>
    );
  const secondStageUnderWay = submission.stage === 2 && !submission.stageClosedAt;
  return (
    <Badge color={secondStageUnderWay ? 'grape' : 'teal'} variant="light">
      {t(secondStageUnderWay ? 'adminSubmissions.status.stageOneSent' : 'adminSubmissions.status.closed')}
    </Badge>
  );
}

/** The status, and under it the request for changes open on the application, with its due date. */
export function SubmissionStatus({
  submission,
  date,
}: {
  submission: TSubmissionListItem;
  date: (iso: string | null) => string;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap={4} align="flex-start">
      <SubmissionStatusBadge submission={submission} />
      {submission.changesDueAt && (
        <>
          <Badge color="orange" variant="light">
            {t('adminSubmissions.status.changesRequested')}
          </Badge>
          <Text size="xs" c="dimmed">
            {t('adminSubmissions.status.changesDue', { date: date(submission.changesDueAt) })}
          </Text>
        </>
      )}
    </Stack>
  );
}
