import { describe, expect, it } from 'vitest';
import { forecastPayments } from './forecast-payments';
import type { ForecastTranche } from './payment-forecast';

const TODAY = '2026-12-01';
const tranche = (over: Partial<ForecastTranche>): ForecastTranche => ({
  amount: '1000.00',
  currency: 'EUR',
  condition: 'onDate',
  dueAt: '2027-02-15',
  paidAt: null,
  grantStatus: 'active',
  report: null,
  ...over,
});

describe('forecastPayments', () => {
  it('buckets tranches by the month they are expected, payable ones today', () => {
    const forecast = forecastPayments(
      [
        tranche({ dueAt: '2027-02-15', amount: '1000.10' }),
        tranche({ dueAt: '2027-02-28', amount: '0.20' }),
        tranche({ dueAt: '2027-01-03' }),
        tranche({ condition: 'onAcceptance', dueAt: null, amount: '500' }),
        tranche({ dueAt: '2026-11-30', amount: '250' }),
      ],
      'EUR',
      TODAY,
    );
    expect(forecast.payableNow).toEqual({ tranches: 2, amount: 750, committed: 750 });
    expect(forecast.byMonth).toEqual([
      { month: '2027-01', tranches: 1, amount: 1000, committed: 1000 },
      // Added in cents: 1000.10 + 0.20 is 1000.30, not 1000.3000000000001.
      { month: '2027-02', tranches: 2, amount: 1000.3, committed: 1000.3 },
    ]);
    expect(forecast.undated).toEqual({ tranches: 0, amount: 0, committed: 0 });
  });

  it("expects a report's tranche at its report's due day, and pays it once approved", () => {
    const forecast = forecastPayments(
      [
        tranche({ condition: 'onReportApproval', dueAt: null, report: { dueAt: '2027-06-30', approved: false } }),
        tranche({ condition: 'onReportApproval', dueAt: null, report: { dueAt: '2026-06-30', approved: true } }),
        tranche({ condition: 'onReportApproval', dueAt: null, report: null }),
      ],
      'EUR',
      TODAY,
    );
    expect(forecast.payableNow.tranches).toBe(1);
    expect(forecast.byMonth.map((m) => m.month)).toEqual(['2027-06']);
    expect(forecast.undated.tranches).toBe(1);
  });

  it('counts a pending tranche expected in the past in this month (a late report)', () => {
    const forecast = forecastPayments(
      [tranche({ condition: 'onReportApproval', dueAt: null, report: { dueAt: '2026-09-30', approved: false } })],
      'EUR',
      TODAY,
    );
    expect(forecast.byMonth).toEqual([{ month: '2026-12', tranches: 1, amount: 1000, committed: 1000 }]);
  });

  it('tells what accepted grants owe from what offers and drafts would', () => {
    const forecast = forecastPayments(
      [
        tranche({ grantStatus: 'awaitingAcceptance', amount: '300' }),
        tranche({ grantStatus: 'draft', amount: '200' }),
        tranche({ grantStatus: 'active', amount: '100' }),
        // An offer's payment on acceptance has no day until the grantee answers.
        tranche({ grantStatus: 'awaitingAcceptance', condition: 'onAcceptance', dueAt: null }),
      ],
      'EUR',
      TODAY,
    );
    expect(forecast.byMonth).toEqual([{ month: '2027-02', tranches: 3, amount: 600, committed: 100 }]);
    expect(forecast.undated).toEqual({ tranches: 1, amount: 1000, committed: 0 });
  });

  it('leaves out what is paid, what declined or closed grants no longer pay, and other currencies', () => {
    const forecast = forecastPayments(
      [
        tranche({ paidAt: '2026-11-01' }),
        tranche({ grantStatus: 'declined' }),
        tranche({ grantStatus: 'closed' }),
        tranche({ currency: 'CHF' }),
      ],
      'EUR',
      TODAY,
    );
    expect(forecast).toEqual({
      currency: 'EUR',
      payableNow: { tranches: 0, amount: 0, committed: 0 },
      byMonth: [],
      undated: { tranches: 0, amount: 0, committed: 0 },
    });
  });
});
