import { and, desc, eq, gte, isNull } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { submissionChangeRequests } from '../../db/schema';

/*
 * The open request for changes of a submission (docs/decisions/0039-request-changes.md): neither
 * answered nor withdrawn, and not past its due date. Read here, below the modules that write
 * answers (submissions, files, impact) and the one that makes requests, so each asks the same.
 */

export type OpenChangeRequest = typeof submissionChangeRequests.$inferSelect;

export async function openChangeRequest(
  db: Db | Tx,
  submissionId: string,
  now = new Date(),
): Promise<OpenChangeRequest | null> {
  const [row] = await db
    .select()
    .from(submissionChangeRequests)
    .where(
      and(
        eq(submissionChangeRequests.callSubmissionId, submissionId),
        isNull(submissionChangeRequests.answeredAt),
        isNull(submissionChangeRequests.withdrawnAt),
        gte(submissionChangeRequests.dueAt, now),
      ),
    )
    .orderBy(desc(submissionChangeRequests.createdAt))
    .limit(1);
  return row ?? null;
}

/** The submission with the steps its open request reopens, for `assertStepWritable`. */
export async function withOpenChangeRequest<T extends { id: string }>(
  db: Db | Tx,
  submission: T,
  now = new Date(),
): Promise<T & { reopenedStepIds: string[] }> {
  const open = await openChangeRequest(db, submission.id, now);
  return { ...submission, reopenedStepIds: open?.stepIds ?? [] };
}
