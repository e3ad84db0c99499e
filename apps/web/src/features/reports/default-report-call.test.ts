import { describe, expect, it } from 'vitest';
import { defaultReportCall } from './default-report-call';

const now = new Date('2026-11-25T12:00:00Z');
const call = (id: string, openingAt: string, closingAt: string) => ({ id, openingAt, closingAt });

describe('the call the report tab opens on', () => {
  it('is the open call opened last, not the first of the list (often a future, empty call)', () => {
    const calls = [
      call('future', '2027-01-01T00:00:00Z', '2027-03-01T00:00:00Z'),
      call('open-old', '2026-09-01T00:00:00Z', '2026-12-31T00:00:00Z'),
      call('open-new', '2026-11-01T00:00:00Z', '2027-01-31T00:00:00Z'),
      call('closed', '2026-01-01T00:00:00Z', '2026-06-01T00:00:00Z'),
    ];
    expect(defaultReportCall(calls, now)?.id).toBe('open-new');
  });
  it('else the call that closed last; a future call only when nothing else exists', () => {
    expect(
      defaultReportCall(
        [
          call('future', '2027-01-01T00:00:00Z', '2027-03-01T00:00:00Z'),
          call('closed-old', '2025-01-01T00:00:00Z', '2025-06-01T00:00:00Z'),
          call('closed-new', '2026-01-01T00:00:00Z', '2026-10-01T00:00:00Z'),
        ],
        now,
      )?.id,
    ).toBe('closed-new');
    expect(defaultReportCall([call('future', '2027-01-01T00:00:00Z', '2027-03-01T00:00:00Z')], now)?.id).toBe('future');
    expect(defaultReportCall([], now)).toBeUndefined();
  });
});
