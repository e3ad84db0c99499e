import { z } from 'zod';
import { ZCallTranslations } from './content-translations';
import { isEmptyId } from './ids';
import { ZStep, ZStepInput } from './steps';

/** A date-time as the API sends and accepts it: ISO 8601 with Z or an offset. */
export const ZDateTime = z.iso.datetime({ offset: true });

/** Power BI ids (GUIDs in practice): letters, digits and dashes only, so they are safe in URLs. */
export const ZReportId = z
  .string()
  .trim()
  .max(100)
  .regex(/^[A-Za-z0-9-]*$/, { message: 'errors.calls.reportIdFormat' });

export const ZCustomFile = z.object({ id: z.uuid(), name: z.string() });

/** SPEC 3 "Call". `submissionId` is the empty id when the reader has no submission (always for admins). */
export const ZCall = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string(),
  openingAt: ZDateTime,
  closingAt: ZDateTime,
  callLockEnd: ZDateTime.nullable(),
  callTypeId: z.uuid(),
  isUserFilterEnable: z.boolean(),
  userFilterEmail: z.string(),
  powerBIReportID: z.string().nullable(),
  powerBIWorkspaceID: z.string().nullable(),
  userPowerBIReportID: z.string().nullable(),
  userPowerBIWorkspaceID: z.string().nullable(),
  steps: z.array(ZStep),
  submissionId: z.uuid(),
  submissionClosed: z.boolean(),
  customFile: ZCustomFile.nullable(),
  /** A new call stays a draft, invisible to applicants, until it is saved with a name and steps. */
  draft: z.boolean(),
  /** Months after closing when never-submitted applications are erased; null keeps them. */
  draftRetentionMonths: z.number().int().nullable().optional(),
  /** Years after closing when all the call's applications are erased; null keeps them. */
  retentionYears: z.number().int().nullable().optional(),
  /** Name and description in the other languages, `{ "en": { "name", "description" }, "fr": {…} }` (admins only). */
  translations: ZCallTranslations,
  createdAt: ZDateTime,
  updatedAt: ZDateTime,
  /**
   * When the call type (its name, description and steps) was last saved, by this call's editor or
   * elsewhere (the call types page, another call on the same type). Given by the admin's read of
   * the call (Call/GetCallByIdAdmin and UpdateCall's answer), the base of `basedOnCallTypeUpdatedAt`.
   */
  callTypeUpdatedAt: ZDateTime.optional(),
});
export type TCall = z.infer<typeof ZCall>;

/** One row of the admin call list: the call without its steps. */
export const ZCallListItem = ZCall.omit({ steps: true });
export type TCallListItem = z.infer<typeof ZCallListItem>;

/** SPEC 3 "CallType". */
export const ZCallType = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string(),
  steps: z.array(ZStep),
  /**
   * In GET Call/GetCallTypes: true when a call (not a report's form) asks its questions, so it
   * cannot be chosen as a report's form (errors.grantReports.formIsApplication).
   */
  applicationForm: z.boolean().optional(),
});
export type TCallType = z.infer<typeof ZCallType>;

/**
 * POST Call/CreateCallType. Name and description may be empty here because "create call" first
 * creates an empty call type (SPEC 2); the create-type page requires both (ZCallTypeForm).
 */
export const ZCreateCallTypeRequest = z.object({
  name: z.string().trim().max(300),
  description: z.string().max(50_000),
  steps: z.array(ZStepInput).max(100).default([]),
});
export type TCreateCallTypeRequest = z.input<typeof ZCreateCallTypeRequest>;

/** SPEC 5 "Call type create requires name and description" (the /admin/calls/create/type form). */
export const ZCallTypeForm = z.object({
  name: z.string().trim().min(1).max(300),
  description: z.string().trim().min(1).max(50_000),
});
export type TCallTypeForm = z.infer<typeof ZCallTypeForm>;

/** PUT Call/UpsertCallType: the call type with its complete list of steps (missing ones are removed). */
export const ZUpsertCallTypeRequest = z.object({
  id: z.uuid(),
  name: z.string().trim().max(300),
  description: z.string().max(50_000),
  steps: z.array(ZStepInput).max(100),
});
export type TUpsertCallTypeRequest = z.infer<typeof ZUpsertCallTypeRequest>;

const callFields = {
  name: z.string().trim().min(1).max(300),
  description: z.string().max(100_000),
  openingAt: ZDateTime,
  closingAt: ZDateTime,
  callTypeId: z.uuid(),
};

/**
 * POST Call/CreateCall (SPEC 7) with the `callTypeId` of an existing call type, or, instead, the
 * new `callType` itself, created in the same transaction: the call editor's "new call" is then one
 * request and one line of the audit trail, and leaves no empty call type behind when it fails.
 */
export const ZCreateCallRequest = z
  .object({
    ...callFields,
    callTypeId: callFields.callTypeId.optional(),
    callType: ZCreateCallTypeRequest.optional(),
  })
  .refine((body) => (body.callTypeId === undefined) !== (body.callType === undefined), {
    path: ['callTypeId'],
    message: 'errors.calls.callTypeOrNewType',
  });
export type TCreateCallRequest = z.input<typeof ZCreateCallRequest>;

/**
 * PUT Call/UpdateCall: the call's fields plus callLockEnd and report ids (SPEC 7). With
 * `callType`, the call type and its steps are saved first, in the same transaction (SPEC 4).
 * Empty report ids may be sent as '', null or left out: all mean absent.
 */
export const ZUpdateCallRequest = z.object({
  id: z.uuid(),
  ...callFields,
  callLockEnd: ZDateTime.nullable().optional(),
  isUserFilterEnable: z.boolean().default(false),
  userFilterEmail: z.string().max(20_000).default(''),
  powerBIReportID: ZReportId.nullable().optional(),
  powerBIWorkspaceID: ZReportId.nullable().optional(),
  userPowerBIReportID: ZReportId.nullable().optional(),
  userPowerBIWorkspaceID: ZReportId.nullable().optional(),
  /** Left out: unchanged; null: keep for ever. */
  draftRetentionMonths: z
    .number()
    .int('errors.calls.retentionRange')
    .min(1, 'errors.calls.retentionRange')
    .max(120, 'errors.calls.retentionRange')
    .nullable()
    .optional(),
  retentionYears: z
    .number()
    .int('errors.calls.retentionRange')
    .min(1, 'errors.calls.retentionRange')
    .max(50, 'errors.calls.retentionRange')
    .nullable()
    .optional(),
  /** Left out: the stored translations stay; `{}` removes them. */
  translations: ZCallTranslations.optional(),
  callType: ZUpsertCallTypeRequest.optional(),
  /**
   * The call's `updatedAt` as the editor loaded it: when the call was saved since (another
   * administrator, another tab), 409 `errors.calls.changedSince` and nothing is saved. Left out:
   * saved whatever was saved meanwhile (an older client, another system).
   */
  basedOnUpdatedAt: ZDateTime.optional(),
  /**
   * With `callType`: the call's `callTypeUpdatedAt` as the editor loaded it. When the call type was
   * saved since (its steps changed through the call types page or another call on the same type),
   * 409 `errors.calls.changedSince` and nothing is saved. Left out: its steps are saved over it.
   */
  basedOnCallTypeUpdatedAt: ZDateTime.optional(),
  /**
   * `true`: the call stays a draft, hidden from applicants, whatever it holds (a published call
   * cannot go back: 409 `errors.calls.publishedStaysPublished`). `false`: the call is published,
   * or stays so, and every step must be finished (`unfinishedStepProblems`: 400 at the step's field).
   * Left out: a draft is published by the first save that gives it a name and a step, unchecked (as
   * before drafts could be kept). Either way, the steps of a call already published are judged
   * where a save adds or changes them (decision 0063).
   */
  draft: z.boolean().optional(),
});
export type TUpdateCallRequest = z.input<typeof ZUpdateCallRequest>;

// ---- Pure rules ----

/**
 * SPEC 4: date strings from the server without a trailing Z (or an offset) are UTC. Also accepts
 * a Date. Returns an invalid Date for unparseable input.
 */
export function parseServerDate(value: string | Date): Date {
  if (value instanceof Date) return new Date(value.getTime());
  const s = value.trim();
  const hasZone = /(?:Z|[+-]\d{2}:?\d{2})$/i.test(s);
  const isDateOnly = /^\d{4}-\d{2}-\d{2}$/.test(s);
  if (hasZone || isDateOnly) return new Date(s);
  return new Date(`${s.replace(' ', 'T')}Z`);
}

export type TCallStatus = 'open' | 'closed';

/** SPEC 4 "Call status": open when now lies between openingAt and closingAt, otherwise closed. */
export function callStatus(
  call: { openingAt: string | Date; closingAt: string | Date },
  now: Date = new Date(),
): TCallStatus {
  const t = now.getTime();
  const opens = parseServerDate(call.openingAt).getTime();
  const closes = parseServerDate(call.closingAt).getTime();
  return t >= opens && t <= closes ? 'open' : 'closed';
}

/** SPEC 9 "New call defaults": opens one month ahead, closes three months ahead. */
export function newCallDates(now: Date = new Date()): { openingAt: Date; closingAt: Date } {
  const plusMonths = (months: number) => {
    const d = new Date(now.getTime());
    const day = d.getUTCDate();
    d.setUTCDate(1);
    d.setUTCMonth(d.getUTCMonth() + months);
    // 31 January + 1 month is the last day of February, not 3 March.
    const lastDay = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
    d.setUTCDate(Math.min(day, lastDay));
    return d;
  };
  return { openingAt: plusMonths(1), closingAt: plusMonths(3) };
}

/** SPEC 5: empty report ids are sent (and stored) as absent. The empty id also means none. */
export function reportIdOrNull(value: string | null | undefined): string | null {
  const v = value?.trim() ?? '';
  return v === '' || isEmptyId(v) ? null : v;
}

/** The e-mail filter as a clean, comma-separated, lower-case list without duplicates. */
export function splitFilterEmails(value: string): string[] {
  return [
    ...new Set(
      value
        .split(/[,;\s]+/)
        .map((e) => e.trim().toLowerCase())
        .filter(Boolean),
    ),
  ];
}

export const ZFilterEmail = z.email();
