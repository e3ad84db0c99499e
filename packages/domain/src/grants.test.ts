import { describe, expect, it } from 'vitest';
import { amountToCents, sumAmounts, trancheStatus, ZSaveTranchesRequest, ZUpdateGrantRequest } from './grants';

describe('a tranche', () => {
  const onDate = { condition: 'onDate' as const, dueAt: '2027-03-01', paidAt: null };
  const onAcceptance = { condition: 'onAcceptance' as const, dueAt: null, paidAt: null };

  it('is pending until the grant is accepted, whatever its condition', () => {
    for (const status of ['draft', 'awaitingAcceptance', 'declined'] as const) {
      expect(trancheStatus(onAcceptance, status, '2030-01-01')).toBe('pending');
      expect(trancheStatus(onDate, status, '2030-01-01')).toBe('pending');
    }
  });

  it('on acceptance is payable once accepted; a dated one from its day on', () => {
    expect(trancheStatus(onAcceptance, 'active', '2027-01-01')).toBe('payable');
    expect(trancheStatus(onDate, 'active', '2027-02-28')).toBe('pending');
    expect(trancheStatus(onDate, 'active', '2027-03-01')).toBe('payable');
    expect(trancheStatus(onDate, 'closed', '2027-03-02')).toBe('payable');
  });

  it('is paid once marked, whatever else holds', () => {
    expect(trancheStatus({ ...onDate, paidAt: '2027-03-05' }, 'closed', '2027-01-01')).toBe('paid');
  });

  it('needs a date when dated, a positive amount in cents', () => {
    const save = (tranche: object) =>
      ZSaveTranchesRequest.safeParse({ grantId: crypto.randomUUID(), tranches: [tranche] });
    expect(save({ amount: 100, condition: 'onDate' }).success).toBe(false);
    const zero = save({ amount: 0, condition: 'onAcceptance' });
    expect(zero.error?.issues.map((issue) => issue.message)).toEqual(['errors.grants.trancheAmountPositive']);
    expect(save({ amount: 10.001, condition: 'onAcceptance' }).success).toBe(false);
    expect(save({ amount: 10.01, condition: 'onAcceptance' }).success).toBe(true);
    expect(save({ amount: 10, condition: 'onDate', dueAt: '2027-01-01' }).success).toBe(true);
  });
});

describe('a grant’s terms', () => {
  const update = (fields: object) => ZUpdateGrantRequest.safeParse({ grantId: crypto.randomUUID(), ...fields });
  it('keep amounts in cents between 0 and 1e12 and the end after the start', () => {
    expect(update({ amount: 0.1 + 0.2 }).success).toBe(true);
    expect(update({ amount: -1 }).success).toBe(false);
    expect(update({ amount: 1e12 + 1 }).success).toBe(false);
    expect(update({ startsAt: '2027-01-02', endsAt: '2027-01-01' }).success).toBe(false);
    expect(update({ startsAt: '2027-01-01', endsAt: '2027-01-01' }).success).toBe(true);
  });
});

describe('amounts', () => {
  it('are added and compared in cents, from numbers or numeric text', () => {
    expect(sumAmounts([0.1, 0.2])).toBe(0.3);
    expect(sumAmounts(['48000.50', 0.01, '0.49'])).toBe(48001);
    expect(amountToCents('80000.00')).toBe(8_000_000);
    expect(amountToCents(0.1 + 0.2)).toBe(30);
  });
});
