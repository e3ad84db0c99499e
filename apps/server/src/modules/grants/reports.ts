import { parseImpactActualsAnswer, reportStatus, type TGrantReport, type TGrantStatus } from '@impact/domain';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Db, TextQuery, Tx } from '../../db/client';
import { callSubmissions, grantReportPlans, grantReports, grantTranches } from '../../db/schema';
import { conflict, notFound } from '../../lib/app-error';
import type { SessionUser } from '../../plugins/authentication';
import { audit } from '../audit/record';
import { openChangeRequestDueAt } from '../submission-core/change-requests';
import { recordWebhookEvent } from '../webhooks/record';
import { loadGrantFor } from './access';
import { noticeGrantReport } from './grantee-notice';
import { utcToday } from './tranches';

/** A request for changes open on the report's submission. */
const changesOpen = sql<boolean>`${openChangeRequestDueAt(grantReports.submissionId)} is not null`;

const reportColumns = {
  report: grantReports,
  plan: grantReportPlans,
  changesRequested: changesOpen,
  // A report reopened by an admin is being written again, not sent.
  sent: sql<boolean>`coalesce((select s.closed from call_submissions s where s.id = ${grantReports.submissionId}), false)`,
};
type ReportLine = {
  report: typeof grantReports.$inferSelect;
  plan: typeof grantReportPlans.$inferSelect;
  changesRequested: boolean;
  sent: boolean;
};

function toReport(line: ReportLine, today: string, grantClosed: boolean): TGrantReport {
  const { report, plan } = line;
  const submittedAt = report.submittedAt?.toISOString() ?? null;
  const approvedAt = report.approvedAt?.toISOString() ?? null;
  const sentAt = line.sent ? submittedAt : null;
  return {
    id: report.id,
    grantId: report.grantId,
    planId: plan.id,
    name: plan.name,
    dueAt: report.dueAt,
    status: reportStatus(
      { dueAt: report.dueAt, submittedAt: sentAt, approvedAt, changesRequested: line.changesRequested },
      today,
      grantClosed,
    ),
    submissionId: report.submissionId,
    formCallId: plan.formCallId,
    submittedAt,
    approvedAt,
    actualSroi: report.actualSroi,
  };
}

async function reportsOf(db: Db | Tx, grantId: string, grantStatus: TGrantStatus) {
  const lines = await db
    .select(reportColumns)
    .from(grantReports)
    .innerJoin(grantReportPlans, eq(grantReportPlans.id, grantReports.planId))
    .where(eq(grantReports.grantId, grantId))
    .orderBy(asc(grantReports.dueAt), asc(grantReportPlans.position));
  const today = utcToday();
  return lines.map((line) => toReport(line, today, grantStatus === 'closed'));
}

/** GET Grant/GetReports: the admin and the grantee's members (once the letter is sent). */
export async function readReports(db: Db, user: SessionUser, grantId: string) {
  const { grant } = await loadGrantFor(db, user, grantId, { need: 'read' });
  return reportsOf(db, grant.id, grant.status);
}

/** A report with its grant as the caller may see it (404 otherwise), locked for the transaction. */
async function loadReportFor(
  tx: Tx,
  user: SessionUser,
  reportId: string,
  options: { need: 'read' | 'write'; membersOnly?: boolean },
) {
  const [row] = await tx
    .select(reportColumns)
    .from(grantReports)
    .innerJoin(grantReportPlans, eq(grantReportPlans.id, grantReports.planId))
    .where(eq(grantReports.id, reportId))
    .for('update', { of: grantReports });
  if (!row) throw notFound('errors.grantReports.notFound');
  try {
    const { grant } = await loadGrantFor(tx, user, row.report.grantId, options);
    return { line: row, grant };
  } catch (error) {
    // The report of a grant the caller may not see does not exist for them either.
    if ((error as { statusCode?: number }).statusCode === 404) throw notFound('errors.grantReports.notFound');
    throw error;
  }
}

/**
 * POST Grant/StartReport: an owner or editor of the grantee organization opens the report: its
 * submission of the item's form call is made once (asking again returns the same one), and the
 * report is written in the ordinary wizard at /call/:submissionId. Only while the grant is active.
 */
export async function startReport(db: Db, user: SessionUser, reportId: string) {
  return db.transaction(async (tx) => {
    const { line, grant } = await loadReportFor(tx, user, reportId, { need: 'write', membersOnly: true });
    if (line.report.submissionId) return { submissionId: line.report.submissionId };
    if (grant.status !== 'active') throw conflict('errors.grantReports.grantNotActive');
    const [created] = await tx
      .insert(callSubmissions)
      .values({ callId: line.plan.formCallId, organizationId: grant.organizationId, createdByUserId: user.id })
      .onConflictDoNothing()
      .returning({ id: callSubmissions.id });
    const submissionId =
      created?.id ??
      (
        await tx
          .select({ id: callSubmissions.id })
          .from(callSubmissions)
          .where(
            and(
              eq(callSubmissions.callId, line.plan.formCallId),
              eq(callSubmissions.organizationId, grant.organizationId),
            ),
          )
      )[0]?.id;
    if (!submissionId) throw new Error('the report submission was neither made nor found');
    await tx.update(grantReports).set({ submissionId }).where(eq(grantReports.id, reportId));
    return { submissionId };
  });
}

/**
 * POST Grant/ApproveReport (admin): a submitted report with no request for changes open is
 * approved; the tranches waiting for it become payable.
 */
export async function approveReport(db: Db, actor: SessionUser, reportId: string, publicUrl: string) {
  return db.transaction(async (tx) => {
    // The submission's row first, as Submit, a request for changes and a reopening take it (then
    // the report's, as Submit does): none of them interleaves with an approval, nor deadlocks it.
    const [sub] = await tx
      .select({ id: grantReports.submissionId })
      .from(grantReports)
      .where(eq(grantReports.id, reportId));
    if (sub?.id) await tx.execute(sql`select 1 from call_submissions where id = ${sub.id}::uuid for update`);
    const { line, grant } = await loadReportFor(tx, actor, reportId, { need: 'read' });
    if (!line.report.submittedAt || !line.sent || line.report.approvedAt || line.changesRequested) {
      throw conflict('errors.grantReports.notSubmitted');
    }
    await tx
      .update(grantReports)
      .set({ approvedAt: new Date(), approvedByUserId: actor.id })
      .where(eq(grantReports.id, reportId));
    await audit(tx, actor, 'grant.reportApprove', grant.id, { reportId, name: line.plan.name });
    // The grantee's contact and writers hear of it, each in their language; that a tranche can now
    // be paid only where an unpaid one waited for this report.
    const [waiting] = await tx
      .select({ id: grantTranches.id })
      .from(grantTranches)
      .where(
        and(
          eq(grantTranches.grantId, grant.id),
          eq(grantTranches.reportPlanId, line.plan.id),
          isNull(grantTranches.paidAt),
        ),
      )
      .limit(1);
    await noticeGrantReport(
      tx,
      { grantId: grant.id, organizationId: grant.organizationId, callId: grant.callId, name: line.plan.name },
      {
        template: 'report-approved',
        texts: 'mail.reportApproved',
        ...(waiting ? { after: 'mail.reportApproved.trancheReady' as const } : {}),
      },
      publicUrl,
    );
    const [report] = (await reportsOf(tx, grant.id, grant.status)).filter((r) => r.id === reportId);
    if (!report) throw new Error('the approved report vanished');
    return report;
  });
}

const MARK_SUBMITTED = {
  name: 'grant-report-submitted',
  text: `with actuals as (
           -- The report's first impact-actuals step: its actual SROI (the score) and its answer as
           -- text, read here and parsed by the server, never cast to JSON in SQL (a note may hold
           -- what PostgreSQL's jsonb refuses, and the Submit must not fail on it). Read only when
           -- the submission is a report: only the matched row's SET and RETURNING ask for it.
           select sr.score, sr.content from step_results sr
             join steps st on st.id = sr.step_id
             join step_types t on t.id = st.step_type_id
            where sr.call_submission_id = $1 and t.name = 'impactActuals'
            order by st.sort limit 1
         )
         update grant_reports r
            set submitted_at = $2::timestamptz,
                actual_sroi = (select score from actuals)
           from grants g
          where r.submission_id = $1 and g.id = r.grant_id
            -- An approved report's figures are what was approved (a Submit racing the approval changes nothing).
            and r.approved_at is null
      returning r.id, r.grant_id, g.call_id, g.organization_id, (select content from actuals) as actuals`,
};

const KEEP_ACTUAL_VALUES = {
  name: 'grant-report-actual-values',
  text: 'update grant_reports set actual_values = $2::jsonb where id = $1',
};

/**
 * Inside Submit's transaction: when the submission is a grant's report, it is sent (the time of
 * its last Submit) with the impact-actuals step's actual SROI and values by indicator (what the
 * portfolio counts targets met with), and `report.submitted` is recorded; an approved report keeps
 * the figures it was approved with.
 */
export async function markReportSubmitted(query: TextQuery, submissionId: string, now: Date): Promise<void> {
  const [sent] = await query<{
    id: string;
    grant_id: string;
    call_id: string;
    organization_id: string;
    actuals: string | null;
  }>(MARK_SUBMITTED.name, MARK_SUBMITTED.text, [submissionId, now.toISOString()]);
  if (!sent) return;
  const values = actualValuesOf(sent.actuals);
  await query(KEEP_ACTUAL_VALUES.name, KEEP_ACTUAL_VALUES.text, [sent.id, values && JSON.stringify(values)]);
  await recordWebhookEvent(
    query,
    'report.submitted',
    {
      reportId: sent.id,
      grantId: sent.grant_id,
      submissionId,
      callId: sent.call_id,
      organizationId: sent.organization_id,
      submittedAt: now.toISOString(),
    },
    now,
  );
}

/**
 * An impact-actuals answer's values by indicator key; null without a readable answer. Only keys of
 * the answer's own form (`<outcome>-<indicator>`, which every write is held to) are kept, so what
 * is stored as jsonb is digits, a dash and numbers, whatever else the answer holds.
 */
export function actualValuesOf(answer: string | null): Record<string, number | null> | null {
  const parsed = parseImpactActualsAnswer(answer ?? undefined);
  if (!parsed) return null;
  return Object.fromEntries(parsed.values.filter((v) => /^\d+-\d+$/.test(v.key)).map((v) => [v.key, v.value]));
}
