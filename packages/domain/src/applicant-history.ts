import { z } from 'zod';
import { ZGrantStatus } from './grants';
import { ZDecisionOutcome } from './review';

/*
 * What the funder already knows of an applicant (GET CallSubmission/GetApplicantHistory, admins):
 * the organization's other applications and their decisions, its grants and how they went, and
 * the other organizations that look like the same body (registered twice, by another person or
 * under another name), so that two applications of one body to one call, or a grantee with
 * reports long overdue, are seen before deciding (docs/decisions/0060).
 */
export const ZApplicantHistoryQuery = z.object({ submissionId: z.uuid() });

export const LOOKALIKE_REASONS = ['regNumber', 'contactEmail', 'name', 'sharedMember'] as const;
export const ZLookalikeReason = z.enum(LOOKALIKE_REASONS);
export type TLookalikeReason = z.infer<typeof ZLookalikeReason>;

export const ZApplicantHistory = z.object({
  organization: z.object({ id: z.uuid(), name: z.string(), regNumber: z.string(), country: z.string() }),
  /** The organization's applications to every call (reports left out), newest first, this one marked. */
  submissions: z.array(
    z.object({
      id: z.uuid(),
      callId: z.uuid(),
      callName: z.string(),
      /** The stage reached: 2 once invited to a call's second stage. */
      stage: z.number().int(),
      /** Submitted (for a two-stage call: its current stage). */
      submitted: z.boolean(),
      startedAt: z.string(),
      /** When the stage reached was submitted; null while it is being written. */
      submittedAt: z.string().nullable(),
      outcome: ZDecisionOutcome.nullable(),
      current: z.boolean(),
    }),
  ),
  grants: z.array(
    z.object({
      id: z.uuid(),
      reference: z.string(),
      callName: z.string(),
      status: ZGrantStatus,
      amount: z.number(),
      currency: z.string(),
      reportsOverdue: z.number().int(),
    }),
  ),
  /** Other organizations sharing what one body would: why each is listed, and how often it applied. */
  lookalikes: z.array(
    z.object({
      id: z.uuid(),
      name: z.string(),
      regNumber: z.string(),
      reasons: z.array(ZLookalikeReason).min(1),
      applications: z.number().int(),
      /** Whether it applied to this very call too. */
      sameCall: z.boolean(),
    }),
  ),
});
export type TApplicantHistory = z.infer<typeof ZApplicantHistory>;
