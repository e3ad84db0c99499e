import { REPORT_REMINDER_LEAD_DAYS } from '@impact/domain';
import { sql } from 'drizzle-orm';
import { type Db, rows } from '../../db/client';
import { noticeGrantReport } from './grantee-notice';
import { utcToday } from './tranches';

/** Reminders claimed per transaction: a backlog drains over a few ticks, never in one long one. */
const BATCH = 200;

type Claimed = { id: string; grant_id: string; organization_id: string; call_id: string; name: string; due_at: string };

const KINDS = {
  before: { column: sql.raw('reminded_before_at'), template: 'report-due', texts: 'mail.reportDue' },
  overdue: { column: sql.raw('reminded_overdue_at'), template: 'report-overdue', texts: 'mail.reportOverdue' },
} as const;

/**
 * The report reminders (decision 0044): REPORT_REMINDER_LEAD_DAYS before a report's day, and once
 * the day after it was missed, to the grantee's contact and writers, each in their language. A
 * reminder is claimed (its column set) in the transaction that queues its mails, so two instances,
 * or a run retried, never send one twice. Only reports of active grants not yet submitted.
 */
export async function sendReportReminders(db: Db, publicUrl: string, now = new Date()): Promise<number> {
  const today = utcToday(now);
  const lead = utcToday(new Date(now.getTime() + REPORT_REMINDER_LEAD_DAYS * 86_400_000));
  let sent = 0;
  for (const kind of ['before', 'overdue'] as const) {
    const { column, template, texts } = KINDS[kind];
    const window =
      kind === 'before'
        ? sql`r.due_at >= ${today}::date and r.due_at <= ${lead}::date`
        : sql`r.due_at < ${today}::date`;
    for (;;) {
      const claimed = await db.transaction(async (tx) => {
        const batch = await rows<Claimed>(
          tx,
          sql`update grant_reports r set ${column} = ${now.toISOString()}::timestamptz
                from grant_report_plans p, grants g
               where p.id = r.plan_id and g.id = r.grant_id
                 and r.id in (select r.id from grant_reports r join grants g on g.id = r.grant_id
                               where r.submitted_at is null and r.${column} is null and g.status = 'active' and ${window}
                               order by r.due_at limit ${BATCH} for update of r skip locked)
           returning r.id, r.grant_id, g.organization_id, g.call_id, p.name, r.due_at::text as due_at`,
        );
        for (const report of batch) {
          await noticeGrantReport(
            tx,
            {
              grantId: report.grant_id,
              organizationId: report.organization_id,
              callId: report.call_id,
              name: report.name,
              dueAt: report.due_at,
            },
            { template, texts },
            publicUrl,
          );
        }
        return batch.length;
      });
      sent += claimed;
      if (claimed < BATCH) break;
    }
  }
  return sent;
}
