import {
  EMPTY_ID,
  emailAllowedByFilter,
  parseStepContent,
  scoreQuiz,
  type TStep,
  type TStepResult,
  type TSubmission,
  type TTextStepContent,
  type TUploadStepContent,
  type TUpsertStepResultRequest,
  type TUserCall,
  ZTextAnswer,
  ZUploadAnswer,
} from '@impact/domain';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { callSubmissions, calls, organizations, stepResults } from '../../db/schema';
import { AppError, conflict, invalid, notFound } from '../../lib/app-error';
import type { SessionUser } from '../../plugins/authentication';
import { stepsOfCallTypes } from '../calls/call-types';
import { callsWithSteps } from '../calls/service';
import { checkImpactAnswer, impactAnswerMissing } from '../impact/answer';
import { type CallRow, isCallLocked, isCallOpen, loadSubmissionFor, type SubmissionRow } from './access';

type StepResultRow = typeof stepResults.$inferSelect;

export function toStepResult(row: StepResultRow, hideScore: boolean): TStepResult {
  return {
    id: row.id,
    callSubmissionId: row.callSubmissionId,
    stepId: row.stepId,
    content: row.content,
    score: hideScore ? null : row.score,
    version: row.version,
    updatedAt: row.updatedAt.toISOString(),
  };
}

async function toSubmission(
  db: Db | Tx,
  submission: SubmissionRow,
  call: CallRow,
  hideScores: boolean,
): Promise<TSubmission> {
  const results = await db.select().from(stepResults).where(eq(stepResults.callSubmissionId, submission.id));
  return {
    id: submission.id,
    submissionId: submission.id,
    closed: submission.closed,
    closedAt: submission.closedAt?.toISOString() ?? null,
    callId: call.id,
    callCallTypeId: call.callTypeId,
    organizationId: submission.organizationId,
    stepResults: results.map((r) => toStepResult(r, hideScores)),
  };
}

/** SPEC 3 "Quiz result": each question compared on its first answer, against the step's key. */
function quizScore(step: TStep, content: string): number | null {
  try {
    const answers = JSON.parse(content) as unknown;
    const key = JSON.parse(step.expectedAnswers ?? '') as unknown;
    if (!answers || !key || typeof answers !== 'object' || typeof key !== 'object') return null;
    return scoreQuiz(answers as Record<string, unknown>, key as Record<string, unknown>).score;
  } catch {
    return null;
  }
}

/** What an applicant may see of a call: no one else's e-mail, no admin report ids, no answer keys. */
function forApplicant(call: TUserCall, submission: SubmissionRow | null): TUserCall {
  return {
    ...call,
    steps: call.steps.map((step) => ({ ...step, expectedAnswers: null })),
    userFilterEmail: '',
    powerBIReportID: null,
    powerBIWorkspaceID: null,
    submissionId: submission?.id ?? EMPTY_ID,
    submissionClosed: submission?.closed ?? false,
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

/** A call the user may see (e-mail filter, server-side); 404 otherwise. */
async function visibleCall(db: Db | Tx, user: SessionUser, callId: string): Promise<CallRow> {
  const [call] = await db.select().from(calls).where(eq(calls.id, callId));
  if (!call || !emailAllowedByFilter(call, user.email)) throw notFound('errors.calls.notFound');
  return call;
}

/** GET Call/GetCallListUser: the calls this user may see, with the selected organization's submission. */
export async function listCallsForUser(db: Db, user: SessionUser, organizationId: string | null): Promise<TUserCall[]> {
  const rows = await db.select().from(calls).orderBy(asc(calls.closingAt));
  const visible = rows.filter((c) => emailAllowedByFilter(c, user.email));
  const submissions = organizationId
    ? await db.select().from(callSubmissions).where(eq(callSubmissions.organizationId, organizationId))
    : [];
  const byCall = new Map(submissions.map((s) => [s.callId, s]));
  return (await callsWithSteps(db, visible)).map((call) => forApplicant(call, byCall.get(call.id) ?? null));
}

export async function getCallForUser(db: Db, user: SessionUser, callId: string, organizationId: string | null) {
  const [call] = await callsWithSteps(db, [await visibleCall(db, user, callId)]);
  if (!call) throw notFound('errors.calls.notFound');
  return forApplicant(call, await submissionOf(db, callId, organizationId));
}

/** POST Call/UpsertCallSubmission: one per organization per call; asking twice returns the same one. */
export async function upsertSubmission(db: Db, user: SessionUser, callId: string, organizationId: string | null) {
  if (!organizationId) {
    throw invalid(
      [{ path: 'organizationId', messageKey: 'errors.field.required' }],
      'errors.submissions.organizationRequired',
    );
  }
  return db.transaction(async (tx) => {
    const [org] = await tx.select().from(organizations).where(eq(organizations.id, organizationId));
    if (!org || org.ownerUserId !== user.id) throw notFound('errors.organizations.notFound');
    const call = await visibleCall(tx, user, callId);
    const existing = await submissionOf(tx, callId, organizationId);
    if (existing) return { id: existing.id, closed: existing.closed };
    if (!isCallOpen(call)) throw conflict('errors.submissions.callNotOpen');
    const [created] = await tx
      .insert(callSubmissions)
      .values({ callId, organizationId, createdByUserId: user.id })
      .onConflictDoNothing()
      .returning();
    const row = created ?? (await submissionOf(tx, callId, organizationId));
    if (!row) throw new Error('submission upsert failed');
    return { id: row.id, closed: row.closed };
  });
}

export async function getSubmission(db: Db, user: SessionUser, submissionId: string, asAdmin = false) {
  const { submission, call } = await loadSubmissionFor(db, user, submissionId, { allowAdmin: asAdmin });
  return toSubmission(db, submission, call, !asAdmin && isCallLocked(call));
}

export async function getStepResult(db: Db, user: SessionUser, submissionId: string, stepId: string) {
  const { call } = await loadSubmissionFor(db, user, submissionId, { allowAdmin: true });
  const [row] = await db
    .select()
    .from(stepResults)
    .where(and(eq(stepResults.callSubmissionId, submissionId), eq(stepResults.stepId, stepId)));
  if (!row) throw notFound('errors.submissions.noStepResult');
  return toStepResult(row, !user.isAdmin && isCallLocked(call));
}

/** Writes are refused (409, nothing changes) on a closed submission or after the closing date. */
export function assertWritable(submission: SubmissionRow, call: CallRow, now = new Date()) {
  if (submission.closed) throw new AppError('closed', { messageKey: 'errors.submissions.closed' });
  if (now.getTime() > call.closingAt.getTime())
    throw new AppError('closed', { messageKey: 'errors.submissions.deadlinePassed' });
}

/** The steps of a submission's call, in sort order (one query: this is on every autosave). */
async function stepsOfCall(db: Db | Tx, call: CallRow): Promise<TStep[]> {
  return (await stepsOfCallTypes(db as Db, [call.callTypeId])).get(call.callTypeId) ?? [];
}

export async function stepOfSubmission(db: Db | Tx, call: CallRow, stepId: string): Promise<TStep> {
  const step = (await stepsOfCall(db, call)).find((s) => s.id === stepId);
  if (!step) throw notFound('errors.submissions.stepNotInCall');
  return step;
}

/**
 * Validates an answer against its step and returns what to store (a text answer re-serialised,
 * so nothing but the answer is kept); server-kept answers (uploads) cannot be written directly.
 */
function checkAnswer(step: TStep, content: string): string {
  const type = step.stepType?.name;
  if (type === 'upload') throw conflict('errors.submissions.uploadAnswerIsServerKept');
  if (type === 'text') {
    let parsed: unknown;
    try {
      parsed = JSON.parse(content);
    } catch {
      throw invalid([{ path: 'content', messageKey: 'errors.field.invalid' }]);
    }
    const answer = ZTextAnswer.safeParse(parsed);
    if (!answer.success) throw invalid([{ path: 'content', messageKey: 'errors.field.invalid' }]);
    const def = parseStepContent('text', step.content);
    const max = def.ok ? (def.value as TTextStepContent).maxLength : undefined;
    if (max && answer.data.answer.length > max) {
      throw invalid([{ path: 'content', messageKey: 'errors.field.tooBig', params: { maximum: max } }]);
    }
    return JSON.stringify({ answer: answer.data.answer });
  }
  return content;
}

/**
 * POST Call/UpsertCallStepResult. Optimistic concurrency: the write names the version it started
 * from; if the stored one is newer (another tab, another device) it is refused with 409 and the
 * newer answer is left untouched for the client to offer.
 */
export async function upsertStepResult(db: Db, user: SessionUser, input: TUpsertStepResultRequest, now = new Date()) {
  return db.transaction(async (tx) => {
    const { submission, call } = await loadSubmissionFor(tx, user, input.callSubmissionId, { forUpdate: true });
    assertWritable(submission, call, now);
    const step = await stepOfSubmission(tx, call, input.stepId);
    const content = checkAnswer(step, input.content);
    // Scores are results: the server computes them, never the applicant. The impact step's score
    // is the SROI estimate, the quiz's the share of correct answers; other steps have none.
    const type = step.stepType?.name;
    const score =
      type === 'miniDyi'
        ? await checkImpactAnswer(tx, step, content)
        : type === 'quiz'
          ? quizScore(step, content)
          : null;
    const written = await writeStepResult(tx, submission.id, step.id, content, score, input.version);
    return !user.isAdmin && isCallLocked(call, now) ? { ...written, score: null } : written;
  });
}

export async function writeStepResult(
  tx: Tx | Db,
  submissionId: string,
  stepId: string,
  content: string,
  score: number | null,
  basedOn: number | null,
) {
  const [current] = await tx
    .select()
    .from(stepResults)
    .where(and(eq(stepResults.callSubmissionId, submissionId), eq(stepResults.stepId, stepId)))
    .for('update');
  const currentVersion = current?.version ?? 0;
  if (basedOn !== null && basedOn !== currentVersion) {
    throw new AppError('staleVersion', { messageKey: 'errors.submissions.staleVersion' });
  }
  if (!current) {
    const [row] = await tx
      .insert(stepResults)
      .values({ callSubmissionId: submissionId, stepId, content, score, version: 1 })
      .returning();
    if (!row) throw new Error('insert failed');
    return toStepResult(row, false);
  }
  const [row] = await tx
    .update(stepResults)
    .set({ content, score, version: currentVersion + 1, updatedAt: sql`now()` })
    .where(eq(stepResults.id, current.id))
    .returning();
  if (!row) throw new Error('update failed');
  await tx.update(callSubmissions).set({ updatedAt: sql`now()` }).where(eq(callSubmissions.id, submissionId));
  return toStepResult(row, false);
}

/** What blocks submitting: unanswered text steps and missing mandatory files, step by step. */
export async function missingAnswers(db: Db | Tx, call: CallRow, submissionId: string) {
  const results = await db.select().from(stepResults).where(eq(stepResults.callSubmissionId, submissionId));
  const byStep = new Map(results.map((r) => [r.stepId, r.content]));
  const problems: Array<{ path: string; messageKey: string }> = [];
  for (const step of await stepsOfCall(db, call)) {
    const type = step.stepType?.name;
    const content = byStep.get(step.id);
    if (type === 'text') {
      const answer = content ? ZTextAnswer.safeParse(JSON.parse(content)) : null;
      if (!answer?.success || !answer.data.answer.trim())
        problems.push({ path: step.id, messageKey: 'errors.submissions.textMissing' });
    }
    if (type === 'miniDyi') problems.push(...(await impactAnswerMissing(db, step, content)));
    if (type === 'upload') {
      const def = parseStepContent('upload', step.content);
      const slots = def.ok ? (def.value as TUploadStepContent) : [];
      const uploaded = content ? ZUploadAnswer.safeParse(JSON.parse(content)) : null;
      const have = new Set(uploaded?.success ? uploaded.data.files.map((f) => f.slot) : []);
      for (const slot of slots) {
        if (slot.mandatory && !have.has(slot.file_name)) {
          problems.push({ path: `${step.id}.${slot.file_name}`, messageKey: 'errors.submissions.fileMissing' });
        }
      }
    }
  }
  return problems;
}

/** POST Call/CloseCallSubmission: all-or-nothing; a closed submission is read-only until reopened. */
export async function closeSubmission(db: Db, user: SessionUser, submissionId: string, now = new Date()) {
  return db.transaction(async (tx) => {
    const { submission, call } = await loadSubmissionFor(tx, user, submissionId, { forUpdate: true });
    assertWritable(submission, call, now);
    const problems = await missingAnswers(tx, call, submissionId);
    if (problems.length) throw invalid(problems, 'errors.submissions.incomplete');
    await tx
      .update(callSubmissions)
      .set({ closed: true, closedAt: now, updatedAt: now })
      .where(eq(callSubmissions.id, submissionId));
    return { id: submissionId, closed: true };
  });
}
