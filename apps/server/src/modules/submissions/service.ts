import {
  callAsRead,
  DEFAULT_LANGUAGE,
  EMPTY_ID,
  emailAllowedByFilter,
  stepsUpToStage,
  stepTypeDefinition,
  submissionReference,
  type TCall,
  type TLanguage,
  type TSubmission,
  type TUpsertStepResultRequest,
  type TUserCall,
} from '@impact/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { callSubmissions, calls, organizations, stepResults } from '../../db/schema';
import { AppError, conflict, invalid, notFound } from '../../lib/app-error';
import type { SessionUser } from '../../plugins/authentication';
import { callsWithSteps } from '../calls/service';
import type { StepCache } from '../calls/step-cache';
import { reportGrantOn } from '../grants/report-access';
import { assertRole, roleIn } from '../organizations/member-access';
import type { Told } from '../presence/step-saves';
import { assertEligibleToStart } from '../screening/eligibility-gate';
import { serverStepTypeOf } from '../step-types';
import { type CallRow, isCallOpen, loadSubmissionFor, type SubmissionRow } from '../submission-core/access';
import { reportOfClosedGrant } from '../submission-core/approved-report';
import { withOpenChangeRequest } from '../submission-core/change-requests';
import { scoresShownToApplicants } from '../submission-core/scores-shown';
import { stepResultsWithAuthors, stepResultWithAuthor } from '../submission-core/step-authors';
import { assertStepWritable, stepOfSubmission, toStepResult } from '../submission-core/writes';
import { recordWebhookEvent } from '../webhooks/record';
import { writeAnswerIfWritable } from './guarded-write';
import { newerVersion } from './newer-version';

async function toSubmission(
  db: Db | Tx,
  submission: SubmissionRow,
  call: CallRow,
  hideScores: boolean,
  /** Who saved each step is the team's to know (docs/decisions/0030): not shown to an admin reading it. */
  showAuthors: boolean,
): Promise<TSubmission> {
  // Never an answer of a stage not reached (decision 0034): such a step refuses writes, and a step
  // with answers keeps its stage (call-types.ts).
  const results = await stepResultsWithAuthors(db, eq(stepResults.callSubmissionId, submission.id));
  return {
    id: submission.id,
    submissionId: submission.id,
    closed: submission.closed,
    closedAt: submission.closedAt?.toISOString() ?? null,
    callId: call.id,
    callCallTypeId: call.callTypeId,
    organizationId: submission.organizationId,
    stepResults: results.map((r) => toStepResult(r.row, hideScores, showAuthors ? r.author : null)),
    stage: submission.stage === 2 ? 2 : 1,
    stageClosingAt: submission.stageClosingAt?.toISOString() ?? null,
    stageClosedAt: submission.stageClosedAt?.toISOString() ?? null,
    reference: submissionReference(submission.number, submission.createdAt),
  };
}

/**
 * What an applicant may see of a call: no one else's e-mail, no admin report ids, no answer keys
 * (neither `expectedAnswers` nor a quiz model's `correctAnswer`s: the step type decides); its texts
 * in the reader's language, the default language's where none is written.
 * Built field by field from the applicant's contract (ZUserCall), which the serializer enforces too.
 */
export function forApplicant(
  call: TCall,
  submission: Pick<SubmissionRow, 'id' | 'closed' | 'stage' | 'stageClosingAt' | 'stageClosedAt'> | null,
  language: TLanguage = DEFAULT_LANGUAGE,
): TUserCall {
  // The steps of the stages reached only: before an invitation, stage 2 does not exist (decision 0034).
  const stage = submission?.stage === 2 ? 2 : 1;
  const shown = callAsRead(call, language, stepsUpToStage(call.steps, stage));
  return {
    ...shown,
    steps: shown.steps.map((step) => ({
      ...step,
      content: stepTypeDefinition(step.stepType?.name).applicantContent(step.content),
    })),
    submissionId: submission?.id ?? EMPTY_ID,
    submissionClosed: submission?.closed ?? false,
    submissionStage: stage,
    stageClosingAt: submission?.stageClosingAt?.toISOString() ?? null,
    stageClosed: submission?.stageClosedAt != null,
  };
}

async function submissionOf(db: Db | Tx, callId: string, organizationId: string | null) {
  if (!organizationId) return null;
  const [row] = await db
    .select()
    .from(callSubmissions)
    .where(and(eq(callSubmissions.callId, callId), eq(callSubmissions.organizationId, organizationId)));
  return row ?? null;
}

/**
 * A call the user may see (e-mail filter, server-side); 404 otherwise. A draft is seen only as a
 * report's form, by a member of an organization that owes that report (`asReportForm`: the
 * wizard reads it; starting one goes through Grant/StartReport, never here), with its grant.
 */
async function visibleCall(
  db: Db | Tx,
  user: SessionUser,
  callId: string,
  asReportForm = false,
  organizationId: string | null = null,
): Promise<{ call: CallRow; reportGrantId: string | null }> {
  const [call] = await db.select().from(calls).where(eq(calls.id, callId));
  if (!call || !emailAllowedByFilter(call, user.email)) throw notFound('errors.calls.notFound');
  if (!call.draft) return { call, reportGrantId: null };
  const reportGrantId = asReportForm ? await reportGrantOn(db, user.id, call.id, organizationId) : null;
  if (!reportGrantId) throw notFound('errors.calls.notFound');
  return { call, reportGrantId };
}

export async function getCallForUser(
  db: Db,
  user: SessionUser,
  callId: string,
  organizationId: string | null,
  language: TLanguage,
) {
  const { call: row, reportGrantId } = await visibleCall(db, user, callId, true, organizationId);
  const [call] = await callsWithSteps(db, [row]);
  if (!call) throw notFound('errors.calls.notFound');
  const forUser = forApplicant(call, await submissionOf(db, callId, organizationId), language);
  return reportGrantId ? { ...forUser, reportGrantId } : forUser;
}

/**
 * POST Call/UpsertCallSubmission: one per organization per call; asking twice returns the same one.
 * A new one needs the organization eligible by the call's screener, if it has one (reasons in `language`).
 */
export async function upsertSubmission(
  db: Db,
  user: SessionUser,
  callId: string,
  organizationId: string | null,
  language: TLanguage = DEFAULT_LANGUAGE,
) {
  if (!organizationId) {
    throw invalid(
      [{ path: 'organizationId', messageKey: 'errors.field.required' }],
      'errors.submissions.organizationRequired',
    );
  }
  const result = await db.transaction(async (tx) => {
    // KEY SHARE: an organization being deleted right now is waited for and then not found (404),
    // and a delete that comes second waits for this submission and refuses (409); without the lock
    // the insert below failed on its foreign key (a 500).
    const [org] = await tx.select().from(organizations).where(eq(organizations.id, organizationId)).for('key share');
    if (!org) throw notFound('errors.organizations.notFound');
    // Starting an application is writing one: owners and editors.
    assertRole(await roleIn(tx, organizationId, user.id), 'write');
    const { call } = await visibleCall(tx, user, callId);
    const existing = await submissionOf(tx, callId, organizationId);
    if (existing) return { id: existing.id, closed: existing.closed };
    if (!isCallOpen(call)) throw conflict('errors.submissions.callNotOpen');
    await assertEligibleToStart(tx, callId, organizationId, language);
    const [created] = await tx
      .insert(callSubmissions)
      .values({ callId, organizationId, createdByUserId: user.id })
      .onConflictDoNothing()
      .returning();
    if (created) {
      await recordWebhookEvent(tx, 'submission.started', {
        submissionId: created.id,
        callId,
        organizationId,
        callName: call.name,
        organizationName: org.name,
      });
    }
    const row = created ?? (await submissionOf(tx, callId, organizationId));
    if (!row) throw new Error('submission upsert failed');
    return { id: row.id, closed: row.closed };
  });
  return result;
}

export async function getSubmission(db: Db, user: SessionUser, submissionId: string, asAdmin = false) {
  const { submission, call, role } = await loadSubmissionFor(db, user, submissionId, {
    allowAdmin: asAdmin,
    need: 'read',
  });
  const hideScores = !asAdmin && !(await scoresShownToApplicants(db, submission, call));
  const shown = await toSubmission(db, submission, call, hideScores, role !== null);
  // A report's form call is a draft (decision 0044): only then can it be a closed grant's report.
  const closedGrant = call.draft && (await reportOfClosedGrant(db, submission.id));
  if (!asAdmin) return closedGrant ? { ...shown, reportOfClosedGrant: true as const } : shown;
  // The administrator reads many organizations' applications (and reports): the page names whose
  // this is, and the grant when it is a report.
  const [org] = await db
    .select({
      name: organizations.name,
      reportGrantId: sql<
        string | null
      >`(select r.grant_id from grant_reports r where r.submission_id = ${submission.id}::uuid limit 1)`,
    })
    .from(organizations)
    .where(eq(organizations.id, submission.organizationId));
  return {
    ...shown,
    organizationName: org?.name ?? '',
    ...(org?.reportGrantId ? { reportGrantId: org.reportGrantId } : {}),
    ...(closedGrant ? { reportOfClosedGrant: true as const } : {}),
  };
}

export async function getStepResult(db: Db, user: SessionUser, submissionId: string, stepId: string) {
  const { call, role, submission } = await loadSubmissionFor(db, user, submissionId, {
    allowAdmin: true,
    need: 'read',
  });
  // A step of a stage not reached has no answer to show (decision 0034).
  await stepOfSubmission(db, call, stepId, submission);
  const found = await stepResultWithAuthor(db, submissionId, stepId);
  if (!found) throw notFound('errors.submissions.noStepResult');
  const hideScore = !user.isAdmin && !(await scoresShownToApplicants(db, submission, call));
  return toStepResult(found.row, hideScore, role !== null ? found.author : null);
}

/**
 * POST Call/UpsertCallStepResult. Optimistic concurrency: the write names the version it started
 * from; if the stored one is newer (another tab, another device) it is refused with 409 and the
 * newer answer is left untouched for the client to offer. `told` hears of the other answers the
 * write rewrote (the impact step's investment after a budget's), for the pages open on them.
 */
export async function upsertStepResult(
  db: Db,
  steps: StepCache,
  user: SessionUser,
  /** `restoredFrom`: set by a restore (restore-version.ts), never by the autosave's request. */
  input: TUpsertStepResultRequest & { restoredFrom?: number },
  { now = new Date(), told }: { now?: Date; told?: Told } = {},
) {
  const cached = await steps.get(input.stepId);
  if (!cached) {
    // Someone else's submission is a 404 first, then the unknown step.
    await loadSubmissionFor(db, user, input.callSubmissionId);
    throw notFound('errors.submissions.stepNotInCall');
  }
  let answer: { content: string; score: number | null };
  try {
    // The step type checks the answer and computes the score: scores are results, computed by
    // the server, never taken from the applicant (input.score is ignored).
    answer = await serverStepTypeOf(cached.step).write(db, cached.step, input.content, {
      submissionId: input.callSubmissionId,
      storedContent: async () => {
        const stored = await stepResultWithAuthor(db, input.callSubmissionId, input.stepId);
        // A write based on an older version is refused as stale further on (409, with the newer
        // answer to take): no check against what it never saw answers before that. Versions only
        // grow, so that 409 is certain; one based on a version ahead is checked as any write.
        if (stored && stored.row.version > input.version) return input.content;
        return stored?.row.content ?? undefined;
      },
    });
  } catch (err) {
    // Someone else's submission is a 404 first: a refusal must not describe another call's step.
    await loadSubmissionFor(db, user, input.callSubmissionId);
    throw err;
  }
  const written = await writeAnswerIfWritable(
    db,
    {
      submissionId: input.callSubmissionId,
      stepId: input.stepId,
      callTypeId: cached.callTypeId,
      user,
      content: answer.content,
      score: answer.score,
      basedOn: input.version,
      restoredFrom: input.restoredFrom ?? null,
    },
    now,
  );
  // Refused: why, unless the stored answer is this very one (a save repeated after its reply was lost).
  const stored = written ?? (await explainRefusedWrite(db, user, input, cached.callTypeId, answer.content, now));
  // What follows from this answer in the same submission (the budget's cost in the impact step):
  // done by the write that stored it (a repeated save may come after the deadline or the Submit).
  if (written) {
    const rewritten = await serverStepTypeOf(cached.step).afterWrite?.(db, cached.step, written.row.content, {
      submissionId: input.callSubmissionId,
    });
    for (const other of rewritten ?? []) told?.({ submissionId: input.callSubmissionId, ...other });
  }
  // An answer is written while it can change: its score (a quiz's says which answers are right)
  // is not the applicant's to see then (scores-shown.ts).
  return toStepResult(stored.row, !user.isAdmin, stored.author);
}

/**
 * The one-statement write stored nothing: say why, checking the rules in the order a reader
 * expects (404 for what the user may not see, then closed, deadline, stale). A write of exactly
 * the stored answer (`content` as the step type keeps it) by a member who may write is no
 * refusal: it is a save repeated after its reply was lost (a timeout, a dropped connection), maybe
 * after the deadline or a teammate's Submit that came since; the stored answer is handed back.
 */
async function explainRefusedWrite(
  db: Db,
  user: SessionUser,
  input: TUpsertStepResultRequest,
  stepCallTypeId: string,
  content: string,
  now: Date,
) {
  const { submission, call } = await loadSubmissionFor(db, user, input.callSubmissionId);
  if (call.callTypeId !== stepCallTypeId) throw notFound('errors.submissions.stepNotInCall');
  // Read afresh (the step's stage may have changed since the cache read it).
  const step = await stepOfSubmission(db, call, input.stepId, submission);
  // Who saved the version that won, so the page can name them beside the two answers.
  const newer = await stepResultWithAuthor(db, input.callSubmissionId, input.stepId);
  if (newer && newer.row.content === content) return newer;
  assertStepWritable(await withOpenChangeRequest(db, submission, now), call, step, now);
  throw new AppError('staleVersion', {
    messageKey: 'errors.submissions.staleVersion',
    ...(newer ? { extensions: { newer: newerVersion(newer.row, newer.author) } } : {}),
  });
}
