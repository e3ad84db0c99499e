import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useStepComments } from './api/get-step-comments';

/**
 * The step menu's count of a step's open threads (nothing when none). Every step's badge reads the
 * same cached answer: one request for the whole menu.
 */
export function StepCommentBadge({ submissionId, stepId }: { submissionId: string; stepId: string }) {
  const { t } = useTranslation();
  const open = useStepComments(submissionId).data?.openByStep[stepId] ?? 0;
  if (open === 0) return null;
  const label = t('teamComments.badge', { count: open });
  return (
    <>
      {/* The figure for the eye, the words for screen readers, after the step's name (a comma, as
          names join their parts without spaces). */}
      <Badge component="span" size="sm" variant="light" color="blue" circle aria-hidden title={label} ml={6}>
        {open}
      </Badge>
      <span className="visually-hidden">{`, ${label}`}</span>
    </>
  );
}
