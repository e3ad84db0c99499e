import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_TIME_ZONE, isTimeZone, moment, setTimeZone, timeZone } from './moments';

afterEach(() => setTimeZone(DEFAULT_TIME_ZONE));

describe('moments the server writes', () => {
  it('are in the funder’s zone, named as each language names it on that date', () => {
    const winter = new Date('2027-01-14T14:18:00Z');
    const summer = new Date('2027-07-14T14:18:00Z');
    expect(timeZone()).toBe('Europe/Rome');
    expect(moment(winter, 'it')).toBe('14 gennaio 2027 alle ore 15:18 CET');
    expect(moment(summer, 'it')).toBe('14 luglio 2027 alle ore 16:18 CEST');
    expect(moment(winter, 'en')).toBe('14 January 2027 at 15:18 CET');
    expect(moment(summer, 'fr')).toBe('14 juillet 2027 à 16:18 UTC+2');
  });

  it('follow the zone set, formatters made anew for it', () => {
    const at = new Date('2027-01-01T09:05:00Z');
    expect(moment(at, 'fr')).toBe('1er janvier 2027 à 10:05 UTC+1');
    setTimeZone('UTC');
    expect(moment(at, 'fr')).toBe('1er janvier 2027 à 09:05 UTC');
    setTimeZone('America/New_York');
    expect(moment(at, 'en')).toBe('1 January 2027 at 04:05 GMT-5');
  });

  it('know a zone from a typing slip', () => {
    expect(isTimeZone('Europe/Paris')).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
    expect(isTimeZone('Europe/Rom')).toBe(false);
    expect(isTimeZone('')).toBe(false);
  });
});
