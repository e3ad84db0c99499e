import type { TCall } from '@impact/domain';
import { Alert, Button, Group, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { getCallByIdAdmin } from '../api/get-call-by-id-admin';
import { callBuilderKeys } from '../api/keys';
import { showUpdateError } from './update-error-notice';

/**
 * A save of the call refused because it was saved by someone else since the editor loaded it
 * (`basedOnUpdatedAt`, 409 errors.calls.changedSince) shows the choice; any other failure, of a
 * save or of the choice itself, the editors' error notice (`failed`). `loadTheirs` reads the call
 * again and hands it to the editor in place of its draft; `saveMine` sends the draft again over the
 * version stored now.
 */
export function useSavedMeanwhile(callId: string, replaceDraft: (fresh: TCall) => void) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [shown, setShown] = useState(false);
  useFocusKeptWhenHidden(shown);
  const failed = (error: unknown) => {
    if (error instanceof ApiError && error.problem.messageKey === 'errors.calls.changedSince') setShown(true);
    else showUpdateError(t, error);
  };
  const stored = () =>
    queryClient.fetchQuery({
      queryKey: callBuilderKeys.call(callId),
      queryFn: () => getCallByIdAdmin(callId),
      staleTime: 0,
    });
  return {
    shown,
    failed,
    /**
     * Mine over theirs: sent with the version stored now as its base, so that only what the
     * person was told about is replaced (a save landing meanwhile is refused again).
     */
    saveMine: (send: (stored: TCall) => void) => {
      setShown(false);
      stored().then(send, failed);
    },
    loadTheirs: () => {
      stored()
        .then(async (fresh) => {
          await queryClient.invalidateQueries({ queryKey: callBuilderKeys.all });
          replaceDraft(fresh);
          setShown(false);
        })
        .catch(failed);
    },
  };
}

/**
 * The alert's buttons go with it: once a choice hides it, focus would fall to the page's body and
 * a keyboard user would start again from the top of the document. It goes to the page's main
 * region instead (the layout's `#main`, the skip link's target), where the next Tab continues.
 */
function useFocusKeptWhenHidden(shown: boolean) {
  const wasShown = useRef(false);
  useEffect(() => {
    if (wasShown.current && !shown) {
      const lost = document.activeElement === null || document.activeElement === document.body;
      if (lost) document.getElementById('main')?.focus({ preventScroll: true });
    }
    wasShown.current = shown;
  }, [shown]);
}

/**
 * Shown instead of saving over another administrator's work: the editor's changes stay on screen
 * until the person chooses to load the other version (dropping the changes) or to save the changes
 * over it.
 */
export function SavedMeanwhileAlert({
  onLoadTheirs,
  onSaveMine,
  busy,
}: {
  onLoadTheirs: () => void;
  onSaveMine: () => void;
  busy: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Alert color="orange" role="alert" title={t('callBuilder.savedMeanwhile.title')}>
      <Text size="sm">{t('callBuilder.savedMeanwhile.body')}</Text>
      <Group gap="sm" mt="sm">
        <Button variant="default" onClick={onLoadTheirs} disabled={busy}>
          {t('callBuilder.savedMeanwhile.loadTheirs')}
        </Button>
        <Button onClick={onSaveMine} loading={busy}>
          {t('callBuilder.savedMeanwhile.saveMine')}
        </Button>
      </Group>
    </Alert>
  );
}
