import { and, desc, eq, gte, isNull, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client';
import { submissionChangeRequests } from '../../db/schema';
import { reportOfClosedGrant } from './approved-report';

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

/**
 * The submission with what decides its writes beside its own columns, for `assertStepWritable`:
 * the steps its open request reopens, and whether it is the report of a closed grant (no longer
 * written, decision 0052: its form's call stays open, so the call's date does not stop it).
 */
export async function withOpenChangeRequest<T extends { id: string }>(
  db: Db | Tx,
  submission: T,
  now = new Date(),
): Promise<T & { reopenedStepIds: string[]; reportOfClosedGrant: boolean }> {
  const open = await openChangeRequest(db, submission.id, now);
  return {
    ...submission,
    reopenedStepIds: open?.stepIds ?? [],
    reportOfClosedGrant: await reportOfClosedGrant(db, submission.id),
  };
}

/** The rule `openChangeRequest` applies, in SQL, on the requests aliased `cr`. */
const isOpen = sql`cr.answered_at is null and cr.withdrawn_at is null and cr.due_at >= now()`;

/**
 * The due date of the request open on a submission, as a column of a query over many (null when
 * none is open).
 */
export const openChangeRequestDueAt = (submissionId: AnyPgColumn | SQL) =>
  sql<string | null>`(select cr.due_at from submission_change_requests cr
    where cr.call_submission_id = ${submissionId} and ${isOpen} order by cr.created_at desc limit 1)`;

/** The submissions with a request open, as a subquery. */
export const submissionsWithOpenChangeRequest = sql`select cr.call_submission_id from submission_change_requests cr where ${isOpen}`;
