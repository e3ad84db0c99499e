import { z } from 'zod';
import { EMPTY_INDICATOR_TALLY, ZIndicatorTally } from './impact-actuals';
import { ZLanguage } from './languages';
import { EMPTY_PAYMENT_FORECAST, ZPaymentForecast } from './payment-forecast';

/*
 * Grants after the award (docs/decisions/0043-grants-and-award-letters.md): an accepted decision
 * makes a grant in `draft`; the admin settles amount, dates and conditions and sends the award
 * letter (`awaitingAcceptance`); the grantee accepts (`active`) or declines (`declined`); an admin
 * closes an active grant at its end (`closed`).
 */

export const GRANT_STATUSES = ['draft', 'awaitingAcceptance', 'active', 'declined', 'closed'] as const;
export const ZGrantStatus = z.enum(GRANT_STATUSES);
export type TGrantStatus = z.infer<typeof ZGrantStatus>;

/** Accepted by the grantee (running, or closed since): it has committed to its terms and targets. */
export function grantAccepted(status: TGrantStatus): boolean {
  return status === 'active' || status === 'closed';
}

/** Amounts in euros with cents, kept exact in the database (numeric(14,2): below 1e12). */
export const GRANT_AMOUNT_MAX = 999_999_999_999.99;
export const GRANT_CONDITIONS_MAX_LENGTH = 10_000;
export const GRANT_REASON_MAX_LENGTH = 2_000;
export const GRANT_FULL_NAME_MAX_LENGTH = 200;

/** An amount (a number, or numeric's text) in whole cents: grants' sums and comparisons are made in these, never in binary fractions. */
export function amountToCents(amount: number | string): number {
  return Math.round(Number(amount) * 100);
}

/** The sum of amounts, added in cents. */
export function sumAmounts(amounts: ReadonlyArray<number | string>): number {
  return amounts.reduce<number>((sum, amount) => sum + amountToCents(amount), 0) / 100;
}

const ZAmount = z
  .number()
  .min(0, { message: 'errors.grants.amountRange' })
  .max(GRANT_AMOUNT_MAX, { message: 'errors.grants.amountRange' })
  .refine((n) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, { message: 'errors.grants.amountCents' });

/** A calendar day, `YYYY-MM-DD`. */
const ZDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'errors.grants.dateInvalid' });

const ZLetterHash = z.string().regex(/^[0-9a-f]{64}$/);

export const ZGrant = z.object({
  id: z.uuid(),
  /** What a letter, a page or a programme officer quotes: `grantReference` of the grant. */
  reference: z.string(),
  submissionId: z.uuid(),
  organizationId: z.uuid(),
  organizationName: z.string(),
  callId: z.uuid(),
  callName: z.string(),
  /** Set when the call's name is shown in another language than the reader's (none written in theirs): pages mark it. */
  callNameLanguage: ZLanguage.optional(),
  amount: z.number(),
  currency: z.string(),
  startsAt: ZDay.nullable(),
  endsAt: ZDay.nullable(),
  conditions: z.string(),
  status: ZGrantStatus,
  letterSentAt: z.string().nullable(),
  letterHash: z.string().nullable(),
  /** The language the letter sent is written in (its contact's), whatever the reader's; null before it is sent. */
  letterLanguage: ZLanguage.nullable().optional(),
  acceptedAt: z.string().nullable(),
  acceptedByName: z.string().nullable(),
  declinedAt: z.string().nullable(),
  declineReason: z.string().nullable(),
  /** Who declined, as their account names them now (null when the account is gone, and before a refusal). */
  declinedByName: z.string().nullable().optional(),
  /** When an administrator closed the grant (status `closed`). */
  closedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type TGrant = z.infer<typeof ZGrant>;

/**
 * A grant's reference in letters, pages and mails: the year it was made and its number, which
 * counts every grant of the platform in order ("2026-0042"); never reused, gaps possible.
 */
export function grantReference(number: number, createdAt: Date | string): string {
  // The year as the server's clock reads it (the platform's time zone): made on 1 January in Rome is that year's.
  return `${new Date(createdAt).getFullYear()}-${String(number).padStart(4, '0')}`;
}
export const ZGrants = z.array(ZGrant);

export const ZGrantsQuery = z.object({ callId: z.uuid() });
export const ZGrantIdQuery = z.object({ grantId: z.uuid() });

export const ZUpdateGrantRequest = z
  .object({
    grantId: z.uuid(),
    amount: ZAmount.optional(),
    startsAt: ZDay.nullable().optional(),
    endsAt: ZDay.nullable().optional(),
    conditions: z.string().max(GRANT_CONDITIONS_MAX_LENGTH).optional(),
    /** Only `closed` (an active grant at its end) is set by hand; the others follow the letter. */
    status: z.literal('closed').optional(),
  })
  .refine((g) => !g.startsAt || !g.endsAt || g.startsAt <= g.endsAt, {
    message: 'errors.grants.endBeforeStart',
    path: ['endsAt'],
  });
export type TUpdateGrantRequest = z.infer<typeof ZUpdateGrantRequest>;

export const ZSendAwardLetterRequest = z.object({ grantId: z.uuid() });

export const ZAcceptAwardRequest = z.object({
  grantId: z.uuid(),
  fullName: z.string().trim().min(2, { message: 'errors.grants.fullNameRequired' }).max(GRANT_FULL_NAME_MAX_LENGTH),
  /** Required (true) when the grant has conditions: the grantee ticked them. */
  conditionsAccepted: z.boolean().optional(),
  /** The hash of the letter the grantee read (the web app sends it): a letter changed since is 409. */
  letterHash: ZLetterHash.optional(),
});
export const ZDeclineAwardRequest = z.object({
  grantId: z.uuid(),
  letterHash: ZLetterHash.optional(),
  reason: z.string().trim().max(GRANT_REASON_MAX_LENGTH).default(''),
});

/** What the award letter says, in one language: the fields the template fills in. */
export type TAwardLetterFields = {
  organizationName: string;
  callName: string;
  amount: number;
  currency: string;
  startsAt: string | null;
  endsAt: string | null;
  conditions: string;
  contact: string;
};

/*
 * Tranches: a grant's payments. A tranche becomes payable when its condition is met (the grant
 * accepted; its due date reached on an accepted grant); the admin then marks it paid with the date
 * and the bank's reference. Paid tranches never change. No bank integration.
 */
export const TRANCHE_CONDITIONS = ['onAcceptance', 'onDate', 'onReportApproval'] as const;
export const ZTrancheCondition = z.enum(TRANCHE_CONDITIONS);
export type TTrancheCondition = z.infer<typeof ZTrancheCondition>;
export const TRANCHE_STATUSES = ['pending', 'payable', 'paid'] as const;
export const ZTrancheStatus = z.enum(TRANCHE_STATUSES);
export type TTrancheStatus = z.infer<typeof ZTrancheStatus>;
export const MAX_TRANCHES = 24;

export const ZTranche = z.object({
  id: z.uuid(),
  grantId: z.uuid(),
  position: z.number().int(),
  amount: z.number(),
  condition: ZTrancheCondition,
  dueAt: ZDay.nullable(),
  /** For `onReportApproval`: the reporting plan's item whose report must be approved. */
  reportPlanId: z.uuid().nullable(),
  /** That item's name, so a grantee reads which report before any report exists (null otherwise). */
  reportName: z.string().nullable().optional(),
  status: ZTrancheStatus,
  paidAt: ZDay.nullable(),
  paymentReference: z.string().nullable(),
});
export type TTranche = z.infer<typeof ZTranche>;
export const ZTranches = z.array(ZTranche);

export const ZTrancheInput = z
  .object({
    amount: ZAmount.refine((n) => n > 0, { message: 'errors.grants.trancheAmountPositive' }),
    condition: ZTrancheCondition,
    dueAt: ZDay.nullable().default(null),
    reportPlanId: z.uuid().nullable().default(null),
  })
  .refine((t) => t.condition !== 'onDate' || t.dueAt !== null, {
    message: 'errors.grants.trancheDateRequired',
    path: ['dueAt'],
  })
  .refine((t) => t.condition !== 'onReportApproval' || t.reportPlanId !== null, {
    message: 'errors.grants.trancheReportRequired',
    path: ['reportPlanId'],
  });
export const ZSaveTranchesRequest = z.object({
  grantId: z.uuid(),
  /** The tranches not yet paid, in order; paid ones stay as they are, before these. */
  tranches: z.array(ZTrancheInput).max(MAX_TRANCHES),
});
export type TSaveTranchesRequest = z.infer<typeof ZSaveTranchesRequest>;
export const ZMarkTranchePaidRequest = z.object({
  trancheId: z.uuid(),
  paidAt: ZDay,
  paymentReference: z.string().trim().min(1, { message: 'errors.grants.referenceRequired' }).max(200),
});
export const ZTranchesExportQuery = z.object({ callId: z.uuid(), format: z.enum(['csv', 'xlsx']) });

/**
 * Where a tranche stands: paid once marked; payable once the grant is accepted (active or closed)
 * and, for a dated tranche, its day has come (`today` as `YYYY-MM-DD`, UTC), for one tied to a
 * report, that report has been approved (`approvedPlanIds`: the plan items whose report of this
 * grant is approved); pending otherwise.
 */
export function trancheStatus(
  tranche: { condition: TTrancheCondition; dueAt: string | null; paidAt: string | null; reportPlanId?: string | null },
  grantStatus: TGrantStatus,
  today: string,
  approvedPlanIds: ReadonlySet<string> = new Set(),
): TTrancheStatus {
  if (tranche.paidAt) return 'paid';
  if (!grantAccepted(grantStatus)) return 'pending';
  if (tranche.condition === 'onDate') return tranche.dueAt !== null && tranche.dueAt <= today ? 'payable' : 'pending';
  if (tranche.condition === 'onReportApproval') {
    return tranche.reportPlanId && approvedPlanIds.has(tranche.reportPlanId) ? 'payable' : 'pending';
  }
  return 'payable';
}

/*
 * The portfolio (GET Report/GetPortfolio): every grant across calls with what was awarded and
 * paid, the application's SDGs and forecast SROI; the actual SROI arrives with the impact actuals.
 */
export const ZPortfolioQuery = z.object({
  callId: z.uuid().optional(),
  sdg: z.coerce.number().int().min(1).max(17).optional(),
  /** The year the grant starts (or, without a start, was made). */
  year: z.coerce.number().int().min(2000).max(2100).optional(),
});
export type TPortfolioQuery = z.infer<typeof ZPortfolioQuery>;
export const ZPortfolioGrant = z.object({
  id: z.uuid(),
  /** The grant's reference (`grantReference`), as its letter quotes it. */
  reference: z.string().optional(),
  callId: z.uuid(),
  callName: z.string(),
  organizationName: z.string(),
  status: ZGrantStatus,
  amount: z.number(),
  /** The grant's currency: amounts in different currencies are never added together. */
  currency: z.string().default('EUR'),
  paid: z.number(),
  startsAt: ZDay.nullable(),
  sdgs: z.array(z.number().int()),
  forecastSroi: z.number().nullable(),
  actualSroi: z.number().nullable(),
  /** Whether the report the actual SROI comes from is approved (null without an actual SROI). */
  actualApproved: z.boolean().nullable().default(null),
  /** Reports past their day and not yet submitted. */
  reportsOverdue: z.number().int(),
  /** The forecast's indicators against the latest submitted report's values (none before acceptance). */
  indicators: ZIndicatorTally.default(EMPTY_INDICATOR_TALLY),
});
export const ZPortfolio = z.object({
  totals: z.object({
    grants: z.number().int(),
    /**
     * The currencies of the grants, the one most are in first. With more than one, `awarded`, `paid`
     * and each SDG's `awarded` add only the grants in the first (the page asks to filter by call).
     */
    currencies: z.array(z.string()).default([]),
    awarded: z.number(),
    paid: z.number(),
    byStatus: z.record(ZGrantStatus, z.number().int()),
    /** Grants with at least one report overdue, and the overdue reports themselves. */
    grantsWithReportsOverdue: z.number().int(),
    reportsOverdue: z.number().int(),
    indicators: ZIndicatorTally.default(EMPTY_INDICATOR_TALLY),
  }),
  bySdg: z.array(
    z.object({
      sdg: z.number().int(),
      grants: z.number().int(),
      awarded: z.number(),
      forecastSroi: z.number().nullable(),
      actualSroi: z.number().nullable(),
      /** The indicators of outcomes chosen under this SDG, promised against achieved. */
      indicators: ZIndicatorTally.default(EMPTY_INDICATOR_TALLY),
    }),
  ),
  grants: z.array(ZPortfolioGrant),
  /** The tranches still to pay of the grants shown, by when (forecastPayments). */
  payments: ZPaymentForecast.default(EMPTY_PAYMENT_FORECAST),
});
export type TPortfolio = z.infer<typeof ZPortfolio>;
