import { DASHBOARD_ORGANIZATIONS_PAGE_SIZE, type TDashboardOrganization } from '@impact/domain';
import { sql } from 'drizzle-orm';
import { type Db, rows } from '../../db/client';
import { invalid } from '../../lib/app-error';
import { reportCall } from './call-row';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

export function encodeCursor(at: string, id: string) {
  return Buffer.from(`${at}|${id}`).toString('base64url');
}
function decodeCursor(cursor: string) {
  const [at = '', id = ''] = Buffer.from(cursor, 'base64url').toString().split('|');
  if (!TIMESTAMP.test(at) || !UUID.test(id)) throw invalid([{ path: 'cursor', messageKey: 'errors.field.invalid' }]);
  return { at, id };
}

type Row = TDashboardOrganization & { position: string };

/**
 * The dashboard's per-organization table: one page of the call's submissions, newest first
 * (keyset on the call_submissions_call_created index), each with what links to it.
 */
export async function dashboardOrganizations(
  db: Db,
  query: { callId: string; limit?: number | undefined; cursor?: string | undefined },
) {
  await reportCall(db, query.callId);
  const limit = query.limit ?? DASHBOARD_ORGANIZATIONS_PAGE_SIZE;
  const after = query.cursor ? decodeCursor(query.cursor) : null;
  const [page, total] = await Promise.all([
    rows<Row>(
      db,
      sql`select cs.id as "submissionId", o.id as "organizationId", o.name as "organizationName", o.country,
                 cs.closed,
                 to_char(cs.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as position,
                 to_char(cs.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt",
                 to_char(cs.closed_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "closedAt",
                 (select count(*)::int from step_results sr where sr.call_submission_id = cs.id) as "stepsAnswered",
                 (select max(r.sroi) from report_impact_answers r where r.call_submission_id = cs.id) as sroi,
                 (select sum(r.budget)::float8 from report_impact_answers r where r.call_submission_id = cs.id) as budget
          from call_submissions cs join organizations o on o.id = cs.organization_id
          where cs.call_id = ${query.callId}
            ${after ? sql`and (cs.created_at, cs.id) < (${after.at}::timestamptz, ${after.id}::uuid)` : sql``}
          order by cs.created_at desc, cs.id desc
          limit ${limit + 1}`,
    ),
    rows<{ total: number }>(
      db,
      sql`select count(*)::int as total from call_submissions where call_id = ${query.callId}`,
    ),
  ]);
  const more = page.length > limit;
  const items = page.slice(0, limit);
  const last = items[items.length - 1];
  return {
    items: items.map(({ position: _, ...item }) => ({
      ...item,
      sroi: item.sroi === null ? null : Number(item.sroi),
      budget: item.budget === null ? null : Number(item.budget),
    })),
    total: total[0]?.total ?? 0,
    nextCursor: more && last ? encodeCursor(last.position, last.submissionId) : null,
  };
}
