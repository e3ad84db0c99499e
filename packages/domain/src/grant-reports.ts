import { z } from 'zod';

/*
 * Reports a grant owes (docs/decisions/0044-grant-reports.md). A call's reporting plan lists the
 * reports every grant of the call owes, each due a number of months after the grant starts or on
 * a fixed day, and each filled in with a form: a call type built in the call builder. The grantee
 * fills a report in the application's own wizard (autosave, Submit, frozen record, PDF); the admin
 * approves it or requests changes.
 */

export const REPORT_NAME_MAX_LENGTH = 200;
export const MAX_PLANNED_REPORTS = 12;
export const REPORT_DUE_MONTHS_MAX = 120;
/** A report is reminded this many days before it is due, then once the day after it fell due. */
export const REPORT_REMINDER_LEAD_DAYS = 14;

const ZDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'errors.grants.dateInvalid' });

export const ZReportPlanItemInput = z
  .object({
    /** An item already in the plan, kept (its reports and the tranches tied to it stay). */
    id: z.uuid().optional(),
    name: z
      .string()
      .trim()
      .min(1, { message: 'errors.field.required' })
      .max(REPORT_NAME_MAX_LENGTH, { message: 'errors.field.tooLong' }),
    dueAfterMonths: z.number().int().min(1).max(REPORT_DUE_MONTHS_MAX).nullable().optional(),
    dueAt: ZDay.nullable().optional(),
    /** The form: a call type whose steps the grantee fills in. */
    callTypeId: z.uuid().optional(),
    /**
     * Instead of `callTypeId`: a new, empty form named after the report, made with the plan (so
     * a form asked for and then not saved leaves nothing behind).
     */
    newForm: z.literal(true).optional(),
  })
  .refine((r) => (r.callTypeId === undefined) !== (r.newForm === undefined), {
    message: 'errors.grantReports.formRequired',
    path: ['callTypeId'],
  })
  // Due so many months after the grant starts, or on a day: one of the two, said apart.
  .refine((r) => r.dueAfterMonths != null || r.dueAt != null, {
    message: 'errors.grantReports.dueMissing',
    path: ['dueAfterMonths'],
  })
  .refine((r) => r.dueAfterMonths == null || r.dueAt == null, {
    message: 'errors.grantReports.dueRequired',
    path: ['dueAfterMonths'],
  });
export type TReportPlanItemInput = z.infer<typeof ZReportPlanItemInput>;

export const ZSaveReportingPlanRequest = z.object({
  callId: z.uuid(),
  reports: z.array(ZReportPlanItemInput).max(MAX_PLANNED_REPORTS),
});
export type TSaveReportingPlanRequest = z.infer<typeof ZSaveReportingPlanRequest>;
export const ZReportingPlanQuery = z.object({ callId: z.uuid() });

export const ZReportPlanItem = z.object({
  id: z.uuid(),
  callId: z.uuid(),
  position: z.number().int(),
  name: z.string(),
  dueAfterMonths: z.number().int().nullable(),
  dueAt: ZDay.nullable(),
  callTypeId: z.uuid(),
  /** The hidden call whose submissions are this item's reports (never listed, never public). */
  formCallId: z.uuid(),
});
export type TReportPlanItem = z.infer<typeof ZReportPlanItem>;
export const ZReportingPlan = z.array(ZReportPlanItem);

export const REPORT_STATUSES = ['due', 'overdue', 'submitted', 'changesRequested', 'approved', 'notRequired'] as const;
export const ZReportStatus = z.enum(REPORT_STATUSES);
export type TReportStatus = z.infer<typeof ZReportStatus>;

export const ZGrantReport = z.object({
  id: z.uuid(),
  grantId: z.uuid(),
  planId: z.uuid(),
  name: z.string(),
  dueAt: ZDay,
  status: ZReportStatus,
  /** The report's application-like submission, once a member started it; null before. */
  submissionId: z.uuid().nullable(),
  formCallId: z.uuid(),
  submittedAt: z.string().nullable(),
  approvedAt: z.string().nullable(),
  /** The actual SROI (central ratio) from the report's impact-actuals step at its last Submit. */
  actualSroi: z.number().nullable(),
});
export type TGrantReport = z.infer<typeof ZGrantReport>;
export const ZGrantReports = z.array(ZGrantReport);

export const ZReportIdRequest = z.object({ reportId: z.uuid() });
export const ZStartReportResponse = z.object({ submissionId: z.uuid() });

/**
 * Where a report stands: approved once approved; changes requested while a request is open;
 * submitted once sent; not required once its grant is closed (a closed grant asks for no more);
 * otherwise overdue after its day (`today` as `YYYY-MM-DD`, UTC) or due.
 */
export function reportStatus(
  report: { dueAt: string; submittedAt: string | null; approvedAt: string | null; changesRequested: boolean },
  today: string,
  grantClosed = false,
): TReportStatus {
  if (report.approvedAt) return 'approved';
  if (report.changesRequested) return 'changesRequested';
  if (report.submittedAt) return 'submitted';
  if (grantClosed) return 'notRequired';
  return report.dueAt < today ? 'overdue' : 'due';
}

/**
 * The day a report falls due for a grant: the plan's fixed day, or the grant's first day (else
 * the day it was accepted) plus the months, clamped to the month's last day (31 Jan + 1 = 28/29 Feb).
 */
export function reportDueDay(
  plan: { dueAfterMonths: number | null; dueAt: string | null },
  grantStart: string,
): string {
  if (plan.dueAt) return plan.dueAt;
  const [y, m, d] = grantStart.split('-').map(Number) as [number, number, number];
  const monthIndex = m - 1 + (plan.dueAfterMonths ?? 0);
  const year = y + Math.floor(monthIndex / 12);
  const month = monthIndex % 12;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const day = Math.min(d, lastDay);
  return `${year}-${String(month + 1).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}
