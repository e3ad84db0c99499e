import { Button, Drawer, Loader, Text } from '@mantine/core';
import { IconHistory } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { problemText } from '../../../lib/problem-text';
import type { StepHistoryProps } from '../../step-kit/step-history-slot';
import { useStepHistory } from './api/get-step-history';
import { useRestoreStepVersion } from './api/restore-step-version';

// The panel and its diff library load when a history is first opened, not with the wizard.
const StepHistoryPanel = lazy(() => import('./step-history-panel').then((m) => ({ default: m.StepHistoryPanel })));

/**
 * The wizard's "History" button for the current step and the drawer it opens (given to the
 * wizard by app/wizard-page.tsx). What happened to a restore is said in a polite live region.
 */
export function StepHistoryButton({ submissionId, stepId, stepName, beforeRestore, onRestored }: StepHistoryProps) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const [said, setSaid] = useState('');
  const history = useStepHistory(submissionId, stepId, opened);
  const restore = useRestoreStepVersion();

  const restoreVersion = async (version: number) => {
    setSaid('');
    // The typing not yet saved goes first: the restore is then based on it, and it stays in the history.
    if (!(await beforeRestore())) {
      setSaid(t('team.history.notSaved'));
      return;
    }
    try {
      await restore.mutateAsync({ submissionId, stepId, version });
      await onRestored();
      setSaid(t('team.history.restored', { version }));
    } catch (err) {
      setSaid(problemText(t, err));
    }
  };

  return (
    <>
      <Button
        variant="default"
        size="xs"
        leftSection={<IconHistory size={16} aria-hidden />}
        onClick={() => setOpened(true)}
      >
        {t('team.history.open')}
      </Button>
      <Drawer
        opened={opened}
        onClose={() => setOpened(false)}
        position="right"
        size="md"
        title={t('team.history.title', { step: stepName })}
      >
        <div role="status" aria-live="polite">
          {said && (
            <Text size="sm" mb="sm">
              {said}
            </Text>
          )}
        </div>
        {history.data ? (
          <Suspense fallback={<Loader size="sm" aria-label={t('team.history.loading')} />}>
            <StepHistoryPanel history={history.data} onRestore={restoreVersion} />
          </Suspense>
        ) : history.isError ? (
          <Text size="sm" role="alert">
            {problemText(t, history.error)}
          </Text>
        ) : (
          <Loader size="sm" aria-label={t('team.history.loading')} />
        )}
      </Drawer>
    </>
  );
}
