import { roleAllows, type TStepHistory, type TStepMilestone } from '@impact/domain';
import { and, asc, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { stepResults, stepResultVersions, steps, submissionRecords, users } from '../../db/schema';
import { notFound } from '../../lib/app-error';
import type { SessionUser } from '../../plugins/authentication';
import { loadSubmissionFor } from '../submission-core/access';
import { withOpenChangeRequest } from '../submission-core/change-requests';
import { authorOf } from '../submission-core/step-authors';
import { isStepWritable } from '../submission-core/writes';

/**
 * The newest versions listed, each with its whole content: a long-lived answer (hours of typing,
 * or restores in a loop) must not make one history answer as large as all its versions together.
 */
export const HISTORY_LENGTH = 100;

/**
 * GET Call/GetStepResultHistory: every kept version of one step's answer, newest first, and the
 * Submits as milestones (docs/decisions/0030). For the organization's members, viewers included;
 * not for admins or reviewers as such (a non-member is 404 whatever their roles): a team's drafts
 * are the team's.
 */
export async function getStepHistory(
  db: Db,
  user: SessionUser,
  submissionId: string,
  stepId: string,
  now = new Date(),
): Promise<TStepHistory> {
  const { submission, call, role } = await loadSubmissionFor(db, user, submissionId, { need: 'read' });
  const [step] = await db
    .select({ id: steps.id, stage: steps.stage })
    .from(steps)
    .where(and(eq(steps.id, stepId), eq(steps.callTypeId, call.callTypeId)));
  // A step of a stage not reached does not exist for the organization (decision 0034).
  if (!step || step.stage > submission.stage) throw notFound('errors.submissions.stepNotInCall');

  const versions = await db
    .select({
      version: stepResultVersions.version,
      savedAt: stepResultVersions.savedAt,
      content: stepResultVersions.content,
      restoredFrom: stepResultVersions.restoredFrom,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(stepResultVersions)
    .leftJoin(users, eq(users.id, stepResultVersions.authorUserId))
    .where(and(eq(stepResultVersions.callSubmissionId, submissionId), eq(stepResultVersions.stepId, stepId)))
    .orderBy(desc(stepResultVersions.version))
    .limit(HISTORY_LENGTH);
  const records = await db
    .select({ closedAt: submissionRecords.closedAt, firstName: users.firstName, lastName: users.lastName })
    .from(submissionRecords)
    .leftJoin(users, eq(users.id, submissionRecords.closedByUserId))
    .where(eq(submissionRecords.callSubmissionId, submissionId))
    .orderBy(asc(submissionRecords.closedAt));
  const [current] = await db
    .select({ version: stepResults.version })
    .from(stepResults)
    .where(and(eq(stepResults.callSubmissionId, submissionId), eq(stepResults.stepId, stepId)));

  // A Submit froze the newest version saved before it (writes wait for a close and are refused after).
  const milestones: TStepMilestone[] = records.map((r) => ({
    closedAt: r.closedAt.toISOString(),
    closedBy: authorOf(r.firstName, r.lastName),
    version: versions.find((v) => v.savedAt.getTime() <= r.closedAt.getTime())?.version ?? null,
  }));
  const writable = isStepWritable(await withOpenChangeRequest(db, submission, now), call, step, now);
  return {
    submissionId,
    stepId,
    currentVersion: current?.version ?? 0,
    canRestore: writable && roleAllows(role, 'write'),
    versions: versions.map((v) => ({
      version: v.version,
      savedAt: v.savedAt.toISOString(),
      author: authorOf(v.firstName, v.lastName),
      content: v.content,
      restoredFrom: v.restoredFrom,
    })),
    milestones,
  };
}
