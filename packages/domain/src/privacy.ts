import { z } from 'zod';

/**
 * POST User/DeleteMyAccount: the body must say `confirm: true`, so no stray request (a replayed
 * form, a fuzzer, a mistaken client) can erase an account.
 */
export const ZDeleteMyAccountRequest = z.object({
  confirm: z.literal(true, { message: 'errors.privacy.confirmRequired' }),
});
export type TDeleteMyAccountRequest = z.infer<typeof ZDeleteMyAccountRequest>;

/** POST User/EraseUserData and GET User/ExportUserData (admin): the data subject's e-mail. */
export const ZDataSubjectEmail = z.object({
  email: z.string().trim().toLowerCase().max(254).pipe(z.email('errors.privacy.invalidEmail')),
});
export type TDataSubjectEmail = z.infer<typeof ZDataSubjectEmail>;

/** What an erasure did, counted: shown to the admin who answered the request. */
export const ZErasureReport = z.object({
  /** Accounts found for the e-mail (a person may have signed in through more than one provider). */
  users: z.number().int(),
  pseudonym: z.string().nullable(),
  draftsDeleted: z.number().int(),
  submissionsKept: z.number().int(),
  organizationsDeleted: z.number().int(),
  organizationsKept: z.number().int(),
  filesDeleted: z.number().int(),
  identityAccountsDeleted: z.number().int(),
});
export type TErasureReport = z.infer<typeof ZErasureReport>;

/** Retention bounds of a call: whole months for drafts, whole years for everything. */
export const RETENTION_LIMITS = { draftMonthsMax: 120, yearsMax: 50 } as const;

/** Deleted people appear under this label followed by a short stable code, e.g. "Deleted user 7f3a2b1c". */
export const PSEUDONYM_PREFIX = 'Deleted user';
