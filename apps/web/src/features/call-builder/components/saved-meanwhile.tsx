import type { TCall, TCallType } from '@impact/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SavedMeanwhileAlert as SharedAlert, useFocusKeptWhenHidden } from '../../../components/saved-meanwhile-alert';
import { ApiError } from '../../../lib/api-client';
import { getCallByIdAdmin } from '../api/get-call-by-id-admin';
import { getCallType } from '../api/get-call-type';
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
  const [reading, setReading] = useState(false);
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
  /** A choice's reads: busy meanwhile; a failure leaves the choice offered and is told. */
  const whileReading = <T,>(read: () => Promise<T>, use: (value: T) => void | Promise<void>) => {
    setReading(true);
    read()
      .then(use)
      .catch(failed)
      .finally(() => setReading(false));
  };
  return {
    shown,
    failed,
    /** Reading the stored version for a choice: the alert stays, busy, until it is read. */
    reading,
    /**
     * Mine over theirs: sent with the version stored now as its base, so that only what the
     * person was told about is replaced (a save landing meanwhile is refused again).
     */
    saveMine: (send: (stored: TCall) => void) =>
      whileReading(stored, (call) => {
        setShown(false);
        send(call);
      }),
    /**
     * The same for an editor that sends the steps: the call type's name and description go with
     * them, sent as stored now too, not as the editor first loaded them.
     */
    saveMineWithSteps: (send: (stored: TCall, storedType: TCallType) => void) =>
      whileReading(stored, async (call) => {
        const type = await queryClient.fetchQuery({
          queryKey: [...callBuilderKeys.callTypes(), call.callTypeId],
          queryFn: () => getCallType(call.callTypeId),
          staleTime: 0,
        });
        setShown(false);
        send(call, type);
      }),
    loadTheirs: () =>
      whileReading(stored, async (fresh) => {
        await queryClient.invalidateQueries({ queryKey: callBuilderKeys.all });
        replaceDraft(fresh);
        setShown(false);
      }),
  };
}

/** The call editors' alert: the shared one, in the call builder's words. */
export function SavedMeanwhileAlert(props: { onLoadTheirs: () => void; onSaveMine: () => void; busy: boolean }) {
  const { t } = useTranslation();
  const texts = {
    title: t('callBuilder.savedMeanwhile.title'),
    body: t('callBuilder.savedMeanwhile.body'),
    loadTheirs: t('callBuilder.savedMeanwhile.loadTheirs'),
    saveMine: t('callBuilder.savedMeanwhile.saveMine'),
  };
  return <SharedAlert texts={texts} {...props} />;
}
