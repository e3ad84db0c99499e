import { describe, expect, it } from 'vitest';
import { callStatus, newCallDates, parseServerDate, reportIdOrNull, splitFilterEmails } from './calls';
import { EMPTY_ID } from './ids';

describe('parseServerDate', () => {
  it('treats a date-time without Z or offset as UTC', () => {
    expect(parseServerDate('2026-03-01T10:00:00').toISOString()).toBe('2026-03-01T10:00:00.000Z');
    expect(parseServerDate('2026-03-01T10:00:00.123').toISOString()).toBe('2026-03-01T10:00:00.123Z');
  });
  it('keeps an explicit Z or offset', () => {
    expect(parseServerDate('2026-03-01T10:00:00Z').toISOString()).toBe('2026-03-01T10:00:00.000Z');
    expect(parseServerDate('2026-03-01T10:00:00+02:00').toISOString()).toBe('2026-03-01T08:00:00.000Z');
  });
});

describe('callStatus', () => {
  const call = { openingAt: '2026-03-01T00:00:00', closingAt: '2026-03-31T00:00:00' };
  it('is open between opening and closing', () => {
    expect(callStatus(call, new Date('2026-03-15T00:00:00Z'))).toBe('open');
  });
  it('is closed before opening and after closing', () => {
    expect(callStatus(call, new Date('2026-02-28T23:59:59Z'))).toBe('closed');
    expect(callStatus(call, new Date('2026-03-31T00:00:01Z'))).toBe('closed');
  });
  it('reads zone-less server dates as UTC, not local time', () => {
    // One minute before opening in UTC: a local-time reading would shift it by the zone offset.
    expect(callStatus(call, new Date('2026-02-28T23:59:00Z'))).toBe('closed');
    expect(callStatus(call, new Date('2026-03-01T00:00:00Z'))).toBe('open');
  });
});

describe('newCallDates', () => {
  it('opens one month ahead and closes three months ahead', () => {
    const { openingAt, closingAt } = newCallDates(new Date('2026-01-15T09:30:00Z'));
    expect(openingAt.toISOString()).toBe('2026-02-15T09:30:00.000Z');
    expect(closingAt.toISOString()).toBe('2026-04-15T09:30:00.000Z');
  });
  it('clamps to the end of a shorter month', () => {
    const { openingAt, closingAt } = newCallDates(new Date('2026-01-31T00:00:00Z'));
    expect(openingAt.toISOString()).toBe('2026-02-28T00:00:00.000Z');
    expect(closingAt.toISOString()).toBe('2026-04-30T00:00:00.000Z');
  });
});

describe('report ids and e-mail filter', () => {
  it('empty report ids are absent', () => {
    expect(reportIdOrNull('')).toBeNull();
    expect(reportIdOrNull('  ')).toBeNull();
    expect(reportIdOrNull(undefined)).toBeNull();
    expect(reportIdOrNull(EMPTY_ID)).toBeNull();
    expect(reportIdOrNull(' abc-1 ')).toBe('abc-1');
  });
  it('splits, trims, lower-cases and de-duplicates e-mails', () => {
    expect(splitFilterEmails(' A@x.org, b@y.org ,a@x.org,, ')).toEqual(['a@x.org', 'b@y.org']);
  });
});
