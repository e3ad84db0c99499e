import { z } from 'zod';
import type { TGrantStatus, TTrancheCondition } from './grants';

/**
 * What the funder will pay, and when (the portfolio's "Payments ahead"): every tranche not yet
 * paid of the grants still to be paid (drafts, offers awaiting the grantee's answer and running
 * grants; a declined or closed grant pays nothing more), in one currency.
 */
const ZPaymentBucket = z.object({
  tranches: z.number().int(),
  amount: z.number(),
  /** Of `amount`, what accepted grants owe: committed, where the rest is still an offer or a draft. */
  committed: z.number(),
});
export type TPaymentBucket = z.infer<typeof ZPaymentBucket>;

export const ZPaymentForecast = z.object({
  /** The currency counted (the portfolio's first); tranches of grants in others are left out. */
  currency: z.string().nullable(),
  /** Payable today: due, their report approved, or paid on acceptance of an accepted grant. */
  payableNow: ZPaymentBucket,
  /**
   * Pending tranches by the month they are expected (`YYYY-MM`, ascending, months without any
   * left out): a dated tranche its day's month, one waiting for a report its report's due month.
   * One expected before this month (a report late, a date passed while the offer waits) is
   * counted in this month: it cannot be paid in the past.
   */
  byMonth: z.array(ZPaymentBucket.extend({ month: z.string() })),
  /** Pending with no day known yet: paid on acceptance of an offer, or waiting for a report not yet planned. */
  undated: ZPaymentBucket,
});
export type TPaymentForecast = z.infer<typeof ZPaymentForecast>;

export const EMPTY_PAYMENT_FORECAST: TPaymentForecast = {
  currency: null,
  payableNow: { tranches: 0, amount: 0, committed: 0 },
  byMonth: [],
  undated: { tranches: 0, amount: 0, committed: 0 },
};

/** Grants whose tranches may still be paid: not declined, not closed. */
export const GRANT_STATUSES_STILL_PAYING: readonly TGrantStatus[] = ['draft', 'awaitingAcceptance', 'active'];

export type ForecastTranche = {
  amount: number | string;
  currency: string;
  condition: TTrancheCondition;
  dueAt: string | null;
  paidAt: string | null;
  grantStatus: TGrantStatus;
  /** For a tranche paid on a report's approval: that report of its grant, when planned. */
  report: { dueAt: string; approved: boolean } | null;
};
