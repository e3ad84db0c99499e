import { z } from 'zod';

/**
 * Every kind of administrator write the audit trail records: `<entity>.<verb>`. Adding an admin
 * write means adding its action here and one `await audit(tx, actor, action, id, details)` in
 * its service transaction (docs/ARCHITECTURE.md, "Where each rule lives").
 */
export const AUDIT_ACTIONS = [
  'call.create',
  'call.update',
  'call.delete',
  'call.customFile',
  'call.reminders',
  'call.screener',
  'call.inviteToStage',
  'callType.create',
  'callType.update',
  'stepType.create',
  'config.create',
  'config.update',
  'config.activate',
  'config.delete',
  'webhook.create',
  'webhook.delete',
  'webhook.redeliver',
  'framework.create',
  'framework.delete',
  'submission.reopen',
  'submission.requestChanges',
  'submission.withdrawChangeRequest',
  'submission.delete',
  'adminFile.upload',
  'adminFile.delete',
  'email.send',
  'surveyType.create',
  'surveyType.update',
  'review.rubric',
  'review.invite',
  'review.assign',
  'review.unassign',
  'review.conflict',
  'review.submit',
  'review.decision',
  'user.export',
  'user.erase',
  'member.invite',
  'member.withdraw',
  'member.join',
  'member.role',
  'member.remove',
  'member.leave',
  'grant.update',
  'grant.close',
  'grant.letter',
  'grant.accept',
  'grant.decline',
  'grant.tranches',
  'grant.paid',
  'grant.reportingPlan',
  'grant.reportForm',
  'grant.reportApprove',
  'job.retry',
] as const;
export const ZAuditAction = z.enum(AUDIT_ACTIONS);
export type TAuditAction = z.infer<typeof ZAuditAction>;

export const ZAuditEntry = z.object({
  id: z.uuid(),
  actorEmail: z.string(),
  action: z.string(),
  targetId: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
});
export type TAuditEntry = z.infer<typeof ZAuditEntry>;

export const AUDIT_PAGE_SIZE = 25;

/** GET Audit/GetAuditLog: filters and the page, all optional. */
export const ZAuditQuery = z.object({
  action: z.string().max(60).optional(),
  actor: z.string().trim().max(200).optional(),
  targetId: z.string().trim().max(100).optional(),
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(AUDIT_PAGE_SIZE),
});
export type TAuditQuery = z.input<typeof ZAuditQuery>;

export const ZAuditPage = z.object({
  items: z.array(ZAuditEntry),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type TAuditPage = z.infer<typeof ZAuditPage>;
