import {
  clampPosition,
  isAdmin,
  isClosingPage,
  isLastPosition,
  nextPosition,
  parseServerDate,
  previousPosition,
  roleAllows,
  stepsUpToStage,
  stepTypeDefinition,
  subStepCount,
  type TUserStep,
  type TWizardPosition,
} from '@impact/domain';
import { Alert, Anchor, Badge, Button, Center, Grid, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconArrowRight, IconSend } from '@tabler/icons-react';
import { type ComponentType, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useParams, useSearchParams } from 'react-router';
import { PdfDownloadButton } from '../../../components/pdf-download-button';
import { SafeHtml } from '../../../components/safe-html';
import { SubmissionRecords } from '../../../components/submission-records';
import { useOrganizations } from '../../../lib/api/get-organizations';
import { ApiError } from '../../../lib/api-client';
import { openConfirmDialog } from '../../../lib/confirm-dialog';
import { mediumDateTime } from '../../../lib/local-dates';
import { usePageTitle } from '../../../lib/page-title';
import { selectOrganization } from '../../../lib/selected-organization';
import { useSession } from '../../../lib/session-store';
import { whenIdle } from '../../../lib/when-idle';
import { useChangeRequests } from '../../step-kit/api/change-requests';
import type { StepHistoryComponent } from '../../step-kit/step-history-slot';
import type { StepProps } from '../../step-kit/step-props';
import { useFlushReset } from '../../step-kit/use-flush-reset';
import type { WizardComments } from '../../step-kit/wizard-comments';
import type { WizardStepTypes } from '../../step-kit/wizard-step-types';
import { useSubmissionCall } from '../api/submission-call';
import { useCloseSubmission, useSubmission } from '../api/submissions';
import { ClosingPage } from '../components/closing-page';
import { StepMenu } from '../components/step-menu';
import { StepName } from '../components/step-name';
import { wizardWords } from '../wizard-words';

const parsePosition = (splat: string | undefined): TWizardPosition => {
  const [step, subStep] = (splat ?? '').split('/').map((n) => Number.parseInt(n, 10));
  return { step: step || 0, subStep: subStep || 0 };
};

/**
 * SPEC 2 "/call/{submissionId}/*": the submission wizard; the position lives in the URL. The step
 * types come from app/wizard-page.tsx (the registry, features/step-types).
 */
export function SubmissionPage({
  stepTypes,
  comments,
  StepHistory,
  Presence,
  Conversation,
  ChangeRequests,
  ApplicantHistory,
}: {
  stepTypes: WizardStepTypes;
  comments?: WizardComments;
  /** The current step's version history for the team (features/team), when app/ gives one. */
  StepHistory?: StepHistoryComponent;
  /** Who else has the application open (features/team, given by app/wizard-page.tsx). */
  Presence?: ComponentType<{ submissionId: string }>;
  /** The application's messages with the funder (features/conversation): the team's and the admin's view alike. */
  Conversation?: ComponentType<{ submissionId: string; report?: boolean }>;
  /** The requests for changes: their history, and for an administrator the request and withdraw actions (features/change-requests). */
  ChangeRequests?: ComponentType<{
    submissionId: string;
    steps: Array<{ id: string; name: string }>;
    admin: boolean;
    submitted: boolean;
  }>;
  /** What the funder already knows of the applicant, for an administrator reading an application (features/applicant-history). */
  ApplicantHistory?: ComponentType<{ submissionId: string }>;
}) {
  const { preloadStepTypes, stepProblems, stepsDone, ClosingSummary } = stepTypes;
  const { t, i18n } = useTranslation();
  const { submissionId = '', '*': splat } = useParams();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const session = useSession();
  const admin = session.status === 'authenticated' && isAdmin(session.user.roles);
  const readOnlyView = search.get('readonly') === 'true';
  const submission = useSubmission(submissionId, readOnlyView && admin);
  const call = useSubmissionCall(submission.data?.callId, readOnlyView && admin);
  const close = useCloseSubmission();
  const [contents, setContents] = useState<Record<string, string>>({});
  const [problems, setProblemKeys] = useState<string[]>([]);
  // A step's problems are shown only while that step still has them: an upload or an answer that
  // mends one takes its message away (others, a save or a close that failed, stay until the next
  // move). Only that step's: two surveys share one key, and the later one, still empty, kept the
  // first one's message up after it was answered.
  const [problemsOf, setProblemsOf] = useState<ProblemSource | null>(null);
  const setProblems = (keys: string[], source: ProblemSource | null = null) => {
    setProblemKeys(keys);
    setProblemsOf(source);
  };
  const [closing, setClosing] = useState(false);
  const flushRef = useRef<() => Promise<boolean>>(async () => true);
  /** Whether the question about leaving unsaved typing is open. */
  const asking = useRef(false);
  // Raised after a restore: the step is drawn anew from the reloaded answer (as after a 409).
  const [reloads, setReloads] = useState(0);

  // The stages reached only (decision 0034): the applicant's call lists no others, an admin's lists every step.
  const reached = submission.data?.stage ?? 1;
  const steps = useMemo(
    () =>
      stepsUpToStage(
        [...(call.data?.steps ?? [])].sort((a, b) => a.sort - b.sort),
        reached,
      ),
    [call.data, reached],
  );
  // The other steps' components, fetched before the applicant goes there (step-types/lazy-step.tsx).
  useEffect(
    () =>
      whenIdle(() => {
        preloadStepTypes(steps);
      }),
    [steps, preloadStepTypes],
  );
  const navSteps = useMemo(() => steps.map((s) => ({ stepTypeName: s.stepType?.name ?? '' })), [steps]);
  const position = clampPosition(parsePosition(splat), navSteps);
  // Whether the step shown holds a figure that does not read (not saved), read at the moment, not
  // at render: closing the tab or reloading then asks the browser's own question, as the wizard's
  // own moves ask theirs (`go`).
  const heldHere = useRef<() => boolean>(() => false);
  heldHere.current = () => {
    const here = steps[position.step];
    return here ? stepTypes.typingHeld(here) : false;
  };
  useEffect(() => {
    const askFirst = (event: BeforeUnloadEvent) => {
      if (heldHere.current()) event.preventDefault();
    };
    window.addEventListener('beforeunload', askFirst);
    return () => window.removeEventListener('beforeunload', askFirst);
  }, []);
  // A viewer of the organization reads its applications; writing is the editors' and owners'.
  const organizations = useOrganizations();
  const role = organizations.data?.find((o) => o.id === submission.data?.organizationId)?.role;
  // Until the role is known (or if it cannot be), nothing is offered for writing: a local draft
  // left from before a demotion would otherwise be saved, and refused.
  const viewerOnly = !roleAllows(role, 'write');
  // A member opening one of their organizations' applications (a mail's link, a colleague's
  // address) works for that organization: the side panel and the call list then say so.
  const applicationOrganizationId = submission.data?.organizationId;
  useEffect(() => {
    if (role && applicationOrganizationId) selectOrganization(applicationOrganizationId);
  }, [role, applicationOrganizationId]);
  // A call in two stages (docs/decisions/0034): invited to stage 2, the organization writes its
  // steps until their own deadline and second Submit; stage 1's answers are shown, read-only.
  const stage = submission.data?.stage ?? 1;
  const stageClosingAt = submission.data?.stageClosingAt ?? null;
  const sent = stage === 2 ? Boolean(submission.data?.stageClosedAt) : Boolean(submission.data?.closed);
  const stagePast = stage === 2 && stageClosingAt !== null && Date.now() > parseServerDate(stageClosingAt).getTime();
  // A closed grant's report is no longer asked for: shown as it was left, nothing more is saved.
  const reportClosed = submission.data?.reportOfClosedGrant === true;
  const readOnly = readOnlyView || sent || viewerOnly || stagePast || reportClosed;
  // An open request for changes (docs/decisions/0039) reopens its steps of a sent application:
  // those are written and the application submitted again; every other step stays read-only.
  const changeRequests = useChangeRequests(submissionId, Boolean(submission.data));
  const openRequest = changeRequests.data?.find((r) => r.status === 'open') ?? null;
  const answering = sent && !readOnlyView && !viewerOnly && openRequest !== null;
  const reopened = useMemo(() => new Set(answering ? (openRequest?.stepIds ?? []) : []), [answering, openRequest]);
  const stepReadOnly = (step: TUserStep) => (answering ? !reopened.has(step.id) : readOnly || step.stage < stage);
  // Arriving at the thank-you page, or without a position (the card, the mail), with a request open:
  // to the first step to change instead.
  const firstReopened = steps.findIndex((s) => reopened.has(s.id));
  useEffect(() => {
    if (answering && firstReopened >= 0 && (!splat || isClosingPage(position, navSteps)))
      void navigate(`/call/${submissionId}/${firstReopened}/0`, { replace: true });
  }, [answering, firstReopened, splat, position, navSteps, submissionId, navigate]);
  // The card of a sent application opens its read-only view; with a request for changes open, a
  // member who may write is taken where it is answered instead (else it is found only by editing the address).
  useEffect(() => {
    // Once the call's steps are here too: the request's first step is found among them.
    if (!readOnlyView || admin || !sent || viewerOnly || !openRequest || !call.data) return;
    const first = steps.findIndex((s) => openRequest.stepIds.includes(s.id));
    void navigate(`/call/${submissionId}/${Math.max(first, 0)}/0`, { replace: true });
  }, [readOnlyView, admin, sent, viewerOnly, openRequest, call.data, steps, submissionId, navigate]);
  // The team's comments are its members' alone: not in an admin's read-only view.
  const teamComments = readOnlyView && admin ? undefined : comments;
  const resultOf = (step: TUserStep) => submission.data?.stepResults.find((r) => r.stepId === step.id);
  const contentOf = (step: TUserStep) => contents[step.id] ?? resultOf(step)?.content;
  const registerFlush = useCallback((flush: () => Promise<boolean>) => {
    flushRef.current = flush;
  }, []);
  const onContent = useCallback(
    (stepId: string) => (content: string) =>
      setContents((c) => (c[stepId] === content ? c : { ...c, [stepId]: content })),
    [],
  );
  const contentHandlers = useMemo(
    () => Object.fromEntries(steps.map((s) => [s.id, onContent(s.id)])),
    [steps, onContent],
  );

  // The admin's call does not say it is a report's form: the submission says so.
  const words = wizardWords({ reportGrantId: call.data?.reportGrantId ?? submission.data?.reportGrantId });
  // Every title names the page first (the step, or the thank-you page), then the call.
  const titleStep = steps[position.step];
  const thankYou = sent && !answering && isClosingPage(position, navSteps);
  // A step in parts (the impact's six) names its part too: each part has its own address.
  const titleParts = titleStep ? stepTypeDefinition(titleStep.stepType?.name) : null;
  const partName = titleParts?.subSteps[position.subStep];
  const stepName = titleStep && (titleStep.name || t('applying.untitledStep', { n: position.step + 1 }));
  const pageName = thankYou
    ? t(stage === 2 ? 'applying.stages.closedTitle' : words.closingTitle)
    : stepName && (partName ? `${t(`applying.${titleParts?.name}.${partName}`)} · ${stepName}` : stepName);
  usePageTitle(call.data && pageName ? `${pageName} · ${call.data.name}` : undefined);

  const done = stepsDone(steps, contentOf);
  const isDone = (index: number) => done[index] ?? false;
  // Arriving without a position (Resume on the card, a mail's link, a report's button) at an
  // application being written: to the first step not done yet, or the last when all are; in an open
  // stage 2 (the invitation's link) to its first step, stage 1's answers one step back. The address
  // then names the step, as every other way into the wizard does. Chosen before any step is drawn:
  // a step drawn first could be typed in while the router's move waited, and the typing moved the
  // target (the first step done, the wizard jumped to the second under the person's cursor).
  const firstNotDone = done.findIndex((d) => !d);
  const landing =
    stage === 2 ? steps.findIndex((s) => s.stage === stage) : firstNotDone < 0 ? steps.length - 1 : firstNotDone;

  if (submission.isError || call.isError) {
    const notFound = submission.error instanceof ApiError && submission.error.status === 404;
    return (
      <Alert color="red">
        {/* The page's heading: what happened (a page without one is hard to find one's way in). */}
        <Title order={1} size="h4" c="red.9">
          {t(notFound ? 'applying.notFound' : 'errors.unexpected')}
        </Title>
        <Button component={Link} to="/calls" mt="sm">
          {t('applying.backToCalls')}
        </Button>
      </Alert>
    );
  }
  // Without a position, until the person's role says whether they write here (see landing).
  if (!submission.data || !call.data || (!splat && organizations.isPending)) {
    return (
      <Center mih="40vh">
        <Loader />
      </Center>
    );
  }
  if (!splat && !readOnly && landing >= 0) return <Navigate to={`/call/${submissionId}/${landing}/0`} replace />;
  if (closing) {
    return (
      <Center mih="50vh">
        <Stack align="center">
          <Loader size="lg" />
          <Text>{t(words.processing)}</Text>
        </Stack>
      </Center>
    );
  }
  if (isClosingPage(position, navSteps) && sent && !answering) {
    return (
      <ClosingPage
        callName={call.data.name}
        submissionId={submissionId}
        reference={submission.data.reference}
        stage={stage === 2 ? 2 : undefined}
        words={words}
      >
        <ClosingSummary submissionId={submissionId} steps={steps} results={submission.data.stepResults} />
      </ClosingPage>
    );
  }

  /**
   * Moves once the step's typing is saved; false (and says so) when it could not be. A figure
   * typed that does not read as one is not saved and lives only on this page: leaving loses it,
   * so the person is asked first (staying is the default).
   */
  const go = async (target: TWizardPosition): Promise<boolean> => {
    const leaving = target.step !== position.step || target.subStep !== position.subStep;
    // Only a page that can be written sets the hold (a step reopened by a request for changes too).
    if (leaving && heldHere.current() && !(await leaveHeldTyping())) return false;
    const saved = await flushRef.current();
    if (!saved && !readOnly) {
      setProblems(['applying.validation.notSaved']);
      return false;
    }
    setProblems([]);
    // A new step's path: the layout starts it at its top.
    navigate({ pathname: `/call/${submissionId}/${target.step}/${target.subStep}`, search: search.toString() });
    return true;
  };
  const leaveHeldTyping = () =>
    new Promise<boolean>((resolve) => {
      // One question at a time: a second click while it is asked (or its code loads) is not another.
      if (asking.current) return resolve(false);
      asking.current = true;
      const answer = (leave: boolean) => {
        asking.current = false;
        resolve(leave);
      };
      openConfirmDialog({
        title: t('applying.heldTyping.title'),
        children: <Text size="sm">{t('applying.heldTyping.text')}</Text>,
        labels: { confirm: t('applying.heldTyping.leave'), cancel: t('applying.heldTyping.stay') },
        // Staying is the safe answer: Enter on the dialog as it opens keeps the figure.
        cancelProps: { 'data-autofocus': true },
        onConfirm: () => answer(true),
        onCancel: () => answer(false),
        onClose: () => answer(false),
      });
    });
  const canGoTo = (index: number) =>
    readOnly || index <= position.step || steps.slice(0, index).every((_, i) => isDone(i));
  const current = steps[position.step];
  const next = async () => {
    if (!current) return;
    const found = readOnly || current.stage < stage ? [] : stepProblems(current, contentOf(current), position.subStep);
    if (found.length) {
      setProblems(found, { step: current, subStep: position.subStep }); // SPEC 4: Next is blocked while the step is not valid
      stepTypes.webStepType(current.stepType?.name)?.reveal?.(current);
      return;
    }
    await go(nextPosition(position, navSteps));
  };
  const submit = async () => {
    if (!current) return;
    // Only the stage being submitted: the earlier stage's answers were checked when it was sent.
    const firstBad = steps.findIndex((s) => s.stage === stage && stepProblems(s, contentOf(s)).length > 0);
    const bad = steps[firstBad];
    if (bad) {
      // To the step that needs it, with its problems: a message about another step said not where.
      if (firstBad !== position.step && !(await go({ step: firstBad, subStep: 0 }))) return;
      setProblems(stepProblems(bad, contentOf(bad)), { step: bad });
      // As Next does: the step shows each problem at its field (what was just added too).
      stepTypes.webStepType(bad.stepType?.name)?.reveal?.(bad);
      return;
    }
    openConfirmDialog({
      title: t(words.confirmTitle),
      children: <Text size="sm">{t(words.confirmText)}</Text>,
      labels: { confirm: t('applying.confirm.yes'), cancel: t('applying.confirm.no') },
      onConfirm: async () => {
        // A last answer not saved must not be left out of what is submitted: say so, submit nothing.
        if (!(await flushRef.current())) return setProblems(['applying.validation.notSaved']);
        setClosing(true);
        try {
          await close.mutateAsync(submissionId);
          await submission.refetch();
          navigate(`/call/${submissionId}/${steps.length}/0`, { replace: true });
        } catch (err) {
          setProblems([err instanceof ApiError ? err.problem.messageKey : 'errors.unexpected']);
        } finally {
          setClosing(false);
        }
      },
    });
  };
  /** Submit again, answering the open request: only its steps are checked (the others are as submitted). */
  const submitAgain = async () => {
    const saved = await flushRef.current();
    if (!saved) return setProblems(['applying.validation.notSaved']);
    const firstBad = steps.findIndex((s) => reopened.has(s.id) && stepProblems(s, contentOf(s)).length > 0);
    const bad = steps[firstBad];
    if (bad) {
      if (firstBad !== position.step && !(await go({ step: firstBad, subStep: 0 }))) return;
      setProblems(stepProblems(bad, contentOf(bad)), { step: bad });
      // As Next does: the step shows each problem at its field (what was just added too).
      stepTypes.webStepType(bad.stepType?.name)?.reveal?.(bad);
      return;
    }
    openConfirmDialog({
      title: t(words.againTitle),
      children: <Text size="sm">{t(words.againText)}</Text>,
      labels: { confirm: t('applying.changes.submitAgain'), cancel: t('applying.confirm.no') },
      onConfirm: async () => {
        if (!(await flushRef.current())) return setProblems(['applying.validation.notSaved']);
        setClosing(true);
        try {
          await close.mutateAsync(submissionId);
          await Promise.all([submission.refetch(), changeRequests.refetch()]);
          navigate(`/call/${submissionId}/${steps.length}/0`, { replace: true });
        } catch (err) {
          setProblems([err instanceof ApiError ? err.problem.messageKey : 'errors.unexpected']);
        } finally {
          setClosing(false);
        }
      },
    });
  };
  const reopenedNames = steps
    .map((s, i) => (reopened.has(s.id) ? s.name || t('applying.untitledStep', { n: i + 1 }) : null))
    .filter((name): name is string => name !== null);
  const liveProblems = problemsOf
    ? new Set(stepProblems(problemsOf.step, contentOf(problemsOf.step), problemsOf.subStep))
    : null;
  const shownProblems = [...new Set(liveProblems ? problems.filter((p) => liveProblems.has(p)) : problems)];
  // SPEC 2: a sent application shows no Previous/Next (its step menu still moves between steps),
  // whatever the address says; only the explicit read-only view pages like the wizard, without Submit.
  const sentNotReadOnlyView = sent && !readOnlyView;
  // One way back per page: below the steps while writing (and from a sent report), else at the top.
  const backBelow = !sent || Boolean(call.data.reportGrantId && !readOnlyView);
  const showNav = !sentNotReadOnlyView && navSteps.reduce((n, s) => n + subStepCount(s), 0) > 1;
  const atLast = isLastPosition(position, navSteps);

  return (
    <Grid gap="lg">
      {/* A third for the steps below 1200 px: beside the organization panel a quarter broke
          "Documenti" mid-word. */}
      <Grid.Col span={{ base: 12, md: 4, lg: 3 }}>
        <Paper withBorder radius="md" p="sm">
          {readOnlyView && admin ? (
            <Anchor component={Link} to={words.readerBackTo} size="sm" mb={4} display="inline-block">
              <IconArrowLeft size={14} aria-hidden /> {t(words.readerBack)}
            </Anchor>
          ) : (
            readOnly &&
            !backBelow && (
              // Read, not written: the way back to the calls (or the grant) is not Submit's closing page.
              <Anchor component={Link} to={words.backTo} size="sm" mb={4} display="inline-block">
                <IconArrowLeft size={14} aria-hidden /> {t(words.back)}
              </Anchor>
            )
          )}
          <Title order={1} size="h4" mb="xs">
            <bdi lang={call.data.textLanguages?.name}>{call.data.name}</bdi>
          </Title>
          {readOnlyView && admin && submission.data?.organizationName && (
            <Text size="sm" mb="xs" data-testid="application-of">
              {t(words.readerOf, { name: submission.data.organizationName })}
            </Text>
          )}
          {readOnly && (
            // Sent back for changes, it is no longer simply "submitted" (the grant page says so too).
            <Badge color={sent ? 'teal' : 'gray'} mb="sm" data-testid="submission-status">
              {t(
                sent
                  ? openRequest
                    ? 'applying.status.changesRequested'
                    : words.submitted
                  : reportClosed
                    ? 'applying.status.reportNotRequired'
                    : role === 'viewer'
                      ? 'applying.status.viewer'
                      : 'applying.status.readOnly',
              )}
            </Badge>
          )}
          {readOnly && !sent && reportClosed && (
            <Text size="sm" mb="sm" data-testid="report-not-required">
              {t('applying.status.reportNotRequiredWhy')}
            </Text>
          )}
          {stage === 2 && (
            <Stack gap={2} mb="sm" data-testid="wizard-stage">
              <Badge color="grape" variant="light">
                {t('applying.stages.secondStage')}
              </Badge>
              {stageClosingAt && !sent && (
                <Text size="sm">
                  {t('applying.stages.deadline', {
                    date: mediumDateTime(parseServerDate(stageClosingAt), i18n.language),
                  })}
                </Text>
              )}
            </Stack>
          )}
          {Presence && !sent && !readOnlyView && <Presence submissionId={submissionId} />}
          {Conversation && (
            <Group mb="sm">
              <Conversation
                submissionId={submissionId}
                report={Boolean(call.data.reportGrantId ?? submission.data.reportGrantId)}
              />
            </Group>
          )}
          <StepMenu
            steps={steps}
            position={position}
            isDone={isDone}
            canGoTo={canGoTo}
            onGo={(p) => void go(p)}
            badge={
              teamComments || answering
                ? (stepId) => (
                    <>
                      {reopened.has(stepId) && (
                        <Badge size="xs" color="orange" variant="light" data-testid="reopened-step">
                          {t('applying.changes.badge')}
                        </Badge>
                      )}
                      {teamComments && <teamComments.StepBadge submissionId={submissionId} stepId={stepId} />}
                    </>
                  )
                : undefined
            }
          />
          {sent && stage === 1 && (
            <Stack mt="md" align="stretch">
              <PdfDownloadButton submissionId={submissionId} />
            </Stack>
          )}
          {stage === 2 && (
            <Stack mt="md" align="stretch">
              <PdfDownloadButton submissionId={submissionId} stage={1} label={t('applying.stages.pdf', { stage: 1 })} />
              {sent && (
                <PdfDownloadButton
                  submissionId={submissionId}
                  stage={2}
                  label={t('applying.stages.pdf', { stage: 2 })}
                />
              )}
            </Stack>
          )}
          {readOnlyView && admin && <SubmissionRecords submissionId={submissionId} />}
          {/* An application's, not a report's: a grant's page tells its grantee's story. */}
          {ApplicantHistory && readOnlyView && admin && !(call.data.reportGrantId ?? submission.data.reportGrantId) && (
            <ApplicantHistory submissionId={submissionId} />
          )}
          {ChangeRequests && (!readOnlyView || admin) && (
            <ChangeRequests
              submissionId={submissionId}
              steps={steps.map((s) => ({ id: s.id, name: s.name }))}
              admin={readOnlyView && admin}
              submitted={sent}
            />
          )}
          {/* A sent application is left from its call's card; a sent report, back to its grant. */}
          {backBelow && (
            <Button
              component={Link}
              to={words.backTo}
              variant="subtle"
              leftSection={<IconArrowLeft size={16} />}
              mt="md"
              fullWidth
            >
              {t(words.back)}
            </Button>
          )}
        </Paper>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 8, lg: 9 }}>
        {answering && openRequest && (
          <Alert color="orange" title={t('applying.changes.title')} mb="md" data-testid="open-change-request">
            <Stack gap="xs">
              <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                {openRequest.message}
              </Text>
              <Text size="sm">{t('applying.changes.steps', { steps: reopenedNames.join(', ') })}</Text>
              <Text size="sm">
                {t('applying.changes.due', {
                  date: mediumDateTime(parseServerDate(openRequest.dueAt), i18n.language),
                })}
              </Text>
              <Group>
                <Button leftSection={<IconSend size={16} />} onClick={() => void submitAgain()}>
                  {t('applying.changes.submitAgain')}
                </Button>
              </Group>
            </Stack>
          </Alert>
        )}
        {current ? (
          <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
            <Stack gap="md">
              <div>
                <Text size="sm" c="dimmed">
                  {t('applying.stepOf', { n: position.step + 1, total: steps.length })}
                </Text>
                <Title order={2} data-page-heading>
                  <StepName step={current} n={position.step + 1} />
                </Title>
              </div>
              {(teamComments || (StepHistory && !readOnlyView)) && (
                <Group justify="flex-end">
                  {StepHistory && !readOnlyView && (
                    <StepHistory
                      submissionId={submissionId}
                      stepId={current.id}
                      stepName={current.name || t('applying.untitledStep', { n: position.step + 1 })}
                      beforeRestore={() => flushRef.current()}
                      onRestored={async () => {
                        await submission.refetch();
                        setContents(({ [current.id]: _old, ...others }) => others);
                        setReloads((n) => n + 1);
                      }}
                    />
                  )}
                  {teamComments && (
                    <teamComments.StepButton
                      submissionId={submissionId}
                      organizationId={submission.data.organizationId}
                      stepId={current.id}
                      stepName={current.name || t('applying.untitledStep', { n: position.step + 1 })}
                      readOnly={sent}
                    />
                  )}
                </Group>
              )}
              {current.description && <SafeHtml html={current.description} lang={current.textLanguages?.description} />}
              {answering && !reopened.has(current.id) && (
                <Alert color="gray" data-testid="not-reopened">
                  {t('applying.changes.readOnlyStep')}
                </Alert>
              )}
              {!answering && current.stage < stage && (
                <Alert color="gray" data-testid="carried-forward">
                  {t('applying.stages.carried')}
                </Alert>
              )}
              <StepBody
                key={`${current.id}:${reloads}`}
                webStepType={stepTypes.webStepType}
                step={current}
                submissionId={submissionId}
                result={resultOf(current)}
                readOnly={stepReadOnly(current)}
                subStep={position.subStep}
                onContent={contentHandlers[current.id] ?? (() => {})}
                registerFlush={registerFlush}
                steps={steps}
                contentOf={contentOf}
                goToStep={(index) => void go({ step: index, subStep: 0 })}
                problemsShown={shownProblems.length > 0}
              />
              {/* One polite region that stays on the page: its words are read when they change,
                  once, and it empties when the answers mend what it said. */}
              <div role="status" data-testid="step-problems-region">
                {shownProblems.length > 0 && (
                  <Alert color="red" role="none" data-testid="step-problems">
                    {shownProblems.map((p) => (
                      <div key={p}>{t(p)}</div>
                    ))}
                  </Alert>
                )}
              </div>
              {(showNav || (!readOnly && atLast)) && (
                <Group justify="space-between" mt="md">
                  <Button
                    variant="default"
                    leftSection={<IconArrowLeft size={16} />}
                    onClick={() => void go(previousPosition(position, navSteps))}
                    disabled={position.step === 0 && position.subStep === 0}
                  >
                    {t('applying.previous')}
                  </Button>
                  {atLast && !readOnly ? (
                    <Button leftSection={<IconSend size={16} />} onClick={() => void submit()}>
                      {t(words.submit)}
                    </Button>
                  ) : (
                    <Button rightSection={<IconArrowRight size={16} />} onClick={() => void next()} disabled={atLast}>
                      {t('applying.next')}
                    </Button>
                  )}
                </Group>
              )}
            </Stack>
          </Paper>
        ) : (
          <Alert>{t('applying.noSteps')}</Alert>
        )}
      </Grid.Col>
    </Grid>
  );
}

/** Whose answer a shown problem is about: the step, and the sub-step Next was refused on. */
type ProblemSource = { step: TUserStep; subStep?: number };

type BodyProps = StepProps & Pick<WizardStepTypes, 'webStepType'>;

function StepBody({ webStepType, ...props }: BodyProps) {
  const { t } = useTranslation();
  const { registerFlush } = props;
  const entry = webStepType(props.step.stepType?.name);
  useFlushReset(registerFlush);
  // SPEC 2: a step type this version does not handle says so.
  if (!entry) return <Alert color="gray">{t('applying.notImplemented')}</Alert>;
  return <entry.Step {...props} />;
}
