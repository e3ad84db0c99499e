import type { TStep, TStepAuthor, TStepResult } from '@impact/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { callSubmissions, stepResults } from '../../db/schema';
import { AppError, notFound } from '../../lib/app-error';
import { stepsOfCallTypes } from '../calls/call-types';
import type { CallRow, SubmissionRow } from './access';
import { keepStepVersion } from './step-versions';

/*
 * The writing rules every step-type service shares (submissions, files, impact): whether a
 * submission may still change, which step of its call an id names, and the versioned write of one
 * answer. Below the feature modules, so they use it without depending on each other.
 */

type StepResultRow = typeof stepResults.$inferSelect;

/** `author`: the name of `row.updatedByUserId` when the caller read it (null: unknown or erased). */
export function toStepResult(row: StepResultRow, hideScore: boolean, author: TStepAuthor | null = null): TStepResult {
  return {
    id: row.id,
    callSubmissionId: row.callSubmissionId,
    stepId: row.stepId,
    content: row.content,
    // A non-finite score (stored before the limits) is no score; it would break the response.
    score: hideScore || row.score === null || !Number.isFinite(row.score) ? null : row.score,
    version: row.version,
    updatedAt: row.updatedAt.toISOString(),
    updatedBy: row.updatedByUserId ? author : null,
  };
}

/** Writes are refused (409, nothing changes) on a closed submission or after the closing date. */
export function assertWritable(
  submission: Pick<SubmissionRow, 'closed'>,
  call: Pick<CallRow, 'closingAt'>,
  now = new Date(),
) {
  if (submission.closed) throw new AppError('closed', { messageKey: 'errors.submissions.closed' });
  if (now.getTime() > call.closingAt.getTime())
    throw new AppError('closed', { messageKey: 'errors.submissions.deadlinePassed' });
}

/**
 * Whether this step may be written now, stage by stage (docs/decisions/0034): a step of a stage
 * the organization has not reached does not exist for it (404, as a step of another call); one of
 * a stage it has left is read-only (409); stage 1 closes on the call's date and its Submit, stage 2
 * on the invitation's deadline and its own Submit.
 */
export function assertStepWritable(
  submission: Pick<SubmissionRow, 'closed' | 'stage' | 'stageClosingAt' | 'stageClosedAt'> & {
    /** The steps an open request for changes names, read by `withOpenChangeRequest` (decision 0039). */
    reopenedStepIds?: readonly string[];
    /** A report of a closed grant, read by `withOpenChangeRequest` (decision 0052). */
    reportOfClosedGrant?: boolean;
  },
  call: Pick<CallRow, 'closingAt'>,
  step: { stage: number; id?: string },
  now = new Date(),
) {
  if (step.stage > submission.stage) throw notFound('errors.submissions.stepNotInCall');
  if (submission.reportOfClosedGrant)
    throw new AppError('closed', { messageKey: 'errors.grantReports.closedForReports' });
  // An open request for changes reopens its steps whatever the stage's own state (its due date
  // was judged when it was read).
  if (step.id !== undefined && submission.reopenedStepIds?.includes(step.id)) return;
  if (step.stage < submission.stage) throw new AppError('closed', { messageKey: 'errors.stages.stageClosed' });
  if (submission.stage === 1) return assertWritable(submission, call, now);
  if (submission.stageClosedAt) throw new AppError('closed', { messageKey: 'errors.submissions.closed' });
  if (!submission.stageClosingAt || now.getTime() > submission.stageClosingAt.getTime())
    throw new AppError('closed', { messageKey: 'errors.submissions.deadlinePassed' });
}

/** `assertStepWritable` as a yes or no. */
export function isStepWritable(...args: Parameters<typeof assertStepWritable>): boolean {
  try {
    assertStepWritable(...args);
    return true;
  } catch {
    return false;
  }
}

/** The steps of a submission's call, in sort order (one query: this is on every autosave). */
export async function stepsOfCall(db: Db | Tx, call: CallRow): Promise<TStep[]> {
  return (await stepsOfCallTypes(db as Db, [call.callTypeId])).get(call.callTypeId) ?? [];
}

/** A step of the submission's call, of a stage it has reached: else 404 (stage 2 before the invitation does not exist for it). */
export async function stepOfSubmission(
  db: Db | Tx,
  call: CallRow,
  stepId: string,
  submission: Pick<SubmissionRow, 'stage'>,
): Promise<TStep> {
  const step = (await stepsOfCall(db, call)).find((s) => s.id === stepId);
  if (!step || step.stage > submission.stage) throw notFound('errors.submissions.stepNotInCall');
  return step;
}

export async function writeStepResult(
  tx: Tx | Db,
  submissionId: string,
  stepId: string,
  content: string,
  score: number | null,
  basedOn: number | null,
  /** The member writing: named as the step's last author and as its history version's (docs/decisions/0030). */
  by: { id: string },
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
      .values({ callSubmissionId: submissionId, stepId, content, score, version: 1, updatedByUserId: by.id })
      .returning();
    if (!row) throw new Error('insert failed');
    await keepStepVersion(tx, row, by.id);
    return toStepResult(row, false);
  }
  const [row] = await tx
    .update(stepResults)
    .set({ content, score, version: currentVersion + 1, updatedAt: sql`now()`, updatedByUserId: by.id })
    .where(eq(stepResults.id, current.id))
    .returning();
  if (!row) throw new Error('update failed');
  await keepStepVersion(tx, row, by.id);
  await tx.update(callSubmissions).set({ updatedAt: sql`now()` }).where(eq(callSubmissions.id, submissionId));
  return toStepResult(row, false);
}
