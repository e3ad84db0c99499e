import { z } from 'zod';
import { DEFAULT_LANGUAGE, type TLanguage, ZLanguage } from './languages';
import { ZSurveyAnswer } from './step-types/survey';

/*
 * A call's eligibility screener (docs/decisions/0033-eligibility-screener.md): a short SurveyJS
 * survey answered before the application, and rules that make an organization ineligible. A rule
 * is a SurveyJS condition on the screener's answers and on the organization's registered data
 * (`{org.country}`, …); when it is true the organization is ineligible and reads the rule's message.
 */

export const SCREENER_LIMITS = {
  maxRules: 50,
  /** Characters of one rule's expression: conditions the pickers build are a few dozen. */
  maxExpression: 2_000,
  /** Characters of one message, in one language. */
  maxMessage: 1_000,
} as const;

/** The variable the organization's registered data is under in a rule (`{org.country}`); no question may take its name. */
export const SCREENER_ORG_VARIABLE = 'org';

/**
 * The organization's registered data a rule may read, each as `{org.<name>}`, and how the
 * pickers offer it: the country's ISO code ("IT"), whole years since the date of foundation
 * (empty when none was registered) and the consent and self-declaration flags.
 */
export const SCREENER_ORG_FIELDS = [
  { name: 'country', kind: 'text' },
  { name: 'yearsSinceFoundation', kind: 'number' },
  { name: 'personalData', kind: 'boolean' },
  { name: 'selfCertification', kind: 'boolean' },
  { name: 'termsOfService', kind: 'boolean' },
  { name: 'nordicCountry', kind: 'boolean' },
  { name: 'preFunding', kind: 'boolean' },
  { name: 'chnageInLife', kind: 'boolean' },
] as const;
export type TScreenerOrgField = (typeof SCREENER_ORG_FIELDS)[number]['name'];
export type TScreenerOrgValues = Record<TScreenerOrgField, string | number | boolean | null>;

/** A rule's message: Italian required (the default language), English and French optional (Italian stands in). */
export const ZScreenerMessage = z.object({
  it: z.string().trim().min(1, 'errors.screening.messageRequired').max(SCREENER_LIMITS.maxMessage),
  en: z.string().trim().max(SCREENER_LIMITS.maxMessage).default(''),
  fr: z.string().trim().max(SCREENER_LIMITS.maxMessage).default(''),
});
export type TScreenerMessage = z.infer<typeof ZScreenerMessage>;

export const ZScreenerRule = z.object({
  /** A SurveyJS condition; true makes the organization ineligible. */
  expression: z.string().trim().min(1, 'errors.screening.expressionRequired').max(SCREENER_LIMITS.maxExpression),
  message: ZScreenerMessage,
});
export type TScreenerRule = z.infer<typeof ZScreenerRule>;

/** `screener: { model: <SurveyJS JSON>, rules: [{ expression, message: { it, en, fr } }] }`. */
export const ZScreener = z.object({
  /** The SurveyJS JSON object itself (not a string). */
  model: z.record(z.string(), z.unknown()),
  rules: z.array(ZScreenerRule).max(SCREENER_LIMITS.maxRules),
  /**
   * Who an applicant found ineligible may write to (an e-mail address); calls have no contact of
   * their own. Empty: the page names the site instead.
   */
  contact: z
    .string()
    .trim()
    .max(254)
    .default('')
    .refine((v) => v === '' || z.email().safeParse(v).success, 'errors.screening.contactEmail'),
});
export type TScreener = z.infer<typeof ZScreener>;
export type TScreenerInput = z.input<typeof ZScreener>;

/** PUT Call/SaveScreener: `screener: null` removes it. */
export const ZSaveScreenerRequest = z.object({ callId: z.uuid(), screener: ZScreener.nullable() });
export type TSaveScreenerRequest = z.input<typeof ZSaveScreenerRequest>;

/** GET Call/GetScreenerAdmin: the stored screener (null when the call has none) and its version. */
export const ZScreenerAdmin = z.object({ screener: ZScreener.nullable(), version: z.number().int() });
export type TScreenerAdmin = z.infer<typeof ZScreenerAdmin>;

/** POST Call/Screen. */
export const ZScreenRequest = z.object({ callId: z.uuid(), answers: ZSurveyAnswer });
export type TScreenRequest = z.infer<typeof ZScreenRequest>;

/** POST Call/Screen's answer: the messages of the rules that held, in the request's language. */
export const ZScreenResult = z.object({ eligible: z.boolean(), reasons: z.array(z.string()) });
export type TScreenResult = z.infer<typeof ZScreenResult>;

/** GET Call/GetScreener (applicants): the survey to answer, whom to write to, and the organization's latest result. */
export const ZApplicantScreener = z.object({
  /** The call's name in the reader's language (the page's heading). */
  callName: z.string(),
  /** Set when the call's name is shown in another language than the reader's (none written in theirs): the heading marks it. */
  callNameLanguage: ZLanguage.optional(),
  model: z.record(z.string(), z.unknown()),
  contact: z.string(),
  /** The organization's latest screening against the current screener; null when it must screen (again). */
  latest: ZScreenResult.extend({ at: z.string() }).nullable(),
});
export type TApplicantScreener = z.infer<typeof ZApplicantScreener>;

/** POST Call/PreviewScreener (admins): a screener, unsaved, tried on answers and organization data typed by hand. */
export const ZPreviewScreenerRequest = z.object({
  screener: ZScreener,
  answers: ZSurveyAnswer,
  org: z.object({
    country: z.string().trim().max(2).default(''),
    yearsSinceFoundation: z.number().int().min(0).max(1_100).nullable().default(null),
    personalData: z.boolean().default(true),
    selfCertification: z.boolean().default(false),
    termsOfService: z.boolean().default(false),
    nordicCountry: z.boolean().default(false),
    preFunding: z.boolean().default(false),
    chnageInLife: z.boolean().default(false),
  }),
});
export type TPreviewScreenerRequest = z.input<typeof ZPreviewScreenerRequest>;

/** One screening as the admin reads it. */
export const ZScreeningRow = z.object({
  id: z.uuid(),
  organizationId: z.uuid(),
  organizationName: z.string(),
  /** Who answered; null once their account is erased. */
  screenedBy: z.object({ firstName: z.string(), lastName: z.string(), email: z.string() }).nullable(),
  answers: ZSurveyAnswer,
  eligible: z.boolean(),
  reasons: z.array(z.string()),
  /** Whether it was made against the screener as it is now (an older one no longer decides). */
  current: z.boolean(),
  /** Whether it is its organization's latest. */
  latest: z.boolean(),
  at: z.string(),
});
export type TScreeningRow = z.infer<typeof ZScreeningRow>;

/** The newest attempts GET Call/GetScreenings lists (the figures count every organization). */
export const SCREENINGS_SHOWN = 500;

/** GET Call/GetScreenings (admins): figures over each organization's latest screening, and the newest attempts. */
export const ZScreenings = z.object({
  /** Organizations that screened at least once. */
  screened: z.number().int(),
  /** Organizations whose latest screening is eligible. */
  eligible: z.number().int(),
  /** How many organizations' latest screening gave each reason, most frequent first. */
  reasons: z.array(z.object({ message: z.string(), count: z.number().int() })),
  /** Attempts in all (every organization's, every time). */
  attempts: z.number().int(),
  /** The newest SCREENINGS_SHOWN attempts, newest first. */
  screenings: z.array(ZScreeningRow),
});
export type TScreenings = z.infer<typeof ZScreenings>;

/** A rule's message in the reader's language, Italian where none is written. */
export function screenerMessageIn(message: TScreenerMessage, language: TLanguage): string {
  return message[language]?.trim() || message[DEFAULT_LANGUAGE];
}

/** Whole years from a date of foundation (YYYY-MM-DD) to `now`, in UTC; null without a date. */
export function yearsSince(date: string | null, now: Date = new Date()): number | null {
  if (!date) return null;
  const [y, m, d] = date.split('-').map(Number);
  if (!y || !m || !d) return null;
  let years = now.getUTCFullYear() - y;
  const beforeAnniversary = now.getUTCMonth() + 1 < m || (now.getUTCMonth() + 1 === m && now.getUTCDate() < d);
  if (beforeAnniversary) years -= 1;
  return Math.max(0, years);
}

/**
 * The first screener an admin starts from (and the demo's): one yes/no question on being a
 * non-profit, and the rule that a "no" is ineligible, in the three languages.
 */
export const NON_PROFIT_SCREENER = {
  model: {
    pages: [
      {
        name: 'page1',
        elements: [
          {
            type: 'boolean',
            name: 'nonProfit',
            title: {
              default: 'La tua organizzazione è senza scopo di lucro?',
              en: 'Is your organization a non-profit?',
              fr: 'Votre organisation est-elle à but non lucratif ?',
            },
            isRequired: true,
          },
        ],
      },
    ],
  },
  rule: {
    expression: '{nonProfit} = false',
    message: {
      it: 'Il bando è riservato agli enti senza scopo di lucro.',
      en: 'The call is open to non-profit organizations only.',
      fr: 'L’appel est réservé aux organisations à but non lucratif.',
    },
  },
} as const;
