import { z } from 'zod';

/** How far ahead a request's due date may be (decision 0039). */
export const MAX_CHANGE_REQUEST_DAYS = 366;

/*
 * "Request changes" on a submitted application (docs/decisions/0039-request-changes.md): an
 * administrator reopens only the named steps, until a due date, with a message; the applicant's
 * Submit again freezes a new record and answers the request.
 */

export const CHANGE_REQUEST_MESSAGE_MAX_LENGTH = 5000;

/** POST CallSubmission/RequestChanges (admin). */
export const ZRequestChangesRequest = z.object({
  submissionId: z.uuid(),
  stepIds: z.array(z.uuid()).min(1).max(200),
  message: z.string().trim().min(1).max(CHANGE_REQUEST_MESSAGE_MAX_LENGTH),
  /** Until when the named steps are writable; in the future. */
  dueAt: z.iso.datetime({ offset: true }),
});
export type TRequestChangesRequest = z.infer<typeof ZRequestChangesRequest>;

/** POST CallSubmission/WithdrawChangeRequest (admin). */
export const ZWithdrawChangeRequestRequest = z.object({ requestId: z.uuid() });
export type TWithdrawChangeRequestRequest = z.infer<typeof ZWithdrawChangeRequestRequest>;

export const ZChangeRequestsQuery = z.object({ submissionId: z.uuid() });

/**
 * Where a request stands: `open` (its steps writable), `answered` (Submit again), `withdrawn`
 * by an administrator, or `expired` (its due date passed unanswered: the steps froze again).
 */
export const CHANGE_REQUEST_STATUSES = ['open', 'answered', 'withdrawn', 'expired'] as const;
export const ZChangeRequestStatus = z.enum(CHANGE_REQUEST_STATUSES);
export type TChangeRequestStatus = z.infer<typeof ZChangeRequestStatus>;

export const ZChangeRequest = z.object({
  id: z.uuid(),
  submissionId: z.uuid(),
  requestedAt: z.string(),
  /** The administrator's name ('' once erased). */
  requestedBy: z.string(),
  stepIds: z.array(z.uuid()),
  message: z.string(),
  dueAt: z.string(),
  answeredAt: z.string().nullable(),
  withdrawnAt: z.string().nullable(),
  status: ZChangeRequestStatus,
});
export type TChangeRequest = z.infer<typeof ZChangeRequest>;

/** GET CallSubmission/GetChangeRequests: newest first. */
export const ZChangeRequests = z.array(ZChangeRequest);
export type TChangeRequests = z.infer<typeof ZChangeRequests>;

/** The status of a stored request at `now`. */
export function changeRequestStatus(
  request: { answeredAt: Date | string | null; withdrawnAt: Date | string | null; dueAt: Date | string },
  now = new Date(),
): TChangeRequestStatus {
  if (request.answeredAt) return 'answered';
  if (request.withdrawnAt) return 'withdrawn';
  return new Date(request.dueAt).getTime() < now.getTime() ? 'expired' : 'open';
}
