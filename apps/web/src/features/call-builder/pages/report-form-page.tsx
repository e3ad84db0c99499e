import {
  DEFAULT_LANGUAGE,
  LANGUAGES,
  type TCall,
  type TCallType,
  type TLanguage,
  type TStepType,
  type TUpdateCallRequest,
} from '@impact/domain';
import { Alert, Anchor, Button, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { usePageTitle } from '../../../lib/page-title';
import { useCallByIdAdmin } from '../api/get-call-by-id-admin';
import { useCallType } from '../api/get-call-type';
import { useStepTypes } from '../api/get-step-types';
import { useUpdateCall } from '../api/update-call';
import { basesOf, type CallDraft, callToDraft, draftProblems, draftToUpdateRequest, withSavedIds } from '../call-draft';
import { ContentLanguageSwitch } from '../components/content-language-switch';
import { errorMessage } from '../components/labels';
import { SavedMeanwhileAlert, useSavedMeanwhile } from '../components/saved-meanwhile';
import { StepsTab } from '../components/steps-tab';
import { missingStepTexts } from '../content-language';

/**
 * /admin/report-forms/:formCallId — the questions of a grant report's form (decision 0044): the
 * steps of the plan item's hidden call, edited with the call editor's steps tab and saved with
 * its UpdateCall. Only the steps: the server keeps the form call a draft, with its own name and
 * dates. `?callId=` is the call whose reporting plan led here (the way back).
 */
export function ReportFormPage() {
  const { formCallId = '' } = useParams();
  const { t } = useTranslation();
  const call = useCallByIdAdmin(formCallId);
  const callType = useCallType(call.data?.callTypeId);
  const stepTypes = useStepTypes();
  usePageTitle(t('callBuilder.reportForm.title', { name: call.data?.name ?? '' }));
  // A failed refetch keeps the data: the editor and what is typed in it stay (the error shows only with nothing loaded).
  if (call.isError && !call.data) {
    return (
      <Alert color="red" title={t('callBuilder.editor.notFoundTitle')}>
        {errorMessage(t, call.error)}
      </Alert>
    );
  }
  if (!call.data || callType.isPending || !stepTypes.data) {
    return (
      <Center mih="40vh">
        <Loader aria-label={t('callBuilder.loading')} />
      </Center>
    );
  }
  return <FormEditor key={call.data.id} call={call.data} callType={callType.data} stepTypes={stepTypes.data} />;
}

function FormEditor({
  call,
  callType,
  stepTypes,
}: {
  call: TCall;
  callType: TCallType | undefined;
  stepTypes: TStepType[];
}) {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const planCallId = search.get('callId');
  const update = useUpdateCall();
  const [draft, setDraft] = useState<CallDraft>(() => callToDraft(call));
  // What "save mine" sends once the stored version is read: the draft as it is then, not at the click.
  const latestDraft = useRef(draft);
  latestDraft.current = draft;
  // Counts the versions loaded in place of the draft: the forms that keep their own copy (an open
  // step's form, the description's editor) start again from each.
  const [loads, setLoads] = useState(0);
  const meanwhile = useSavedMeanwhile(call.id, (fresh) => {
    setDraft(callToDraft(fresh));
    setLoads((n) => n + 1);
  });
  const [showErrors, setShowErrors] = useState(false);
  const [language, setLanguage] = useState<TLanguage>(DEFAULT_LANGUAGE);
  const missing = Object.fromEntries(
    LANGUAGES.map((l) => [l, draft.steps.reduce((n, s) => n + missingStepTexts(s, l).length, 0)]),
  ) as Record<TLanguage, number>;

  const save = () => {
    if (draftProblems(draft).steps) return setShowErrors(true);
    send(draftToUpdateRequest(call, callType, draft));
  };
  const send = (request: TUpdateCallRequest) => {
    const sent = latestDraft.current;
    update.mutate(request, {
      onSuccess: (saved) => {
        // The page stays: the next save builds on this one, and the steps it added take their ids
        // (sent again without them, they would be removed and made anew). Each keeps its key, so
        // an open step form stays open; changes made during the save stay too.
        setDraft((d) => ({ ...d, ...basesOf(saved), steps: withSavedIds(d.steps, sent.steps, saved) }));
        notifications.show({ color: 'teal', message: t('callBuilder.reportForm.saved') });
      },
      onError: meanwhile.failed,
    });
  };
  // The same check as Save, on the draft as it is now; the choice stays offered when it stops it.
  const saveMine = () => {
    if (draftProblems(latestDraft.current).steps) return setShowErrors(true);
    meanwhile.saveMineWithSteps((stored, storedType) =>
      send({ ...draftToUpdateRequest(call, storedType, latestDraft.current), ...basesOf(stored) }),
    );
  };

  return (
    <Stack gap="lg">
      {planCallId && (
        <Anchor component={Link} to={`/admin/calls/${planCallId}`} size="sm">
          {t('callBuilder.reportForm.back')}
        </Anchor>
      )}
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <Stack gap={4}>
          <Title order={1}>{t('callBuilder.reportForm.title', { name: call.name })}</Title>
          <Text size="sm" c="dimmed">
            {t('callBuilder.reportForm.intro')}
          </Text>
          {/* The questions are the form's, not this report's: another report on the same form asks them too. */}
          {callType?.name.trim() && (
            <Text size="sm" data-testid="report-form-name">
              {t('callBuilder.reportForm.formName', { name: callType.name.trim() })}
            </Text>
          )}
        </Stack>
        <Button leftSection={<IconDeviceFloppy size={18} aria-hidden />} onClick={save} loading={update.isPending}>
          {t('callBuilder.reportForm.save')}
        </Button>
      </Group>
      {meanwhile.shown && (
        <SavedMeanwhileAlert
          onLoadTheirs={meanwhile.loadTheirs}
          onSaveMine={saveMine}
          busy={update.isPending || meanwhile.reading}
        />
      )}
      <ContentLanguageSwitch value={language} onChange={setLanguage} missing={missing} />
      <StepsTab
        key={loads}
        steps={draft.steps}
        stepTypes={stepTypes}
        showErrors={showErrors}
        onChange={(steps) => setDraft((d) => ({ ...d, steps }))}
        language={language}
        help={t('callBuilder.reportForm.stepsHelp', { save: t('callBuilder.reportForm.save') })}
        reportForm
      />
    </Stack>
  );
}
