import { describe, expect, it } from 'vitest';
import { screenerMessageIn, yearsSince } from './screening';

describe('the screener’s pure rules', () => {
  it('counts whole years since foundation, in UTC, and none without a date', () => {
    const now = new Date('2026-05-01T12:00:00Z');
    expect(yearsSince('2019-05-01', now)).toBe(7);
    expect(yearsSince('2019-05-02', now)).toBe(6);
    expect(yearsSince('2026-04-30', now)).toBe(0);
    expect(yearsSince(null, now)).toBeNull();
  });

  it('reads a message in the reader’s language, Italian where none is written', () => {
    const message = { it: 'Solo enti italiani.', en: 'Italian organizations only.', fr: ' ' };
    expect(screenerMessageIn(message, 'en')).toBe('Italian organizations only.');
    expect(screenerMessageIn(message, 'fr')).toBe('Solo enti italiani.');
  });
});
