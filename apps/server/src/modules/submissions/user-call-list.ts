import type { TUserCallListItem, TUserCallListQuery } from '@impact/domain';
import { USER_CALL_PAGE_SIZE } from '@impact/domain';
import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { callSubmissions, calls, reviewDecisions } from '../../db/schema';
import type { SessionUser } from '../../plugins/authentication';
import { toCallListItem } from '../calls/service';
import { forApplicant } from './service';

/**
 * The e-mail filter of SPEC 1 and 6 in SQL, so the database returns only the calls this user may
 * see (and counts them): the same rule as `emailAllowedByFilter` — comma-separated, case-insensitive,
 * spaces trimmed, empty entries ignored. A test holds the two together.
 */
export function visibleTo(email: string): SQL {
  const me = email.trim().toLowerCase();
  // Drafts (a call just created, not yet saved with a name and steps) are nobody's to see.
  return sql`(not ${calls.draft} and (not ${calls.isUserFilterEnable} or ${me} in (
    select lower(trim(e)) from unnest(string_to_array(${calls.userFilterEmail}, ',')) as e where trim(e) <> '')))`;
}

/**
 * GET Call/GetCallListUser: the calls this user may see, without their steps, open ones first
 * (closing soonest first), then those not open yet, then closed ones (most recently closed first);
 * with the selected organization's submission. Paged when asked (`page`, `pageSize`), the whole list
 * otherwise; `total` counts every visible call.
 */
export async function listCallsForUser(
  db: Db,
  user: SessionUser,
  organizationId: string | null,
  query: TUserCallListQuery = {},
  now = new Date(),
): Promise<{ items: TUserCallListItem[]; total: number }> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const closed = sql`${calls.closingAt} < ${at}`;
  const rank = sql`case when ${closed} then 2 when ${calls.openingAt} > ${at} then 1 else 0 end`;
  const byClosing = sql`case when ${closed} then -extract(epoch from ${calls.closingAt}) else extract(epoch from ${calls.closingAt}) end`;
  const paged = query.page !== undefined || query.pageSize !== undefined;
  const pageSize = query.pageSize ?? USER_CALL_PAGE_SIZE;
  // The page is chosen on narrow rows (id, order keys, the count), then only its calls are read
  // whole and joined to the organization's submissions.
  const ordered = db
    .select({
      id: calls.id,
      total: sql<string>`count(*) over ()`.as('total'),
      rank: sql<number>`${rank}`.as('rank'),
      byClosing: sql<number>`${byClosing}`.as('by_closing'),
    })
    .from(calls)
    .where(visibleTo(user.email))
    .orderBy(rank, byClosing, asc(calls.id))
    .$dynamic();
  const page = (paged ? ordered.limit(pageSize).offset(((query.page ?? 1) - 1) * pageSize) : ordered).as('page');
  const rows = await db
    .select({
      call: calls,
      submissionId: callSubmissions.id,
      submissionClosed: callSubmissions.closed,
      outcome: reviewDecisions.outcome,
      outcomeMessage: reviewDecisions.message,
      total: page.total,
    })
    .from(page)
    .innerJoin(calls, eq(calls.id, page.id))
    .leftJoin(
      callSubmissions,
      organizationId
        ? and(eq(callSubmissions.callId, calls.id), eq(callSubmissions.organizationId, organizationId))
        : sql`false`,
    )
    .leftJoin(reviewDecisions, eq(reviewDecisions.submissionId, callSubmissions.id))
    .orderBy(page.rank, page.byClosing, asc(calls.id));
  const total = rows[0] ? Number(rows[0].total) : paged ? await countVisible(db, user) : 0;
  const items = rows.map((r) => {
    const submission = r.submissionId ? { id: r.submissionId, closed: r.submissionClosed ?? false } : null;
    const { steps: _steps, ...item } = forApplicant({ ...toCallListItem(r.call), steps: [] }, submission);
    // Issue 18: the decision shows on the card only once the call's lock has ended (server-enforced).
    const outcome =
      r.outcome && !(r.call.callLockEnd && r.call.callLockEnd.getTime() > now.getTime())
        ? { outcome: r.outcome, message: r.outcomeMessage ?? '' }
        : null;
    return { ...item, outcome };
  });
  return { items, total };
}

/** A page past the end has no rows to carry the count. */
async function countVisible(db: Db, user: SessionUser) {
  const [row] = await db.select({ n: sql<string>`count(*)` }).from(calls).where(visibleTo(user.email));
  return Number(row?.n ?? 0);
}
