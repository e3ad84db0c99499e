import { IconMessages } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { DrawerButton } from '../../../components/drawer-button';
import { CommentsPanel } from './comments-panel';
import { StepCommentBadge } from './step-comment-badge';

type Props = { submissionId: string; organizationId: string; stepId: string; stepName: string; readOnly: boolean };

/** The wizard's one insertion for comments: a button that opens the step's panel in a drawer. */
export function StepCommentsButton({ submissionId, organizationId, stepId, stepName, readOnly }: Props) {
  const { t } = useTranslation();
  return (
    <DrawerButton
      label={t('teamComments.open')}
      icon={<IconMessages size={16} aria-hidden />}
      rightSection={<StepCommentBadge submissionId={submissionId} stepId={stepId} />}
      title={t('teamComments.title', { step: stepName })}
      closeLabel={t('teamComments.close')}
    >
      {() => (
        <CommentsPanel
          submissionId={submissionId}
          organizationId={organizationId}
          stepId={stepId}
          readOnly={readOnly}
        />
      )}
    </DrawerButton>
  );
}
