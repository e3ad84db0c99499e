import { grantAccepted, sumAmounts, trancheStatus } from './grants';
import {
  type ForecastTranche,
  GRANT_STATUSES_STILL_PAYING,
  type TPaymentBucket,
  type TPaymentForecast,
} from './payment-forecast';

/**
 * Buckets the tranches by when they are expected to be paid (`today` as `YYYY-MM-DD`, UTC, as a
 * tranche's own status is judged). Amounts are added in cents, as every other sum of money.
 */
export function forecastPayments(
  tranches: readonly ForecastTranche[],
  currency: string | null,
  today: string,
): TPaymentForecast {
  const thisMonth = today.slice(0, 7);
  const now: ForecastTranche[] = [];
  const undated: ForecastTranche[] = [];
  const months = new Map<string, ForecastTranche[]>();
  for (const tranche of tranches) {
    if (tranche.paidAt || tranche.currency !== currency) continue;
    if (!GRANT_STATUSES_STILL_PAYING.includes(tranche.grantStatus)) continue;
    const status = trancheStatus(
      { ...tranche, reportPlanId: tranche.report ? 'report' : null },
      tranche.grantStatus,
      today,
      tranche.report?.approved ? new Set(['report']) : new Set(),
    );
    if (status === 'payable') {
      now.push(tranche);
      continue;
    }
    const expected = expectedDay(tranche);
    if (!expected) {
      undated.push(tranche);
      continue;
    }
    const month = expected.slice(0, 7) < thisMonth ? thisMonth : expected.slice(0, 7);
    const list = months.get(month);
    if (list) list.push(tranche);
    else months.set(month, [tranche]);
  }
  return {
    currency,
    payableNow: bucket(now),
    byMonth: [...months.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([month, list]) => ({ ...bucket(list), month })),
    undated: bucket(undated),
  };
}

/** The day a pending tranche is expected: its own, or its report's due day; null when neither is known. */
function expectedDay(tranche: ForecastTranche): string | null {
  if (tranche.condition === 'onDate') return tranche.dueAt;
  if (tranche.condition === 'onReportApproval') return tranche.report?.dueAt ?? null;
  return null;
}

function bucket(list: readonly ForecastTranche[]): TPaymentBucket {
  return {
    tranches: list.length,
    amount: sumAmounts(list.map((t) => t.amount)),
    committed: sumAmounts(list.filter((t) => grantAccepted(t.grantStatus)).map((t) => t.amount)),
  };
}
