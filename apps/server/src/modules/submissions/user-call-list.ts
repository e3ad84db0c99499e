import { EMPTY_ID, type TUserCallListItem, type TUserCallListQuery, USER_CALL_PAGE_SIZE } from '@impact/domain';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { callSubmissions, catalogueVersions, reviewDecisions } from '../../db/schema';
import type { SessionUser } from '../../plugins/authentication';
import { callCatalogue, normalEmail, visibleTo } from './call-catalogue';

/** The calls' version and the organization's submissions with their decisions: prepared once per database. */
function prepareOrgState(db: Db) {
  const query = (withOrganization: boolean) =>
    db
      .select({
        version: catalogueVersions.version,
        callId: callSubmissions.callId,
        submissionId: callSubmissions.id,
        closed: callSubmissions.closed,
        outcome: reviewDecisions.outcome,
        outcomeMessage: reviewDecisions.message,
      })
      .from(catalogueVersions)
      .leftJoin(
        callSubmissions,
        withOrganization ? eq(callSubmissions.organizationId, sql.placeholder('organizationId')) : sql`false`,
      )
      .leftJoin(reviewDecisions, eq(reviewDecisions.submissionId, callSubmissions.id))
      .where(eq(catalogueVersions.name, 'calls'))
      .prepare(withOrganization ? 'call_list_org_state' : 'call_list_version');
  return { withOrganization: query(true), without: query(false) };
}

const prepared = new WeakMap<Db, ReturnType<typeof prepareOrgState>>();

function orgState(db: Db, organizationId: string | null) {
  let statements = prepared.get(db);
  if (!statements) {
    statements = prepareOrgState(db);
    prepared.set(db, statements);
  }
  return organizationId ? statements.withOrganization.execute({ organizationId }) : statements.without.execute();
}

/**
 * GET Call/GetCallListUser: the calls this user may see, without their steps, open ones first
 * (closing soonest first), then those not open yet, then closed ones (most recently closed first);
 * with the selected organization's submission. Paged when asked (`page`, `pageSize`), the whole list
 * otherwise; `total` counts every visible call.
 *
 * One query per request: the calls' version and the organization's submissions with their
 * decisions. The calls themselves come from the in-memory catalogue (call-catalogue.ts), reloaded
 * first when that version moved; visibility (drafts never, the e-mail filter) and the order are
 * applied to it here.
 */
export async function listCallsForUser(
  db: Db,
  user: SessionUser,
  organizationId: string | null,
  query: TUserCallListQuery = {},
  now = new Date(),
): Promise<{ items: TUserCallListItem[]; total: number }> {
  const rows = await orgState(db, organizationId);
  const submissions = new Map<string, (typeof rows)[number]>();
  for (const row of rows) if (row.callId) submissions.set(row.callId, row);

  const at = now.getTime();
  const me = normalEmail(user.email);
  const ordered = await callCatalogue(db).ordered(rows[0]?.version ?? 0, at);
  const paged = query.page !== undefined || query.pageSize !== undefined;
  const pageSize = query.pageSize ?? USER_CALL_PAGE_SIZE;
  const first = paged ? ((query.page ?? 1) - 1) * pageSize : 0;
  const last = paged ? first + pageSize : Number.POSITIVE_INFINITY;
  const items: TUserCallListItem[] = [];
  let total = 0;
  for (const entry of ordered) {
    if (!visibleTo(entry, me)) continue;
    if (total >= first && total < last) {
      const s = submissions.get(entry.id);
      // Issue 18: the decision shows on the card only once the call's lock has ended (server-enforced).
      const outcome =
        s?.outcome && !(entry.lockEndMs !== null && entry.lockEndMs > at)
          ? { outcome: s.outcome, message: s.outcomeMessage ?? '' }
          : null;
      items.push({
        ...entry.card,
        submissionId: s?.submissionId ?? EMPTY_ID,
        submissionClosed: s?.closed ?? false,
        outcome,
      });
    }
    total++;
  }
  return { items, total };
}
