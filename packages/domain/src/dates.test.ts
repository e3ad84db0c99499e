import { describe, expect, it } from 'vitest';
import { dateWriter, dayOfMonth } from './dates';

const first = new Date('2026-12-01T10:30:00Z');
const second = new Date('2026-12-02T10:30:00Z');

describe('dateWriter', () => {
  it('writes the first of a month as an ordinal in French, with the month long or short', () => {
    expect(dateWriter('fr-FR', { dateStyle: 'long', timeZone: 'UTC' }).format(first)).toBe('1er décembre 2026');
    expect(dateWriter('fr', { dateStyle: 'medium', timeZone: 'UTC' }).format(first)).toBe('1er déc. 2026');
    expect(dateWriter('fr', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }).format(first)).toBe(
      '1er décembre 2026 à 10:30',
    );
  });

  it('leaves every other day, numeric dates and other languages as Intl writes them', () => {
    expect(dateWriter('fr', { dateStyle: 'long', timeZone: 'UTC' }).format(second)).toBe('2 décembre 2026');
    expect(dateWriter('fr', { dateStyle: 'short', timeZone: 'UTC' }).format(first)).toBe('01/12/2026');
    expect(dateWriter('it', { dateStyle: 'long', timeZone: 'UTC' }).format(first)).toBe('1 dicembre 2026');
    expect(dateWriter('en-GB', { dateStyle: 'long', timeZone: 'UTC' }).format(first)).toBe('1 December 2026');
    // A day 1 in the year or the time is not the day: only the day's own part changes.
    expect(dateWriter('fr', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date('2001-11-11T00:00:00Z'))).toBe(
      '11 novembre 2001',
    );
  });

  it('says the day of a month in a hand-written date', () => {
    expect(dayOfMonth(1, 'fr')).toBe('1er');
    expect(dayOfMonth(21, 'fr')).toBe('21');
    expect(dayOfMonth(1, 'it')).toBe('1');
  });
});
