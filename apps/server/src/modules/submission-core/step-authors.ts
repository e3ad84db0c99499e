import type { TStepAuthor } from '@impact/domain';
import { and, eq, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { stepResults, users } from '../../db/schema';

export type StepResultRow = typeof stepResults.$inferSelect;

/** A name read beside a step result, with the author's id when read; null when the row names no author (or the account is gone). */
export function authorOf(firstName: string | null, lastName: string | null, id?: string | null): TStepAuthor | null {
  if (firstName === null || lastName === null) return null;
  return id ? { firstName, lastName, id } : { firstName, lastName };
}

/**
 * Step results with the name of who saved each ("saved by" for a team), in the same query: a
 * left join on the users' primary key, so reading a submission costs no extra round trip.
 */
export async function stepResultsWithAuthors(
  db: Db | Tx,
  where: SQL | undefined,
): Promise<{ row: StepResultRow; author: TStepAuthor | null }[]> {
  const rows = await db
    .select({ row: stepResults, firstName: users.firstName, lastName: users.lastName })
    .from(stepResults)
    .leftJoin(users, eq(users.id, stepResults.updatedByUserId))
    .where(where);
  return rows.map((r) => ({ row: r.row, author: authorOf(r.firstName, r.lastName, r.row.updatedByUserId) }));
}

/** One step's stored answer and its author, or undefined. */
export async function stepResultWithAuthor(db: Db | Tx, submissionId: string, stepId: string) {
  const [found] = await stepResultsWithAuthors(
    db,
    and(eq(stepResults.callSubmissionId, submissionId), eq(stepResults.stepId, stepId)),
  );
  return found;
}
