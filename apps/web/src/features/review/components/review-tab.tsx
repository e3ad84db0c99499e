import { Center, Loader, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { problemText } from '../../../lib/problem-text';
import { useRubric } from '../api/admin';
import { AssignmentsPanel } from './assignments-panel';
import { RankingPanel } from './ranking-panel';
import { ReviewersPanel } from './reviewers-panel';
import { RubricForm } from './rubric-form';

/** The call editor's "Review" tab: rubric, reviewers, assignments, then ranking and decisions. */
export function ReviewTab({ callId }: { callId: string }) {
  const { t } = useTranslation();
  const rubric = useRubric(callId);
  // A failed refresh keeps what was read, and the forms on it with what is typed.
  if (rubric.isError && !rubric.data) return <Text c="red">{problemText(t, rubric.error)}</Text>;
  if (!rubric.data)
    return (
      <Center>
        <Loader aria-label={t('review.loading')} />
      </Center>
    );
  return (
    <Stack>
      <RubricForm callId={callId} data={rubric.data} />
      {/* What comes after the grid, said before it exists: a funder who only wants to decide looks for it here. */}
      {!rubric.data.rubric && (
        <Text c="dimmed" data-testid="review-after-rubric">
          {t('review.afterRubric')}
        </Text>
      )}
      {rubric.data.rubric && (
        <>
          <ReviewersPanel callId={callId} />
          <AssignmentsPanel callId={callId} />
          <RankingPanel callId={callId} />
        </>
      )}
    </Stack>
  );
}
