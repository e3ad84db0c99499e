import { personName, type TCommentThread, type TStepComment, type TStepComments } from '@impact/domain';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { stepComments, users } from '../../db/schema';
import type { SessionUser } from '../../plugins/authentication';
import { loadSubmissionFor } from '../submission-core/access';

type Row = typeof stepComments.$inferSelect;

/** The open threads of every step of the submission that has one: the step menu's badges. */
export async function openThreadsByStep(db: Db, submissionId: string): Promise<Record<string, number>> {
  const rows = await db
    .select({ stepId: stepComments.stepId, n: sql<number>`count(*)::int` })
    .from(stepComments)
    .where(
      and(
        eq(stepComments.callSubmissionId, submissionId),
        isNull(stepComments.parentId),
        isNull(stepComments.resolvedAt),
      ),
    )
    .groupBy(stepComments.stepId);
  return Object.fromEntries(rows.map((r) => [r.stepId, Number(r.n)]));
}

/**
 * GET Call/GetStepComments: any member of the organization (a viewer too); anyone else, an admin
 * or a reviewer included, gets the same 404 as for a submission that does not exist.
 */
export async function getStepComments(
  db: Db,
  user: SessionUser,
  query: { submissionId: string; stepId?: string | undefined },
): Promise<TStepComments> {
  await loadSubmissionFor(db, user, query.submissionId, { need: 'read' });
  const openByStep = await openThreadsByStep(db, query.submissionId);
  if (!query.stepId) return { threads: [], openByStep };
  const rows = await db
    .select()
    .from(stepComments)
    .where(and(eq(stepComments.callSubmissionId, query.submissionId), eq(stepComments.stepId, query.stepId)))
    .orderBy(asc(stepComments.createdAt), asc(stepComments.id));
  return { threads: await toThreads(db, rows), openByStep };
}

/** Rows of one step, oldest first, as threads with their replies and the names of everyone named. */
async function toThreads(db: Db, rows: Row[]): Promise<TCommentThread[]> {
  const people = new Set<string>();
  for (const r of rows) {
    if (r.authorUserId) people.add(r.authorUserId);
    if (r.resolvedByUserId) people.add(r.resolvedByUserId);
    for (const m of r.mentions) people.add(m);
  }
  const named = people.size
    ? await db
        .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
        .from(users)
        .where(inArray(users.id, [...people]))
    : [];
  const nameOf = new Map(named.map((u) => [u.id, personName(u) || u.email]));
  const person = (id: string | null) => {
    const name = id ? nameOf.get(id) : undefined;
    return id && name !== undefined ? { userId: id, name } : null;
  };
  const comment = (r: Row): TStepComment => ({
    id: r.id,
    author: person(r.authorUserId),
    body: r.body,
    createdAt: r.createdAt.toISOString(),
    mentions: r.mentions.flatMap((m) => person(m) ?? []),
  });
  const threads = rows
    .filter((r) => !r.parentId)
    .map(
      (r): TCommentThread => ({
        ...comment(r),
        stepId: r.stepId,
        resolved: r.resolvedAt !== null,
        resolvedAt: r.resolvedAt?.toISOString() ?? null,
        resolvedBy: r.resolvedAt ? person(r.resolvedByUserId) : null,
        replies: [],
      }),
    );
  const byId = new Map(threads.map((t) => [t.id, t]));
  for (const r of rows) if (r.parentId) byId.get(r.parentId)?.replies.push(comment(r));
  return threads;
}
