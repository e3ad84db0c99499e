import { EMPTY_ID, type TUserCallListItem, type TUserCallListQuery, USER_CALL_PAGE_SIZE } from '@impact/domain';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { callSubmissions, catalogueVersions, reviewDecisions } from '../../db/schema';
import type { SessionUser } from '../../plugins/authentication';
import { type OrgState, type OrgSubmissionRow, orgStateCache } from '../submission-core/org-state-cache';
import { type CatalogueEntry, type CatalogueOrder, callCatalogue, normalEmail, visibleTo } from './call-catalogue';
import { SentPage, sentPagesOf } from './call-list-pages';

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
/** What a page is made from: the organization's state and the calls in list order, read once per request. */
type Sources = { state: OrgState; order: CatalogueOrder; at: number };

async function sourcesOf(db: Db, organizationId: string | null, now: Date): Promise<Sources> {
  const state = await orgState(db, organizationId);
  const at = now.getTime();
  return { state, order: await callCatalogue(db).ordered(state.callsVersion, at), at };
}

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
 * here. `until`: the moment a lock on the page ends and a decision appears on its card.
 */
function pageOf(
  { state, order, at }: Sources,
  user: SessionUser,
  query: TUserCallListQuery,
): { rows: PageRow[]; total: number; until: number } {
  const me = normalEmail(user.email);
  const { entries, restricted } = order;
  let hidden = 0;
  for (const entry of restricted) if (!visibleTo(entry, me)) hidden++;
  const paged = query.page !== undefined || query.pageSize !== undefined;
  const pageSize = query.pageSize ?? USER_CALL_PAGE_SIZE;
  const first = paged ? ((query.page ?? 1) - 1) * pageSize : 0;
  const last = paged ? first + pageSize : Number.POSITIVE_INFINITY;
  const submissions = new Map<string, OrgSubmissionRow>();
  for (const row of state.submissions) submissions.set(row.callId, row);
  const rows: PageRow[] = [];
  let until = Number.POSITIVE_INFINITY;
  let index = 0;
  for (const entry of entries) {
    if (index >= last) break;
    if (!visibleTo(entry, me)) continue;
    if (index++ < first) continue;
    const submission = submissions.get(entry.id);
    // The decision shows on the card only once the call's lock has ended (server-enforced).
    const lockEnd = entry.lockEndMs ?? Number.NEGATIVE_INFINITY;
    const locked = lockEnd > at;
    if (submission?.outcome && locked) until = Math.min(until, lockEnd);
    const outcome =
      submission?.outcome && !locked ? { outcome: submission.outcome, message: submission.outcomeMessage ?? '' } : null;
    rows.push({ entry, submission, outcome });
  }
  return { rows, total: entries.length - hidden, until };
}

/** The page as objects (tests and callers inside the server). */
export async function listCallsForUser(
  db: Db,
  user: SessionUser,
  organizationId: string | null,
  query: TUserCallListQuery = {},
  now = new Date(),
): Promise<{ items: TUserCallListItem[]; total: number }> {
  const { rows, total } = pageOf(await sourcesOf(db, organizationId, now), user, query);
  const items = rows.map(({ entry, submission, outcome }) => ({
    ...entry.card,
    submissionId: submission?.submissionId ?? EMPTY_ID,
    submissionClosed: submission?.closed ?? false,
    outcome,
  }));
  return { items, total };
}

/**
 * The same page as the bytes the route sends: each card's checked JSON (call-catalogue.ts) closed
 * with the organization's fields, whose values are ids, booleans and the decision (JSON.stringify).
 * A paged request is answered from the pages already sent while they still hold (call-list-pages.ts).
 */
export async function callListPage(
  db: Db,
  user: SessionUser,
  organizationId: string | null,
  query: TUserCallListQuery = {},
  now = new Date(),
): Promise<SentPage> {
  const sources = await sourcesOf(db, organizationId, now);
  // Only pages whose organization state comes from the change-fed cache can be recognised again;
  // the whole list (no paging asked) is not kept.
  const pages = query.page !== undefined && orgStateCache(db) ? sentPagesOf(db) : null;
  const key = `${organizationId ?? ''} ${query.page} ${query.pageSize ?? USER_CALL_PAGE_SIZE} ${normalEmail(user.email)}`;
  const kept = pages?.get(key, sources.order.serial, sources.state.submissions, sources.at);
  if (kept) return kept;
  const page = pageOf(sources, user, query);
  const parts = page.rows.map(
    ({ entry, submission, outcome }) =>
      `${entry.cardJson},"submissionId":"${submission?.submissionId ?? EMPTY_ID}","submissionClosed":${submission?.closed ?? false},"outcome":${outcome ? JSON.stringify(outcome) : 'null'}}`,
  );
  const body = Buffer.from(`[${parts.join(',')}]`);
  const sent = new SentPage(body, page.total, sources.order.serial, sources.state.submissions, page.until);
  // A page past the end (no rows) is not kept: walking page numbers must not fill the memory.
  if (page.rows.length > 0) pages?.set(key, sent);
  return sent;
}
