import {
  DEFAULT_LANGUAGE,
  LANGUAGES,
  type TCall,
  type TCallType,
  type TLanguage,
  type TStepType,
  type TUpdateCallRequest,
} from '@impact/domain';
import {
  Alert,
  Anchor,
  Badge,
  Breadcrumbs,
  Button,
  Center,
  Group,
  Loader,
  Stack,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDeviceFloppy, IconWorldUpload } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { type ComponentType, Suspense, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { openConfirmDialog } from '../../../lib/confirm-dialog';
import { usePageTitle } from '../../../lib/page-title';
import { UnsavedPart, useUnsavedRegistry } from '../../../lib/unsaved-changes';
import { useDeleteCall } from '../api/delete-call';
import { useCallByIdAdmin } from '../api/get-call-by-id-admin';
import { useCallType } from '../api/get-call-type';
import { useStepTypes } from '../api/get-step-types';
import { callBuilderKeys } from '../api/keys';
import { useUpdateCall } from '../api/update-call';
import {
  basesOf,
  type CallDraft,
  callToDraft,
  draftProblems,
  draftToUpdateRequest,
  unfinishedSteps,
} from '../call-draft';
import { ContentLanguageSwitch } from '../components/content-language-switch';
import { EmailTab } from '../components/email-tab';
import { GeneralInfoTab } from '../components/general-info-tab';
import { errorMessage } from '../components/labels';
import { LeaveUnsavedDialog, useLeaveGuard } from '../components/leave-unsaved-dialog';
import { PowerBiTab } from '../components/powerbi-tab';
import { SavedMeanwhileAlert, useSavedMeanwhile } from '../components/saved-meanwhile';
import { StepsTab } from '../components/steps-tab';
import { type SurveyBuilderComponent, SurveyBuilderSlot } from '../components/survey-builder-slot';
import { missingTexts } from '../content-language';

/** The editor's tabs that belong to other features (app/call-editor-page.tsx passes them). */
type Props = {
  /** The call's file for applicants, from the admin file library; `onSaved` reads the call again. */
  CustomFileTab: ComponentType<{ call: TCall; onSaved: () => Promise<unknown> }>;
  /** Rubric, reviewers, assignments and decisions of a published call. */
  ReviewTab: ComponentType<{ callId: string }>;
  /** The grants that accepted decisions made, their terms and award letters. */
  GrantsTab: ComponentType<{ callId: string }>;
  /** Reminders before closing and nudges, with what was sent. */
  RemindersTab: ComponentType<{ callId: string }>;
  /** The visual survey builder the survey and quiz step editors show. */
  SurveyBuilder?: SurveyBuilderComponent;
  /** The call's eligibility screener, its rules, preview and screenings. */
  ScreenerTab?: ComponentType<{ callId: string }>;
};

/** /admin/calls/:callId — the call editor (SPEC 2): General Info, steps, PowerBI. */
/** Tries over the next frames (the tab it switched to draws, lazily, first): a field in error in the tab
 * shown (the others stay mounted, hidden), or the steps' alert (a step without a type is said there). */
function focusFirstProblem(tries = 80) {
  setTimeout(() => {
    const shown = '[role="tabpanel"]:not([style*="display: none"])';
    const target = document.querySelector<HTMLElement>(`${shown} [aria-invalid="true"], ${shown} [data-save-problem]`);
    if (target) target.focus();
    else if (tries > 1) focusFirstProblem(tries - 1);
  }, 25);
}

export function CallEditorPage(tabs: Props) {
  const { callId = '' } = useParams();
  const { t } = useTranslation();
  const call = useCallByIdAdmin(callId);
  const callType = useCallType(call.data?.callTypeId);
  const stepTypes = useStepTypes();

  // A failed refetch keeps the data: the editor and what is typed in it stay (the error shows only with nothing loaded).
  if (call.isError && !call.data) {
    return (
      <Stack>
        <Alert color="red" title={t('callBuilder.editor.notFoundTitle')}>
          {errorMessage(t, call.error)}
        </Alert>
        <Anchor component={Link} to="/admin?tab=calls">
          {t('callBuilder.backToList')}
        </Anchor>
      </Stack>
    );
  }
  if (!call.data || callType.isPending || !stepTypes.data) {
    return (
      <Center mih="40vh">
        <Loader aria-label={t('callBuilder.loading')} />
      </Center>
    );
  }
  return (
    <SurveyBuilderSlot.Provider value={tabs.SurveyBuilder ?? null}>
      <CallEditor key={call.data.id} call={call.data} callType={callType.data} stepTypes={stepTypes.data} tabs={tabs} />
    </SurveyBuilderSlot.Provider>
  );
}

function CallEditor({
  call,
  callType,
  stepTypes,
  tabs: { CustomFileTab, ReviewTab, GrantsTab, RemindersTab, ScreenerTab },
}: {
  call: TCall;
  callType: TCallType | undefined;
  stepTypes: TStepType[];
  tabs: Props;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const update = useUpdateCall();
  const [draft, setDraft] = useState<CallDraft>(() => callToDraft(call));
  // The draft as last loaded: what differs from it is not saved yet.
  const [loaded, setLoaded] = useState(draft);
  // What "save mine" sends once the stored version is read: the draft as it is then, not at the click.
  const latestDraft = useRef(draft);
  latestDraft.current = draft;
  // Counts the versions loaded in place of the draft: the forms that keep their own copy of it (an
  // open step's form, the description's editor) start again from each; the other tabs keep theirs.
  const [loads, setLoads] = useState(0);
  const meanwhile = useSavedMeanwhile(call.id, (fresh) => {
    const theirs = callToDraft(fresh);
    setDraft(theirs);
    setLoaded(theirs);
    setLoads((n) => n + 1);
  });
  // A tab named in the address opens first (a grant's page links back to the call's grants), and
  // the tab chosen is written there in place: Back from a page opened on it returns to it.
  const [search, setSearch] = useSearchParams();
  const [tab, showTab] = useState<string | null>(() => search.get('tab') ?? 'general');
  // A tab once opened stays mounted, hidden, so what is typed in it and not saved survives
  // opening another (forms that save on their own, a step's form until "Save step"; the call's
  // own fields live in the draft).
  const [opened, setOpened] = useState<ReadonlySet<string>>(() => new Set([tab ?? 'general']));
  const setTab = (value: string | null) => {
    showTab(value);
    if (value) setOpened((o) => (o.has(value) ? o : new Set(o).add(value)));
    if (value)
      setSearch(
        (current) => {
          const next = new URLSearchParams(current);
          next.set('tab', value);
          return next;
        },
        { replace: true },
      );
  };
  const [showErrors, setShowErrors] = useState(false);
  const [language, setLanguage] = useState<TLanguage>(DEFAULT_LANGUAGE);
  const missing = Object.fromEntries(LANGUAGES.map((l) => [l, missingTexts(draft, l).length])) as Record<
    TLanguage,
    number
  >;
  const problems = draftProblems(draft);
  const typeName = (id: string) => stepTypes.find((s) => s.id === id)?.name;
  // What keeps the call from being published (a draft may keep it): a published call's steps
  // only where changed since loaded, as the server judges them.
  const unfinished = unfinishedSteps(draft.steps, typeName, call.draft ? undefined : loaded.steps);
  // Whether the last save asked to keep the call a draft: "save mine" sends the same.
  const keepingDraft = useRef(false);
  const change = (patch: Partial<CallDraft>) => setDraft((d) => ({ ...d, ...patch }));
  const discard = useDeleteCall();
  const tabLabels: Record<string, string> = {
    general: t('callBuilder.editor.tabs.general'),
    steps: t('callBuilder.editor.tabs.steps'),
    powerbi: t('callBuilder.editor.tabs.powerBi'),
    customFile: t('callBuilder.editor.tabs.customFile'),
    email: t('callBuilder.editor.tabs.email'),
    reminders: t('reminders.tab'),
    screener: t('callBuilder.editor.tabs.screener'),
    review: t('review.tab'),
    grants: t('grants.tab'),
  };
  // Leaving asks first while anything typed is not saved: the call's own fields, or a tab's form.
  const unsaved = useUnsavedRegistry();
  const draftChanged = useMemo(() => JSON.stringify(draft) !== JSON.stringify(loaded), [draft, loaded]);
  const leave = useLeaveGuard(draftChanged ? ['call', ...unsaved.parts] : unsaved.parts);
  // A draft saved at least once holds work (its discard asks first, its heading names it); one just
  // made by "New call" holds a name.
  const savedOnce = call.updatedAt !== call.createdAt || call.steps.length > 0;
  const heading = !call.draft
    ? t('callBuilder.editor.title')
    : savedOnce
      ? t('callDraft.savedTitle', { name: call.name || t('callBuilder.editor.untitled') })
      : t('callDraft.newTitle');
  usePageTitle(
    call.draft ? heading : t('callDraft.editTitle', { name: call.name || t('callBuilder.editor.untitled') }),
  );
  // Cancelling a new call discards the draft, so no empty call is left behind.
  const cancel = () => {
    // Cancel gives up the call's own changes; a tab's form not saved is still asked about, unless
    // the draft goes as a whole (asked after its deletion, staying would keep a call that is gone).
    if (!call.draft) {
      leave.settle('call');
      return void navigate('/admin?tab=calls');
    }
    const discardNow = () => {
      leave.settleAll();
      // The promise, not mutate's callbacks: those are dropped when the editor unmounts meanwhile.
      void discard.mutateAsync(call.id).finally(() => void navigate('/admin?tab=calls'));
    };
    if (!savedOnce) return discardNow();
    openConfirmDialog({
      title: t('callDraft.discardConfirmTitle'),
      children: <Text size="sm">{t('callDraft.discardConfirmBody')}</Text>,
      labels: { confirm: t('callDraft.discard'), cancel: t('callDraft.keep') },
      confirmProps: { color: 'red' },
      onConfirm: discardNow,
    });
  };

  /** Whether the editor's own checks stop `checked` from being sent: then it shows them, on their tab. */
  const stoppedByProblems = (checked: CallDraft, publishing: boolean) => {
    const { steps, ...general } = draftProblems(checked);
    const halfFinished =
      publishing && unfinishedSteps(checked.steps, typeName, call.draft ? undefined : loaded.steps).length > 0;
    const stopping = Object.values(general).some(Boolean) ? 'general' : steps || halfFinished ? 'steps' : null;
    if (!stopping) return false;
    setShowErrors(true);
    setTab(stopping);
    // The keyboard (and the eye) go to the first field the save stopped on: its error could sit
    // below the fold with the focus left on Save.
    focusFirstProblem();
    return true;
  };
  /** Saves the call, kept a draft or published (a published call is saved published). */
  const save = (keepDraft: boolean) => {
    keepingDraft.current = keepDraft;
    if (!stoppedByProblems(draft, !keepDraft))
      send({ ...draftToUpdateRequest(call, callType, draft), draft: keepDraft });
  };
  const send = (request: TUpdateCallRequest) => {
    update.mutate(request, {
      onSuccess: (saved) => {
        // The editor goes on from the call as saved (its new version, its steps' ids), should the
        // way to the list be stopped to ask about a tab's form, and the person stay. Not drawn
        // anew (no `loads`): a step's form open with changes keeps them (its step keeps its key).
        const fresh = callToDraft(saved);
        setDraft(fresh);
        setLoaded(fresh);
        leave.settle('call');
        // A draft saved stays open: a call is built over days, and applicants do not see it yet.
        if (saved.draft) {
          notifications.show({ color: 'orange', message: t('callDraft.savedAsDraft') });
          return;
        }
        const message = call.draft ? 'callDraft.published' : 'callBuilder.notifications.callUpdated';
        notifications.show({ color: 'teal', message: t(message) });
        void navigate('/admin?tab=calls');
      },
      onError: meanwhile.failed,
    });
  };
  // The same checks as Save, on the draft as it is now; the choice stays offered when they stop it.
  const saveMine = () => {
    if (stoppedByProblems(latestDraft.current, !keepingDraft.current)) return;
    meanwhile.saveMineWithSteps((stored, storedType) =>
      send({
        ...draftToUpdateRequest(call, storedType, latestDraft.current),
        ...basesOf(stored),
        // Published meanwhile by the other person: it stays so (a published call is no draft again).
        draft: stored.draft ? keepingDraft.current : false,
      }),
    );
  };

  return (
    <Stack gap="lg">
      <Breadcrumbs>
        <Anchor component={Link} to="/admin?tab=calls">
          {t('callBuilder.list.title')}
        </Anchor>
        <Text>{draft.name.trim() || t('callBuilder.editor.untitled')}</Text>
      </Breadcrumbs>
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <Stack gap={4}>
          <Title order={1}>{heading}</Title>
          {call.draft && (
            <Text size="sm" c="dimmed">
              {t('callDraft.hint')}
            </Text>
          )}
          {draft.savedLockEnd && (
            <Badge color="orange" variant="light">
              {t('callBuilder.lock.badge')}
            </Badge>
          )}
        </Stack>
        <Group gap="sm">
          <Button variant="default" onClick={cancel} loading={discard.isPending}>
            {call.draft ? t('callDraft.discard') : t('callBuilder.cancel')}
          </Button>
          {/* SPEC 5: save is disabled while the name is empty. */}
          {call.draft ? (
            <>
              <Button
                variant="default"
                leftSection={<IconDeviceFloppy size={18} />}
                onClick={() => save(true)}
                disabled={!draft.name.trim()}
                loading={update.isPending && keepingDraft.current}
              >
                {t('callDraft.saveDraft')}
              </Button>
              <Button
                leftSection={<IconWorldUpload size={18} />}
                onClick={() => save(false)}
                disabled={!draft.name.trim()}
                loading={update.isPending && !keepingDraft.current}
              >
                {t('callDraft.publish')}
              </Button>
            </>
          ) : (
            <Button
              leftSection={<IconDeviceFloppy size={18} />}
              onClick={() => save(false)}
              disabled={!draft.name.trim()}
              loading={update.isPending}
            >
              {t('callBuilder.editor.save')}
            </Button>
          )}
        </Group>
      </Group>
      {meanwhile.shown && (
        <SavedMeanwhileAlert
          onLoadTheirs={meanwhile.loadTheirs}
          onSaveMine={saveMine}
          busy={update.isPending || meanwhile.reading}
        />
      )}
      <ContentLanguageSwitch value={language} onChange={setLanguage} missing={missing} />
      {/* Hidden tabs stay mounted as they are (not React's Activity): their forms keep reporting
          what they hold unsaved, and an editor in them is not torn down and built again. */}
      <Tabs value={tab} onChange={setTab} keepMounted={false} keepMountedMode="display-none">
        <Tabs.List mb="md">
          <Tabs.Tab value="general">{tabLabels.general}</Tabs.Tab>
          <Tabs.Tab
            value="steps"
            rightSection={
              <Badge size="xs" variant="light" circle>
                {draft.steps.length}
              </Badge>
            }
          >
            {tabLabels.steps}
          </Tabs.Tab>
          <Tabs.Tab value="powerbi">{tabLabels.powerbi}</Tabs.Tab>
          <Tabs.Tab value="customFile">{tabLabels.customFile}</Tabs.Tab>
          <Tabs.Tab value="email">{tabLabels.email}</Tabs.Tab>
          <Tabs.Tab value="reminders">{tabLabels.reminders}</Tabs.Tab>
          {ScreenerTab && <Tabs.Tab value="screener">{tabLabels.screener}</Tabs.Tab>}
          {!call.draft && <Tabs.Tab value="review">{tabLabels.review}</Tabs.Tab>}
          {!call.draft && <Tabs.Tab value="grants">{tabLabels.grants}</Tabs.Tab>}
        </Tabs.List>
        <Tabs.Panel value="general">
          <GeneralInfoTab
            key={loads}
            draft={draft}
            problems={problems}
            showErrors={showErrors}
            onChange={change}
            onOpenPowerBi={() => setTab('powerbi')}
            language={language}
          />
        </Tabs.Panel>
        <Tabs.Panel value="steps" keepMounted={opened.has('steps')}>
          <UnsavedPart registry={unsaved.registry} name="steps">
            <StepsTab
              key={loads}
              steps={draft.steps}
              stepTypes={stepTypes}
              showErrors={showErrors}
              onChange={(steps) => change({ steps })}
              language={language}
              unfinished={unfinished}
            />
          </UnsavedPart>
        </Tabs.Panel>
        <Tabs.Panel value="powerbi">
          <PowerBiTab draft={draft} onChange={change} />
        </Tabs.Panel>
        <Tabs.Panel value="customFile" keepMounted={opened.has('customFile')}>
          <CustomFileTab
            call={call}
            onSaved={() => queryClient.invalidateQueries({ queryKey: callBuilderKeys.call(call.id) })}
          />
        </Tabs.Panel>
        <Tabs.Panel value="email" keepMounted={opened.has('email')}>
          <UnsavedPart registry={unsaved.registry} name="email">
            <EmailTab callId={call.id} language={language} />
          </UnsavedPart>
        </Tabs.Panel>
        <Tabs.Panel value="reminders" keepMounted={opened.has('reminders')}>
          <UnsavedPart registry={unsaved.registry} name="reminders">
            <RemindersTab callId={call.id} />
          </UnsavedPart>
        </Tabs.Panel>
        {ScreenerTab && (
          <Tabs.Panel value="screener" keepMounted={opened.has('screener')}>
            <Suspense
              fallback={
                <Center>
                  <Loader aria-label={t('callBuilder.loading')} />
                </Center>
              }
            >
              <UnsavedPart registry={unsaved.registry} name="screener">
                <ScreenerTab callId={call.id} />
              </UnsavedPart>
            </Suspense>
          </Tabs.Panel>
        )}
        {!call.draft && (
          <Tabs.Panel value="review" keepMounted={opened.has('review')}>
            <UnsavedPart registry={unsaved.registry} name="review">
              <ReviewTab callId={call.id} />
            </UnsavedPart>
          </Tabs.Panel>
        )}
        {!call.draft && (
          <Tabs.Panel value="grants" keepMounted={opened.has('grants')}>
            <UnsavedPart registry={unsaved.registry} name="grants">
              <GrantsTab callId={call.id} />
            </UnsavedPart>
          </Tabs.Panel>
        )}
      </Tabs>
      <LeaveUnsavedDialog
        guard={leave}
        labels={{ ...tabLabels, call: t('callBuilder.unsaved.call') }}
        onStay={(part) => part !== 'call' && setTab(part)}
      />
    </Stack>
  );
}
