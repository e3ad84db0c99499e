import { createHash } from 'node:crypto';
import {
  EMPTY_ID,
  type TCallText,
  type TLanguage,
  type TUserCallListItem,
  type TUserCallListQuery,
  textLanguages,
  translatedOr,
  USER_CALL_PAGE_SIZE,
} from '@impact/domain';
import { fillPlaceholders, type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { type Db, executeText } from '../../db/client';
import { RESPONSE_FORMAT } from '../../lib/response-format';
import type { SessionUser } from '../../plugins/authentication';

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
 * call's lock has ended, and a request for changes neither answered nor withdrawn with its due
 * date (the card judges whether it has passed, so the page does not change with the clock). Paged
 * when asked (`page`, `pageSize`), the whole list otherwise; `total` counts every visible call. The card holds what the applicant's contract (ZUserCallListItem)
 * names, and the route's compiled serializer writes nothing else. Name and description are in the
 * request's language where the call has them (only that language's texts are read), the default
 * language's otherwise.
 */

/** How the filter compares addresses: trimmed, lower-case (the user's side; the list's is in SQL). */
const normalEmail = (email: string) => email.trim().toLowerCase();

const now = sql.placeholder('now');
const email = sql.placeholder('email');
const organization = sql.placeholder('organizationId');
const language = sql.placeholder('language');

/** `moment`: how many of the instants at which the list changes by itself have passed (0028). */
const TAG_PARTS = sql`v.version::text as "callsVersion",
  width_bucket(${now}::timestamptz, v.moments) as "moment",
  coalesce((select o.version from organization_list_versions o where o.organization_id = ${organization}::uuid), 0)::text as "organizationVersion"`;

/** The tag alone: two primary-key reads and a binary search in a sorted array. */
const TAG_QUERY = sql`select ${TAG_PARTS} from catalogue_versions v where v.name = 'calls'`;

/** A timestamp as `Date.toISOString()` writes it (milliseconds, as the rest of the API). */
const iso = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
/** What JavaScript's String.trim() removes that matters in an address list typed by hand. */
const SPACE = sql.raw(`E' \\t\\n\\r\\f\\v'`);
const ORDER = sql`p.rank, case when p.rank < 2 then p.closing_at end, case when p.rank = 2 then p.closing_at end desc, p.id`;

/** Whether the call `c` is shown to the address asked (its e-mail filter, as `emailAllowedByFilter` reads it). */
const ALLOWED = sql`(not c.is_user_filter_enable or exists (
  select 1 from unnest(string_to_array(c.user_filter_email, ',')) as e(address)
  where btrim(e.address, ${SPACE}) <> '' and lower(btrim(e.address, ${SPACE})) = ${email}))`;
/** The rows a page can hold, counted from the first: offset + limit (NULL: the whole list). */
const END = sql`${sql.placeholder('end')}::int`;

/**
 * One page, its total and its tag in one statement (one snapshot: the tag never names a newer
 * state than the body). Each rank is read in its own order from a narrow index of the non-draft
 * calls (`calls_applicant_list`) and stops once it holds as many rows as the page needs, so a page
 * costs about its own size, not the number of calls; the three are then ordered and paged. The
 * total is the non-draft calls the trigger counts (`listed_calls`) less those whose filter leaves
 * this address out (a partial index holds the filtered ones). Only the page's rows are read
 * whole, by primary key, with the organization's submission and decision. A page past the end
 * still brings one row (the total and the tag), with no call.
 */
const PAGE_QUERY = sql`
with page as (
  select p.id, p.rank, p.closing_at from (
    (select c.id, 0 as rank, c.closing_at from calls c
     where not c.draft and c.closing_at >= ${now}::timestamptz and c.opening_at <= ${now}::timestamptz and ${ALLOWED}
     order by c.closing_at, c.id limit ${END})
    union all
    (select c.id, 1 as rank, c.closing_at from calls c
     where not c.draft and c.closing_at >= ${now}::timestamptz and c.opening_at > ${now}::timestamptz and ${ALLOWED}
     order by c.closing_at, c.id limit ${END})
    union all
    (select c.id, 2 as rank, c.closing_at from calls c
     where not c.draft and c.closing_at < ${now}::timestamptz and ${ALLOWED}
     order by c.closing_at desc, c.id limit ${END})
  ) p
  order by ${ORDER}
  limit ${sql.placeholder('limit')}::int offset ${sql.placeholder('offset')}::int
)
select m.*, c.id, c.name, c.description, c.translations -> ${language}::text as "texts",
  ${iso(sql`c.opening_at`)} as "openingAt", ${iso(sql`c.closing_at`)} as "closingAt",
  ${iso(sql`c.call_lock_end`)} as "callLockEnd", c.call_type_id as "callTypeId",
  c.is_user_filter_enable as "isUserFilterEnable", c.user_power_bi_report_id as "userPowerBIReportID",
  c.user_power_bi_workspace_id as "userPowerBIWorkspaceID", c.custom_file_id as "customFileId",
  c.custom_file_name as "customFileName", c.draft, c.draft_retention_months as "draftRetentionMonths",
  c.retention_years as "retentionYears", ${iso(sql`c.created_at`)} as "createdAt", ${iso(sql`c.updated_at`)} as "updatedAt",
  s.id as "submissionId", s.closed as "submissionClosed", s.stage as "submissionStage",
  ${iso(sql`s.stage_closing_at`)} as "stageClosingAt", s.stage_closed_at is not null as "stageClosed",
  case when c.call_lock_end is null or c.call_lock_end <= ${now}::timestamptz then d.outcome end as "outcome",
  d.message as "outcomeMessage",
  (select ${iso(sql`cr.due_at`)} from submission_change_requests cr
   where cr.call_submission_id = s.id and cr.answered_at is null and cr.withdrawn_at is null
   order by cr.created_at desc limit 1) as "changesDueAt"
from (
  select v.listed_calls - (select count(*) from calls c where not c.draft and c.is_user_filter_enable and not ${ALLOWED})::int
           as total,
         ${TAG_PARTS}
  from catalogue_versions v where v.name = 'calls'
) m
left join (page p
  -- LIMIT keeps the planner from turning 20 primary-key reads into a scan of every call.
  cross join lateral (select * from calls c where c.id = p.id limit 1) c
  left join call_submissions s on s.call_id = p.id and s.organization_id = ${organization}::uuid
  left join review_decisions d on d.submission_id = s.id) on true
order by ${ORDER}`;

/**
 * Rendered once: the text of each statement never changes (it is prepared once per connection),
 * and rendering it was a measurable share of a request; only the values are filled per request.
 */
const dialect = new PgDialect();
const TAG_STATEMENT = { name: 'call_list_tag', ...dialect.sqlToQuery(TAG_QUERY) };
const PAGE_STATEMENT = { name: 'call_list_page', ...dialect.sqlToQuery(PAGE_QUERY) };

type TagRow = { callsVersion: string; moment: number; organizationVersion: string };
type PageRow = TagRow &
  Omit<
    TUserCallListItem,
    | 'id'
    | 'customFile'
    | 'submissionId'
    | 'submissionClosed'
    | 'outcome'
    | 'submissionStage'
    | 'stageClosed'
    | 'changesDueAt'
  > & {
    total: number;
    id: string | null;
    customFileId: string | null;
    customFileName: string | null;
    submissionId: string | null;
    submissionClosed: boolean | null;
    submissionStage: number | null;
    stageClosed: boolean | null;
    outcome: NonNullable<TUserCallListItem['outcome']>['outcome'] | null;
    outcomeMessage: string | null;
    changesDueAt: string | null;
    /** The call's texts in the language asked (null for the default language's, or none written). */
    texts: TCallText | null;
  };

/** Who asks, in which language, and when. */
type Asked = { now: Date; email: string; organizationId: string | null; language: TLanguage };

function run<T>(
  db: Db,
  statement: { name: string; sql: string; params: unknown[] },
  asked: Asked,
  query: TUserCallListQuery,
) {
  const paged = query.page !== undefined || query.pageSize !== undefined;
  const pageSize = query.pageSize ?? USER_CALL_PAGE_SIZE;
  const offset = paged ? ((query.page ?? 1) - 1) * pageSize : 0;
  const values = fillPlaceholders(statement.params, {
    now: asked.now.toISOString(),
    email: asked.email,
    organizationId: asked.organizationId,
    language: asked.language,
    // No paging asked: the whole list (LIMIT NULL is no limit).
    limit: paged ? pageSize : null,
    offset,
    end: paged ? offset + pageSize : null,
  });
  return executeText<T>(db, statement.name, statement.sql, values);
}

/**
 * The weak ETag of a page: what the database says the page depends on (the calls' version, the
 * moments passed, the organization's version), the language the page is written in, and, hashed,
 * whose page it is (the address the e-mail filter reads, the organization, the page asked): two
 * users never share a tag, nor one user's pages in two languages.
 */
function tagOf(row: TagRow, asked: Asked, query: TUserCallListQuery) {
  const whose = createHash('sha256')
    .update(`${asked.email}\n${asked.organizationId ?? ''}\n${query.page ?? ''}\n${query.pageSize ?? ''}`)
    .digest('base64url')
    .slice(0, 16);
  return `W/"f${RESPONSE_FORMAT}.${row.callsVersion}.${row.moment}.${row.organizationVersion}.${asked.language}.${whose}"`;
}

const askedOf = (user: SessionUser, organizationId: string | null, language: TLanguage, at: Date): Asked => ({
  now: at,
  email: normalEmail(user.email),
  organizationId,
  language,
});

/** The ETag the page would have now, without reading the page. */
export async function callListTag(
  db: Db,
  user: SessionUser,
  organizationId: string | null,
  language: TLanguage,
  query: TUserCallListQuery = {},
  at = new Date(),
): Promise<string> {
  const asked = askedOf(user, organizationId, language, at);
  const [row] = await run<TagRow>(db, TAG_STATEMENT, asked, query);
  if (!row) throw new Error('catalogue_versions has no calls row');
  return tagOf(row, asked, query);
}

/** The page in the applicant's contract, with its total and ETag. */
export async function callListPage(
  db: Db,
  user: SessionUser,
  organizationId: string | null,
  language: TLanguage,
  query: TUserCallListQuery = {},
  at = new Date(),
): Promise<{ items: TUserCallListItem[]; total: number; tag: string }> {
  const asked = askedOf(user, organizationId, language, at);
  const rows = await run<PageRow>(db, PAGE_STATEMENT, asked, query);
  const first = rows[0];
  if (!first) throw new Error('catalogue_versions has no calls row');
  const items: TUserCallListItem[] = [];
  for (const row of rows) if (row.id) items.push(cardOf(row, row.id, language));
  return { items, total: first.total, tag: tagOf(first, asked, query) };
}

function cardOf(row: PageRow, id: string, language: TLanguage): TUserCallListItem {
  return {
    id,
    name: translatedOr(row.texts?.name, row.name),
    description: translatedOr(row.texts?.description, row.description),
    textLanguages: textLanguages(row.texts ?? undefined, language),
    openingAt: row.openingAt,
    closingAt: row.closingAt,
    callLockEnd: row.callLockEnd,
    callTypeId: row.callTypeId,
    isUserFilterEnable: row.isUserFilterEnable,
    userPowerBIReportID: row.userPowerBIReportID,
    userPowerBIWorkspaceID: row.userPowerBIWorkspaceID,
    submissionId: row.submissionId ?? EMPTY_ID,
    submissionClosed: row.submissionClosed ?? false,
    // The stage reached, its own deadline and whether it was submitted (decision 0034).
    submissionStage: row.submissionStage === 2 ? 2 : 1,
    stageClosingAt: row.stageClosingAt ?? null,
    stageClosed: row.stageClosed ?? false,
    customFile: row.customFileId ? { id: row.customFileId, name: row.customFileName ?? '' } : null,
    draft: row.draft,
    draftRetentionMonths: row.draftRetentionMonths,
    retentionYears: row.retentionYears,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    outcome: row.outcome ? { outcome: row.outcome, message: row.outcomeMessage ?? '' } : null,
    changesDueAt: row.changesDueAt,
  };
}
