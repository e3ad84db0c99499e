import { createHash } from 'node:crypto';
import { EMPTY_ID, type TUserCallListItem, type TUserCallListQuery, USER_CALL_PAGE_SIZE } from '@impact/domain';
import { getTableColumns, sql } from 'drizzle-orm';
import { type Db, executePrepared } from '../../db/client';
import { calls } from '../../db/schema';
import type { SessionUser } from '../../plugins/authentication';
import { toCallListItem } from '../calls/service';
import type { CallRow } from '../submission-core/access';
import { forApplicant } from './service';

/*
 * GET Call/GetCallListUser, read from the database on every request: one prepared statement per
 * page, and for a revalidation (If-None-Match) a smaller one that reads only what the page's ETag
 * is made of (docs/decisions/0023-call-list-as-paged-sql-with-etag.md). Nothing is kept in
 * memory, so a change shows on the next request whichever instance or SQL session made it.
 *
 * Order: open calls first (closing soonest first), then those not open yet (closing soonest
 * first), then closed ones (most recently closed first); the id breaks ties. A call is open from
 * `opening_at` and closed once now > `closing_at`. Drafts are never shown; a call behind its
 * e-mail filter only to the addresses listed (comma-separated, trimmed, case-insensitive: the
 * domain's `emailAllowedByFilter`, held together by a test). A decision shows on its card once the
 * call's lock has ended. Paged when asked (`page`, `pageSize`), the whole list otherwise; `total`
 * counts every visible call.
 */

/** How the filter compares addresses: trimmed, lower-case (the user's side; the list's is in SQL). */
const normalEmail = (email: string) => email.trim().toLowerCase();

/** The parameters both statements share, in this order: $1 now, $2 e-mail, $3 organization. */
type Asked = { now: Date; email: string; organizationId: string | null };

/** The values both statements read; the text of each never changes, so each is prepared once per connection. */
type Values = { now: string; email: string; organizationId: string | null; limit: number | null; offset: number };

/** `moment`: how many of the instants at which the list changes by itself have passed (0028). */
const tagParts = (v: Values) => sql`v.version::text as "callsVersion",
  width_bucket(${v.now}::timestamptz, v.moments) as "moment",
  coalesce((select o.version from organization_list_versions o where o.organization_id = ${v.organizationId}::uuid), 0)::text as "organizationVersion"`;

/** The tag alone: two primary-key reads and a binary search in a sorted array. */
const tagQuery = (v: Values) => sql`select ${tagParts(v)} from catalogue_versions v where v.name = 'calls'`;

/** The card's columns under the names the Drizzle row has, so the admin list's mapping serves. */
const COLUMNS = Object.entries(getTableColumns(calls));
const CALL_COLUMNS = sql.join(
  COLUMNS.map(([key, column]) => sql`c.${sql.identifier(column.name)} as ${sql.identifier(key)}`),
  sql`, `,
);

const ORDER = sql`p.rank, case when p.rank < 2 then p.closing_at end, case when p.rank = 2 then p.closing_at end desc, p.id`;
/** What JavaScript's String.trim() removes that matters in an address list typed by hand. */
const SPACE = sql.raw(`E' \\t\\n\\r\\f\\v'`);

/**
 * One page, its total and its tag in one statement (one snapshot: the tag never names a newer
 * state than the body). The visible calls are narrow rows (id, rank, closing) counted and sorted;
 * only the page's rows are read whole, with the organization's submission and decision. A page
 * past the end still brings one row (the total and the tag), with no call.
 */
const pageQuery = (v: Values) => sql`
with visible as (
  select c.id, c.closing_at,
    case when c.closing_at < ${v.now}::timestamptz then 2 when c.opening_at > ${v.now}::timestamptz then 1 else 0 end as rank
  from calls c
  where not c.draft
    and (not c.is_user_filter_enable or exists (
      select 1 from unnest(string_to_array(c.user_filter_email, ',')) as e(address)
      where btrim(e.address, ${SPACE}) <> '' and lower(btrim(e.address, ${SPACE})) = ${v.email}))
),
page as (
  select p.id, p.rank, p.closing_at from visible p order by ${ORDER}
  limit ${v.limit}::int offset ${v.offset}::int
)
select m.*, p.rank, ${CALL_COLUMNS},
  s.id as "submissionId", s.closed as "submissionClosed",
  case when c.call_lock_end is null or c.call_lock_end <= ${v.now}::timestamptz then d.outcome end as "outcome",
  d.message as "outcomeMessage"
from (select (select count(*) from visible)::int as total, ${tagParts(v)} from catalogue_versions v where v.name = 'calls') m
left join (page p
  join calls c on c.id = p.id
  left join call_submissions s on s.call_id = p.id and s.organization_id = ${v.organizationId}::uuid
  left join review_decisions d on d.submission_id = s.id) on true
order by ${ORDER}`;

type TagRow = { callsVersion: string; moment: number; organizationVersion: string };
type PageRow = TagRow & {
  id: string | null;
  total: number;
  rank: number | null;
  submissionId: string | null;
  submissionClosed: boolean | null;
  outcome: NonNullable<TUserCallListItem['outcome']>['outcome'] | null;
  outcomeMessage: string | null;
};

/** What the statements are given for this request. */
function valuesOf(asked: Asked, query: TUserCallListQuery = {}): Values {
  const paged = query.page !== undefined || query.pageSize !== undefined;
  const pageSize = query.pageSize ?? USER_CALL_PAGE_SIZE;
  return {
    now: asked.now.toISOString(),
    email: asked.email,
    organizationId: asked.organizationId,
    // No paging asked: the whole list (LIMIT NULL is no limit).
    limit: paged ? pageSize : null,
    offset: paged ? ((query.page ?? 1) - 1) * pageSize : 0,
  };
}

/**
 * The weak ETag of a page: what the database says the page depends on (the calls' version, the
 * moments passed, the organization's version) and, hashed, whose page it is (the address the
 * e-mail filter reads, the organization, the page asked): two users never share a tag.
 */
function tagOf(row: TagRow, asked: Asked, query: TUserCallListQuery) {
  const whose = createHash('sha256')
    .update(`${asked.email}\n${asked.organizationId ?? ''}\n${query.page ?? ''}\n${query.pageSize ?? ''}`)
    .digest('base64url')
    .slice(0, 16);
  return `W/"${row.callsVersion}.${row.moment}.${row.organizationVersion}.${whose}"`;
}

const askedOf = (user: SessionUser, organizationId: string | null, now: Date): Asked => ({
  now,
  email: normalEmail(user.email),
  organizationId,
});

/** The ETag the page would have now, without reading the page. */
export async function callListTag(
  db: Db,
  user: SessionUser,
  organizationId: string | null,
  query: TUserCallListQuery = {},
  now = new Date(),
): Promise<string> {
  const asked = askedOf(user, organizationId, now);
  const [row] = await executePrepared<TagRow>(db, 'call_list_tag', tagQuery(valuesOf(asked, query)));
  if (!row) throw new Error('catalogue_versions has no calls row');
  return tagOf(row, asked, query);
}

/** The page in the applicant's contract, with its total and ETag. */
export async function callListPage(
  db: Db,
  user: SessionUser,
  organizationId: string | null,
  query: TUserCallListQuery = {},
  now = new Date(),
): Promise<{ items: TUserCallListItem[]; total: number; tag: string }> {
  const asked = askedOf(user, organizationId, now);
  const rows = await executePrepared<PageRow>(db, 'call_list_page', pageQuery(valuesOf(asked, query)));
  const first = rows[0];
  if (!first) throw new Error('catalogue_versions has no calls row');
  const items: TUserCallListItem[] = [];
  for (const row of rows) if (row.id) items.push(cardOf(row, callRowOf(row)));
  return { items, total: first.total, tag: tagOf(first, asked, query) };
}

/** The card as the applicant's contract has it (the serializer drops what it does not name). */
function cardOf(row: PageRow, call: CallRow): TUserCallListItem {
  const { steps: _steps, ...card } = forApplicant({ ...toCallListItem(call), steps: [] }, null);
  return {
    ...card,
    submissionId: row.submissionId ?? EMPTY_ID,
    submissionClosed: row.submissionClosed ?? false,
    outcome: row.outcome ? { outcome: row.outcome, message: row.outcomeMessage ?? '' } : null,
  };
}

/** The call's columns as Drizzle maps them (a raw statement leaves timestamps as the driver's text). */
function callRowOf(row: PageRow): CallRow {
  const raw = row as unknown as Record<string, unknown>;
  const call: Record<string, unknown> = {};
  for (const [key, column] of COLUMNS) {
    const value = raw[key];
    call[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return call as CallRow;
}
