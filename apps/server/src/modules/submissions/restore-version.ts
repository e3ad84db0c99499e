import type { TRestoreStepVersionRequest } from '@impact/domain';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { stepResults, stepResultVersions } from '../../db/schema';
import { notFound } from '../../lib/app-error';
import type { SessionUser } from '../../plugins/authentication';
import type { StepCache } from '../calls/step-cache';
import type { Told } from '../presence/step-saves';
import { loadSubmissionFor } from '../submission-core/access';
import { upsertStepResult } from './service';

/**
 * POST Call/RestoreStepResultVersion: a kept version's content saved again as the step's newest
 * version, through the autosave's own write, so every rule of a save holds (owners and editors,
 * open submission, before the deadline, the step type's checks and score) and the history gains
 * a row saying which version it came from (docs/decisions/0030).
 */
export async function restoreStepVersion(
  db: Db,
  stepCache: StepCache,
  user: SessionUser,
  input: TRestoreStepVersionRequest,
  options: { now?: Date; told?: Told } = {},
) {
  const { submissionId, stepId, version } = input;
  // Who may not write learns nothing about the versions (404 for non-members, 403 for viewers).
  await loadSubmissionFor(db, user, submissionId, { need: 'write' });
  const [kept] = await db
    .select({ content: stepResultVersions.content })
    .from(stepResultVersions)
    .where(
      and(
        eq(stepResultVersions.callSubmissionId, submissionId),
        eq(stepResultVersions.stepId, stepId),
        eq(stepResultVersions.version, version),
      ),
    );
  if (!kept) throw notFound('errors.submissions.noSuchVersion');
  const [current] = await db
    .select({ version: stepResults.version })
    .from(stepResults)
    .where(and(eq(stepResults.callSubmissionId, submissionId), eq(stepResults.stepId, stepId)));
  return upsertStepResult(
    db,
    stepCache,
    user,
    {
      callSubmissionId: submissionId,
      stepId,
      content: kept.content,
      // Based on the version read just now: a save racing the restore makes it 409, not lost.
      version: current?.version ?? 0,
      restoredFrom: version,
    },
    options,
  );
}
