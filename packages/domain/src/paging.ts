import { z } from 'zod';
import { ZDateTime } from './calls';
import { DECISION_OUTCOMES, ZCallOutcome } from './review';
import { ZUserCall } from './submissions';

/**
 * Paged lists keep the SPEC 7 paths and their array bodies: paging parameters are additions, and
 * the page's metadata travels in headers, so a caller that sends none gets the whole list as before.
 */
export const TOTAL_COUNT_HEADER = 'x-total-count';
/** Keyset lists: the opaque cursor of the next page; absent on the last page. */
export const NEXT_CURSOR_HEADER = 'x-next-cursor';

export const MAX_PAGE_SIZE = 100;

/** One card of the applicant call list: the call without its steps (the wizard loads a call by id). */
export const ZUserCallListItem = ZUserCall.omit({ steps: true }).extend({
  /** The decision on this organization's submission, only once the call's lock has ended. */
  outcome: ZCallOutcome.nullable().optional(),
  /**
   * The due date of the request for changes the funder sent and nobody has answered or withdrawn
   * (decision 0039), null when none; past that date it no longer reopens anything.
   */
  changesDueAt: z.string().nullable().optional(),
});
export type TUserCallListItem = z.infer<typeof ZUserCallListItem>;

/** GET Call/GetCallListUser: open calls first, then by closing date; `page` counts from 1. */
export const ZUserCallListQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).optional(),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).optional(),
});
export type TUserCallListQuery = z.infer<typeof ZUserCallListQuery>;
export const USER_CALL_PAGE_SIZE = 20;

/**
 * The admin list's states: being written (`open`); sent and not waiting on anything (`submitted`);
 * invited to a second stage not yet sent (`stageOneSent`); sent with a request for changes open
 * (`changesRequested`, which may also be `submitted` or `stageOneSent`).
 */
export const SUBMISSION_STATUS_FILTERS = ['open', 'submitted', 'stageOneSent', 'changesRequested'] as const;
export type TSubmissionStatusFilter = (typeof SUBMISSION_STATUS_FILTERS)[number];

/**
 * GET Call/GetSubmissions (admin): filters in the database, newest first, keyset paging
 * (`limit` and the previous page's `cursor`), so page 5,000 costs what page 1 costs.
 */
export const ZSubmissionsQuery = z.object({
  callId: z.uuid().optional(),
  closed: z.enum(['true', 'false']).optional(),
  /** Where it stands, as the admin's status badge says it (SUBMISSION_STATUS_FILTERS). */
  status: z.enum(SUBMISSION_STATUS_FILTERS).optional(),
  /** The decision recorded, or `none` for those without one. */
  outcome: z.enum([...DECISION_OUTCOMES, 'none']).optional(),
  /** The stage reached: 1 (not invited to stage 2) or 2 (invited). */
  stage: z.enum(['1', '2']).optional(),
  /** Part of the organization's name, the author's e-mail or name (case-insensitive). */
  search: z.string().trim().max(200).optional(),
  /** Started at or after / before this moment. */
  from: ZDateTime.optional(),
  to: ZDateTime.optional(),
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).optional(),
  cursor: z.string().max(200).optional(),
});
export type TSubmissionsQuery = z.infer<typeof ZSubmissionsQuery>;
export const SUBMISSIONS_PAGE_SIZE = 50;
