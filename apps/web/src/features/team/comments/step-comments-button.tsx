import { Button, Drawer } from '@mantine/core';
import { IconMessages } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CommentsPanel } from './comments-panel';
import { StepCommentBadge } from './step-comment-badge';

type Props = { submissionId: string; organizationId: string; stepId: string; stepName: string; readOnly: boolean };

/** The wizard's one insertion for comments: a button that opens the step's panel in a drawer. */
export function StepCommentsButton({ submissionId, organizationId, stepId, stepName, readOnly }: Props) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button
        variant="light"
        size="sm"
        leftSection={<IconMessages size={16} aria-hidden />}
        onClick={() => setOpened(true)}
        aria-haspopup="dialog"
        rightSection={<StepCommentBadge submissionId={submissionId} stepId={stepId} />}
      >
        {t('teamComments.open')}
      </Button>
      <Drawer
        opened={opened}
        onClose={() => setOpened(false)}
        position="right"
        size="lg"
        title={t('teamComments.title', { step: stepName })}
        closeButtonProps={{ 'aria-label': t('teamComments.close') }}
      >
        {opened && (
          <CommentsPanel
            submissionId={submissionId}
            organizationId={organizationId}
            stepId={stepId}
            readOnly={readOnly}
          />
        )}
      </Drawer>
    </>
  );
}
