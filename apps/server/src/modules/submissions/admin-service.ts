import {
  submissionNumberIn,
  submissionReference,
  type TDecisionOutcome,
  type TSubmissionListItem,
  type TSubmissionStatusFilter,
} from '@impact/domain';
import { and, desc, eq, gte, ilike, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import {
  callSubmissions,
  calls,
  files,
  grantReportPlans,
  grantReports,
  grants,
  organizations,
  reportTallies,
  reportTallyDeltas,
  reviewDecisions,
  steps,
  users,
} from '../../db/schema';
import { conflict, invalid, notFound } from '../../lib/app-error';
import { type AuditActor, audit } from '../audit/record';
import { messageFilesOf } from '../conversation/erase-messages';
import { deleteStored, type FileStorage } from '../files/storage';
import { dropStoredPdfs } from '../pdf/stored-pdfs';
import { reportToReopen } from '../submission-core/approved-report';
import { openChangeRequestDueAt, submissionsWithOpenChangeRequest } from '../submission-core/change-requests';
import { recordWebhookEvent } from '../webhooks/record';

export type SubmissionFilters = {
  callId?: string | undefined;
  closed?: boolean | undefined;
  /** Where it stands, as the status badge says it. */
  status?: TSubmissionStatusFilter | undefined;
  /** The decision recorded, or none. */
  outcome?: TDecisionOutcome | 'none' | undefined;
  /** The stage reached (decision 0034). */
  stage?: 1 | 2 | undefined;
  /** Part of the organization's name, the author's e-mail or name. */
  search?: string | undefined;
  /** Started at or after `from`, before `to`. */
  from?: Date | undefined;
  to?: Date | undefined;
};
export type SubmissionPage = { limit: number; cursor?: string | undefined };

/** Where the last row of a page stands in the order: its start, to the microsecond, and its id. */
type Position = { createdAt: string; id: string };
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

function encodeCursor(position: Position) {
  return Buffer.from(`${position.createdAt}|${position.id}`).toString('base64url');
}
function decodeCursor(cursor: string): Position {
  const [createdAt = '', id = ''] = Buffer.from(cursor, 'base64url').toString().split('|');
  if (!TIMESTAMP.test(createdAt) || !UUID.test(id)) {
    throw invalid([{ path: 'cursor', messageKey: 'errors.field.invalid' }]);
  }
  return { createdAt, id };
}

/**
 * The filters as SQL. With `named`, every value is a placeholder (`sql.placeholder`) so the
 * statement's text depends only on which filters are set: one prepared statement per shape.
 */
function conditions(db: Db, filters: SubmissionFilters, named = false): SQL[] {
  const value = <T>(name: string, v: T) => (named ? sql.placeholder(name) : v);
  const where: SQL[] = [];
  if (filters.callId) where.push(eq(callSubmissions.callId, value('callId', filters.callId)));
  // A grant's report is a submission of a hidden form call (decision 0044): it is followed on its
  // grant, not listed or counted among applications, unless its form call is asked for by id.
  else where.push(sql`${callSubmissions.callId} <> all(array(${formCallIds}))`);
  if (filters.closed !== undefined) where.push(eq(callSubmissions.closed, value('closed', filters.closed)));
  if (filters.status) where.push(statusCondition[filters.status]);
  // The decided and those with a request open are few beside the submissions: their ids are
  // listed first and looked up (as the search does), not checked on every row.
  if (filters.outcome === 'none')
    where.push(
      sql`not exists (select 1 from ${reviewDecisions} where ${reviewDecisions.submissionId} = ${callSubmissions.id})`,
    );
  else if (filters.outcome)
    where.push(
      sql`${callSubmissions.id} = any(array(select ${reviewDecisions.submissionId} from ${reviewDecisions} where ${reviewDecisions.outcome} = ${value('outcome', filters.outcome)}))`,
    );
  if (filters.stage !== undefined) where.push(eq(callSubmissions.stage, value('stage', filters.stage)));
  if (filters.from) where.push(gte(callSubmissions.createdAt, value('from', filters.from)));
  if (filters.to) where.push(lt(callSubmissions.createdAt, value('to', filters.to)));
  const search = filters.search?.trim();
  if (search) {
    // Matching organizations and authors are found first (thousands of rows, not the submissions'
    // hundred thousand), then their submissions through the indexes; the count needs no join.
    const pattern = value('pattern', searchPattern(search));
    const byName = sql`(${users.firstName} || ' ' || ${users.lastName}) ilike ${pattern}`;
    const matchingOrganizations = db
      .select({ id: organizations.id })
      .from(organizations)
      .where(ilike(organizations.name, pattern as string));
    const matchingAuthors = db
      .select({ id: users.id })
      .from(users)
      .where(or(ilike(users.email, pattern as string), byName));
    // `= any(array(…))`, not `in (…)`: the matching ids become a list the planner looks up in the
    // organization and author indexes (about 1 ms for a hundred organizations), where `in` had it
    // walk every submission (20 to 40 ms on 100,000).
    // A reference typed ("2026-00042", "42") finds its application too, through the number's index.
    const number = value('number', submissionNumberIn(search));
    where.push(
      sql`(${callSubmissions.organizationId} = any(array(${matchingOrganizations})) or ${callSubmissions.createdByUserId} = any(array(${matchingAuthors})) or ${callSubmissions.number} = ${number}::int)`,
    );
  }
  return where;
}

/** Invited to the second stage, which is not sent yet: the first stage's closing stays on the row. */
const stageOneSent = sql`(${callSubmissions.stage} = 2 and ${callSubmissions.stageClosedAt} is null)`;
const statusCondition: Record<TSubmissionStatusFilter, SQL> = {
  open: sql`not ${callSubmissions.closed}`,
  submitted: sql`(${callSubmissions.closed} and not ${stageOneSent})`,
  stageOneSent: sql`(${callSubmissions.closed} and ${stageOneSent})`,
  changesRequested: sql`${callSubmissions.id} = any(array(${submissionsWithOpenChangeRequest}))`,
};

/** The hidden calls whose submissions are grants' reports. */
const formCallIds = sql`select ${grantReportPlans.formCallId} from ${grantReportPlans}`;

const searchPattern = (search: string) => `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Which filters a request sets: the name of its prepared statement. */
function shapeOf(filters: SubmissionFilters, withCursor: boolean, limited: boolean) {
  return [
    filters.callId ? 'c' : '',
    filters.closed !== undefined ? 's' : '',
    filters.status ? `-${filters.status}-` : '',
    filters.outcome === 'none' ? 'n' : filters.outcome ? 'o' : '',
    filters.stage !== undefined ? `g${filters.stage}` : '',
    filters.search?.trim() ? 'q' : '',
    filters.from ? 'f' : '',
    filters.to ? 't' : '',
    withCursor ? 'k' : '',
    limited ? 'l' : '',
  ].join('');
}

function prepareListQuery(db: Db, filters: SubmissionFilters, withCursor: boolean, limit: number | null, name: string) {
  const keyset = withCursor
    ? [
        sql`(${callSubmissions.createdAt}, ${callSubmissions.id}) < (${sql.placeholder('afterAt')}::timestamptz, ${sql.placeholder('afterId')}::uuid)`,
      ]
    : [];
  // The page's ids first (an index-only scan of (created_at, id) under the filters), then the rest
  // of those rows: the planner then joins 50 rows, not a hundred thousand it expects to stop early
  // in (its plan for the first page was four times slower than for any other).
  const ids = db
    .select({ id: callSubmissions.id })
    .from(callSubmissions)
    .where(and(...conditions(db, filters, true), ...keyset))
    .orderBy(desc(callSubmissions.createdAt), desc(callSubmissions.id))
    .$dynamic();
  // The limit travels as a parameter (Drizzle renders `limit $n`): the statement is one per shape.
  const page = (limit !== null ? ids.limit(sql.placeholder('limit')) : ids).as('page');
  return db
    .select({
      id: callSubmissions.id,
      number: callSubmissions.number,
      callId: callSubmissions.callId,
      organizationId: callSubmissions.organizationId,
      closed: callSubmissions.closed,
      // The times as the API writes them (Date.toISOString: milliseconds, UTC), written by the
      // database: no Date to build and format per field, a tenth of an admin page's CPU.
      createdAt: isoTime(callSubmissions.createdAt),
      updatedAt: isoTime(callSubmissions.updatedAt),
      closedAt: isoTime(callSubmissions.closedAt),
      stage: callSubmissions.stage,
      stageClosingAt: isoTime(callSubmissions.stageClosingAt),
      stageClosedAt: isoTime(callSubmissions.stageClosedAt),
      twoStage: sql<boolean>`exists (select 1 from ${steps} where ${steps.callTypeId} = ${calls.callTypeId} and ${steps.stage} = 2)`,
      outcome: sql<TDecisionOutcome | null>`(select ${reviewDecisions.outcome} from ${reviewDecisions} where ${reviewDecisions.submissionId} = ${callSubmissions.id})`,
      changesDueAt: isoTime(openChangeRequestDueAt(callSubmissions.id)),
      position: sql<string>`to_char(${callSubmissions.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
      callName: calls.name,
      orgName: organizations.name,
      email: users.email,
      first: users.firstName,
      last: users.lastName,
    })
    .from(page)
    .innerJoin(callSubmissions, eq(callSubmissions.id, page.id))
    .innerJoin(calls, eq(calls.id, callSubmissions.callId))
    .innerJoin(organizations, eq(organizations.id, callSubmissions.organizationId))
    .innerJoin(users, eq(users.id, callSubmissions.createdByUserId))
    .orderBy(desc(callSubmissions.createdAt), desc(callSubmissions.id))
    .prepare(name);
}

/** A timestamp as `Date.toISOString()` writes it (milliseconds, truncated like the Date the driver builds). */
const isoTime = (column: AnyPgColumn | SQL) =>
  sql<string | null>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

type ListStatement = ReturnType<typeof prepareListQuery>;
const listStatements = new WeakMap<Db, Map<string, ListStatement>>();

/**
 * The page's rows through a statement prepared once per database and filter shape (the
 * planner's 1 to 5 ms per request was a third of an admin page's database time).
 */
function listRows(db: Db, filters: SubmissionFilters, after: Position | null, limit: number | null) {
  const shape = shapeOf(filters, after !== null, limit !== null);
  let statements = listStatements.get(db);
  if (!statements) {
    statements = new Map();
    listStatements.set(db, statements);
  }
  let statement = statements.get(shape);
  if (!statement) {
    statement = prepareListQuery(db, filters, after !== null, limit, `admin_submissions_${shape || 'all'}`);
    statements.set(shape, statement);
  }
  const search = filters.search?.trim();
  return statement.execute({
    callId: filters.callId,
    closed: filters.closed,
    outcome: filters.outcome === 'none' ? undefined : filters.outcome,
    stage: filters.stage,
    pattern: search ? searchPattern(search) : undefined,
    number: search ? submissionNumberIn(search) : undefined,
    from: filters.from?.toISOString(),
    to: filters.to?.toISOString(),
    afterAt: after?.createdAt,
    afterId: after?.id,
    limit: limit ?? undefined,
  });
}

/**
 * GET Call/GetSubmissions (admin): submissions with their call, organization and author, newest
 * first. Filters run in the database; with a `page` it is keyset-paged on the index
 * (created_at desc, id desc), so any page costs what the first does, and a total is counted.
 * Ordered by start rather than last change: an autosave then moves no row between pages and
 * updates no index.
 */
export async function listSubmissions(
  db: Db,
  filters: SubmissionFilters = {},
  page?: SubmissionPage,
  options: { count?: boolean } = {},
): Promise<{ items: TSubmissionListItem[]; total: number; nextCursor: string | null }> {
  const after = page?.cursor ? decodeCursor(page.cursor) : null;
  // One row more than asked tells whether there is a next page.
  const [rows, total] = await Promise.all([
    listRows(db, filters, after, page ? page.limit + 1 : null),
    page && options.count !== false ? countSubmissions(db, filters) : null,
  ]);
  const hasMore = page !== undefined && rows.length > page.limit;
  const shown = hasMore ? rows.slice(0, page.limit) : rows;
  const last = shown.at(-1);
  const items = shown.map((r) => ({
    id: r.id,
    callId: r.callId,
    callName: r.callName,
    organizationId: r.organizationId,
    organizationName: r.orgName,
    userEmail: r.email,
    userName: `${r.first} ${r.last}`.trim(),
    closed: r.closed,
    createdAt: r.createdAt as string,
    updatedAt: r.updatedAt as string,
    closedAt: r.closedAt,
    stage: r.stage === 2 ? (2 as const) : (1 as const),
    stageClosingAt: r.stageClosingAt,
    stageClosedAt: r.stageClosedAt,
    twoStage: r.twoStage,
    outcome: r.outcome,
    changesDueAt: r.changesDueAt,
    reference: submissionReference(r.number, r.createdAt as string),
  }));
  return {
    items,
    total: total ?? items.length,
    nextCursor: hasMore && last ? encodeCursor({ createdAt: last.position, id: last.id }) : null,
  };
}

/** Rows read at a time when the whole list is asked for. */
const STREAM_PAGE = 1000;

/**
 * GET Call/GetSubmissions without paging (SPEC 7 answers the whole list): the JSON array written
 * out a thousand rows at a time, read on the same keyset as the pages, so 100,000 submissions
 * never sit in memory at once (the server runs with a capped heap).
 */
export async function* allSubmissionsJson(
  db: Db,
  filters: SubmissionFilters,
  pageSize = STREAM_PAGE,
): AsyncGenerator<string> {
  let cursor: string | undefined;
  let separator = '';
  yield '[';
  for (;;) {
    const { items, nextCursor } = await listSubmissions(db, filters, { limit: pageSize, cursor }, { count: false });
    if (items.length) {
      yield separator + items.map((item) => JSON.stringify(item)).join(',');
      separator = ',';
    }
    if (!nextCursor) break;
    cursor = nextCursor;
  }
  yield ']';
}

/**
 * The total of a filtered list. Filtered by call and state only (the admin tab's first view), it
 * is read from the report tallies the triggers keep (migration 0019: a row per call for
 * "submissions" and "closed", plus the changes not yet folded in), a thousand small rows instead of
 * counting 100,000 submissions, less those waiting on a second stage (a partial index of the
 * invited); exact either way. Searches, dates, stages and decisions count the rows.
 */
export async function countSubmissions(db: Db, filters: SubmissionFilters) {
  const byCallAndState =
    !filters.search?.trim() &&
    !filters.from &&
    !filters.to &&
    !filters.outcome &&
    filters.stage === undefined &&
    (filters.status === undefined || filters.status === 'open' || filters.status === 'submitted');
  if (byCallAndState) return countFromTallies(db, filters);
  // Counted on every page: a copy kept in memory could not see a submission started on another
  // instance (decision 0023).
  const [row] = await db
    .select({ n: sql<string>`count(*)` })
    .from(callSubmissions)
    .where(and(...conditions(db, filters)));
  return Number(row?.n ?? 0);
}

async function countFromTallies(db: Db, filters: SubmissionFilters) {
  const { total, closed } = await sumTallies(db, filters.callId);
  const open = total - closed;
  if (filters.status === 'open') return filters.closed === true ? 0 : open;
  if (filters.status === 'submitted') {
    if (filters.closed === false) return 0;
    const [row] = await db
      .select({ n: sql<string>`count(*)` })
      .from(callSubmissions)
      // The same rows the list's conditions name (closed, not a report), whatever stage 2 implies.
      .where(
        and(
          stageOneSent,
          eq(callSubmissions.closed, true),
          filters.callId
            ? eq(callSubmissions.callId, filters.callId)
            : sql`${callSubmissions.callId} <> all(array(${formCallIds}))`,
        ),
      );
    return closed - Number(row?.n ?? 0);
  }
  return filters.closed === undefined ? total : filters.closed ? closed : open;
}

async function sumTallies(db: Db, callId: string | undefined) {
  const sums = (table: typeof reportTallies | typeof reportTallyDeltas) =>
    db
      .select({
        total: sql<string | null>`sum(${table.count}) filter (where ${table.dimension} = 'submissions')`,
        closed: sql<string | null>`sum(${table.count}) filter (where ${table.dimension} = 'closed')`,
      })
      .from(table)
      .where(
        and(
          inArray(table.dimension, ['submissions', 'closed']),
          eq(table.key, ''),
          callId ? eq(table.callId, callId) : sql`${table.callId} <> all(array(${formCallIds}))`,
        ),
      );
  const [[folded], [pending]] = await Promise.all([sums(reportTallies), sums(reportTallyDeltas)]);
  return {
    total: Number(folded?.total ?? 0) + Number(pending?.total ?? 0),
    closed: Number(folded?.closed ?? 0) + Number(pending?.closed ?? 0),
  };
}

/**
 * POST CallSubmission/ReOpenSubmission: the applicant can edit again (SPEC 4). A submission in
 * stage 2 reopens its stage 2 (stage 1 stays frozen: decision 0034).
 */
export async function reopenSubmission(db: Db, actor: AuditActor, submissionId: string) {
  await db.transaction(async (tx) => {
    // The submission's row first (as an approval takes it), then whether it is an approved report.
    await tx.execute(sql`select 1 from call_submissions where id = ${submissionId}::uuid for update`);
    const fixed = (await reportToReopen(tx, submissionId))?.fixedBecause;
    if (fixed) throw conflict(fixed);
    // A report reopened is being written again: not sent, so reminded and counted overdue again.
    await tx.update(grantReports).set({ submittedAt: null }).where(eq(grantReports.submissionId, submissionId));
    const [row] = await tx
      .update(callSubmissions)
      .set({
        closed: sql`${callSubmissions.closed} and ${callSubmissions.stage} = 2`,
        closedAt: sql`case when ${callSubmissions.stage} = 2 then ${callSubmissions.closedAt} end`,
        stageClosedAt: null,
        updatedAt: new Date(),
      })
      .where(eq(callSubmissions.id, submissionId))
      .returning({
        id: callSubmissions.id,
        callId: callSubmissions.callId,
        organizationId: callSubmissions.organizationId,
        stage: callSubmissions.stage,
      });
    if (!row) throw notFound('errors.submissions.notFound');
    await recordWebhookEvent(tx, 'submission.reopened', {
      submissionId: row.id,
      callId: row.callId,
      organizationId: row.organizationId,
      stage: row.stage,
    });
    await audit(tx, actor, 'submission.reopen', row.id, { callId: row.callId, organizationId: row.organizationId });
  });
}

/**
 * POST CallSubmission/DeleteSubmission: answers, file rows, message files and stored PDFs go with
 * it (one transaction, cascades); their bytes are removed from storage after the commit. An
 * application that became a grant stays with its grant (409; decision 0043), and so does a grant's
 * report (409; decision 0044).
 */
export async function deleteSubmission(db: Db, storage: FileStorage, actor: AuditActor, submissionId: string) {
  const blobs = await db.transaction(async (tx) => {
    const stored = await tx
      .select({ storage: files.storage, storageKey: files.storageKey })
      .from(files)
      .where(eq(files.callSubmissionId, submissionId));
    const [granted] = await tx.select({ id: grants.id }).from(grants).where(eq(grants.submissionId, submissionId));
    if (granted) throw conflict('errors.submissions.hasGrant');
    // A grant's report, too, is kept with its grant (decision 0044).
    const [report] = await tx
      .select({ id: grantReports.id })
      .from(grantReports)
      .where(eq(grantReports.submissionId, submissionId));
    if (report) throw conflict('errors.submissions.isReport');
    stored.push(...(await dropStoredPdfs(tx, [submissionId])), ...(await messageFilesOf(tx, [submissionId])));
    const [row] = await tx.delete(callSubmissions).where(eq(callSubmissions.id, submissionId)).returning({
      id: callSubmissions.id,
      callId: callSubmissions.callId,
      organizationId: callSubmissions.organizationId,
    });
    if (!row) throw notFound('errors.submissions.notFound');
    await audit(tx, actor, 'submission.delete', row.id, { callId: row.callId, organizationId: row.organizationId });
    return stored;
  });
  await deleteStored(storage, blobs);
}
