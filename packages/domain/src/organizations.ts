import { z } from 'zod';
import { ZDateTime } from './calls';
import { ZMemberRole } from './organization-members';

/**
 * SPEC 3 "Organization". The JSON names are the spec's, snake_case ones and the misspelt
 * `chnageInLife` included, so clients written for the original API keep working.
 */

/** Upper bounds of the text fields (characters). Generous for real data, small enough to keep rows sane. */
export const ORGANIZATION_LIMITS = {
  name: 200,
  reg_number: 32,
  street_name: 200,
  city_name: 100,
  contact_name: 100,
  contact_surname: 100,
  contact_role: 100,
  /** RFC 5321 path limit. */
  contact_email: 254,
} as const;

/** The oldest founding date we accept: some Italian confraternities are many centuries old. */
export const ORGANIZATION_MIN_FOUNDATION_DATE = '1000-01-01';

/** SPEC 5 "Organization form": the fields that must be filled (besides the personalData consent). */
export const ORGANIZATION_REQUIRED_FIELDS = [
  'name',
  'reg_number',
  'street_name',
  'city_name',
  'country',
  'contact_name',
  'contact_surname',
  'contact_role',
  'contact_email',
] as const;
export type TOrganizationRequiredField = (typeof ORGANIZATION_REQUIRED_FIELDS)[number];

/** Flags besides the consent; all optional in the API, false when absent. */
export const ORGANIZATION_FLAGS = [
  'selfCertification',
  'termsOfService',
  'nordicCountry',
  'preFunding',
  'chnageInLife',
] as const;

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True when `value` is a real calendar date written YYYY-MM-DD (2023-02-30 is not). */
export function isCalendarDate(value: string): boolean {
  const m = DATE_ONLY.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

/**
 * The latest acceptable founding date: today wherever on Earth it is already today (UTC+14),
 * so a person who registers just after midnight is never told that today lies in the future.
 */
export function latestFoundationDate(now: Date = new Date()): string {
  return new Date(now.getTime() + 14 * 3_600_000).toISOString().slice(0, 10);
}

const requiredText = (max: number) => z.string().trim().min(1).max(max);

/**
 * Date of foundation: optional. Accepts YYYY-MM-DD, or an ISO date-time whose date part is kept
 * as written (the original client sent date-times); empty means not given.
 */
const ZFoundationDate = z
  .union([z.string().max(40), z.null()])
  .optional()
  .transform((v) => (v ? v.trim().slice(0, 10) : null))
  .refine((v) => v === null || isCalendarDate(v), 'errors.organizations.invalidDate')
  .refine(
    (v) => v === null || (v >= ORGANIZATION_MIN_FOUNDATION_DATE && v <= latestFoundationDate()),
    'errors.organizations.foundationDateOutOfRange',
  );

const organizationFields = {
  name: requiredText(ORGANIZATION_LIMITS.name),
  reg_number: requiredText(ORGANIZATION_LIMITS.reg_number),
  street_name: requiredText(ORGANIZATION_LIMITS.street_name),
  city_name: requiredText(ORGANIZATION_LIMITS.city_name),
  /** ISO 3166-1 alpha-2 code ("IT"): stable across languages; the web app shows the name in the reader's language. */
  country: z
    .string()
    .trim()
    .min(1)
    .transform((v) => v.toUpperCase())
    .pipe(z.string().regex(/^[A-Z]{2}$/, 'errors.organizations.invalidCountry')),
  date_of_foundation: ZFoundationDate,
  contact_name: requiredText(ORGANIZATION_LIMITS.contact_name),
  contact_surname: requiredText(ORGANIZATION_LIMITS.contact_surname),
  contact_role: requiredText(ORGANIZATION_LIMITS.contact_role),
  contact_email: z
    .string()
    .trim()
    .min(1)
    .max(ORGANIZATION_LIMITS.contact_email)
    .pipe(z.email('errors.organizations.invalidEmail')),
  /** SPEC 5: consent to the processing of personal data is mandatory. */
  personalData: z.boolean().refine((v) => v, 'errors.organizations.consentRequired'),
  selfCertification: z.boolean().default(false),
  termsOfService: z.boolean().default(false),
  nordicCountry: z.boolean().default(false),
  preFunding: z.boolean().default(false),
  chnageInLife: z.boolean().default(false),
};

/** POST Organization/CreateOrganization body: the organization form. An `id` sent along is ignored. */
export const ZOrganizationInput = z.object(organizationFields);
export type TOrganizationInput = z.infer<typeof ZOrganizationInput>;
/** What a client may send (flags and date may be left out). */
export type TOrganizationInputRaw = z.input<typeof ZOrganizationInput>;

/**
 * PUT Organization/UpdateOrganization body: the form plus the id, and optionally the
 * organization's `updatedAt` as the form loaded it: when it was saved since (another owner,
 * another tab), 409 `errors.organizations.changedSince` and nothing is saved. Left out: saved
 * whatever was saved meanwhile (older clients, other systems).
 */
export const ZOrganizationUpdate = ZOrganizationInput.extend({ id: z.uuid(), basedOnUpdatedAt: ZDateTime.optional() });
export type TOrganizationUpdate = z.infer<typeof ZOrganizationUpdate>;

/** An organization as the API answers it. */
export const ZOrganization = z.object({
  id: z.uuid(),
  name: z.string(),
  reg_number: z.string(),
  street_name: z.string(),
  city_name: z.string(),
  country: z.string(),
  date_of_foundation: z.string().nullable(),
  contact_name: z.string(),
  contact_surname: z.string(),
  contact_role: z.string(),
  contact_email: z.string(),
  personalData: z.boolean(),
  selfCertification: z.boolean(),
  termsOfService: z.boolean(),
  nordicCountry: z.boolean(),
  preFunding: z.boolean(),
  chnageInLife: z.boolean(),
  /** The caller's role in it. */
  role: ZMemberRole,
  /** When its profile was last saved: the base of an update's `basedOnUpdatedAt`. */
  updatedAt: ZDateTime,
});
export type TOrganization = z.infer<typeof ZOrganization>;
export const ZOrganizationList = z.array(ZOrganization);

export const ZOrganizationIdQuery = z.object({ orgId: z.uuid() });

/** The header that carries the organization the user works for (SPEC 6). */
export const ORGANIZATION_HEADER = 'x-organization-id';

/**
 * SPEC 5 "Organization form": the submit / update button stays disabled until consent is
 * ticked and every required field holds something other than blanks.
 */
export function isOrganizationFormComplete(
  values: Partial<Record<TOrganizationRequiredField, string | null | undefined>> & { personalData?: boolean },
): boolean {
  if (values.personalData !== true) return false;
  return ORGANIZATION_REQUIRED_FIELDS.every((field) => (values[field] ?? '').trim().length > 0);
}
