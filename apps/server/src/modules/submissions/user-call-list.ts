import { EMPTY_ID, type TUserCallListItem, type TUserCallListQuery, USER_CALL_PAGE_SIZE } from '@impact/domain';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { callSubmissions, catalogueVersions, reviewDecisions } from '../../db/schema';
import type { SessionUser } from '../../plugins/authentication';
import { type OrgState, type OrgSubmissionRow, orgStateCache } from '../submission-core/org-state-cache';
import { type CatalogueEntry, callCatalogue, normalEmail, visibleTo } from './call-catalogue';

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

async function readOrgState(db: Db, organizationId: string | null): Promise<OrgState> {
  let statements = prepared.get(db);
  if (!statements) {
    statements = prepareOrgState(db);
    prepared.set(db, statements);
  }
  const rows = organizationId
    ? await statements.withOrganization.execute({ organizationId })
    : await statements.without.execute();
  const submissions: OrgSubmissionRow[] = [];
  for (const row of rows) {
    if (row.callId && row.submissionId)
      submissions.push({
        callId: row.callId,
        submissionId: row.submissionId,
        closed: row.closed ?? false,
        outcome: row.outcome,
        outcomeMessage: row.outcomeMessage,
      });
  }
  return { callsVersion: rows[0]?.version ?? 0, submissions };
}

/** From memory while the change feed vouches for it (org-state-cache.ts), from the database otherwise. */
function orgState(db: Db, organizationId: string | null): OrgState | Promise<OrgState> {
  const cache = orgStateCache(db);
  if (!cache) return readOrgState(db, organizationId);
  return cache.get(organizationId ?? '') ?? cache.load(organizationId ?? '', () => readOrgState(db, organizationId));
}

type CardOutcome = NonNullable<TUserCallListItem['outcome']>;
type PageRow = { entry: CatalogueEntry; submission: OrgSubmissionRow | undefined; outcome: CardOutcome | null };

/**
 * GET Call/GetCallListUser: the calls this user may see, without their steps, open ones first
 * (closing soonest first), then those not open yet, then closed ones (most recently closed first);
 * with the selected organization's submission. Paged when asked (`page`, `pageSize`), the whole list
 * otherwise; `total` counts every visible call.
 *
 * At most one query per request: the calls' version and the organization's submissions with their
 * decisions, and none while the database's change feed says neither changed (org-state-cache.ts).
 * The calls themselves come from the in-memory catalogue (call-catalogue.ts), reloaded first when
 * that version moved; visibility (drafts never, the e-mail filter) and the order are applied to it
 * here.
 */
async function pageOf(
  db: Db,
  user: SessionUser,
  organizationId: string | null,
  query: TUserCallListQuery,
  now: Date,
): Promise<{ rows: PageRow[]; total: number }> {
  const state = await orgState(db, organizationId);
  const at = now.getTime();
  const me = normalEmail(user.email);
  const { entries, restricted } = await callCatalogue(db).ordered(state.callsVersion, at);
  let hidden = 0;
  for (const entry of restricted) if (!visibleTo(entry, me)) hidden++;
  const paged = query.page !== undefined || query.pageSize !== undefined;
  const pageSize = query.pageSize ?? USER_CALL_PAGE_SIZE;
  const first = paged ? ((query.page ?? 1) - 1) * pageSize : 0;
  const last = paged ? first + pageSize : Number.POSITIVE_INFINITY;
  const submissions = new Map<string, OrgSubmissionRow>();
  for (const row of state.submissions) submissions.set(row.callId, row);
  const rows: PageRow[] = [];
  let index = 0;
  for (const entry of entries) {
    if (index >= last) break;
    if (!visibleTo(entry, me)) continue;
    if (index++ < first) continue;
    const submission = submissions.get(entry.id);
    // Issue 18: the decision shows on the card only once the call's lock has ended (server-enforced).
    const outcome =
      submission?.outcome && !(entry.lockEndMs !== null && entry.lockEndMs > at)
        ? { outcome: submission.outcome, message: submission.outcomeMessage ?? '' }
        : null;
    rows.push({ entry, submission, outcome });
  }
  return { rows, total: entries.length - hidden };
}

/** The page as objects (tests and callers inside the server). */
export async function listCallsForUser(
  db: Db,
  user: SessionUser,
  organizationId: string | null,
  query: TUserCallListQuery = {},
  now = new Date(),
): Promise<{ items: TUserCallListItem[]; total: number }> {
  const { rows, total } = await pageOf(db, user, organizationId, query, now);
  const items = rows.map(({ entry, submission, outcome }) => ({
    ...entry.card,
    submissionId: submission?.submissionId ?? EMPTY_ID,
    submissionClosed: submission?.closed ?? false,
    outcome,
  }));
  return { items, total };
}

/**
 * The same page as the JSON the route sends: each card's checked JSON (call-catalogue.ts) closed
 * with the organization's fields, whose values are ids, booleans and the decision (JSON.stringify).
 */
export async function callListJson(
  db: Db,
  user: SessionUser,
  organizationId: string | null,
  query: TUserCallListQuery = {},
  now = new Date(),
): Promise<{ json: string; total: number }> {
  const { rows, total } = await pageOf(db, user, organizationId, query, now);
  const parts = rows.map(
    ({ entry, submission, outcome }) =>
      `${entry.cardJson},"submissionId":"${submission?.submissionId ?? EMPTY_ID}","submissionClosed":${submission?.closed ?? false},"outcome":${outcome ? JSON.stringify(outcome) : 'null'}}`,
  );
  return { json: `[${parts.join(',')}]`, total };
}
