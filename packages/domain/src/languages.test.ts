import { describe, expect, it } from 'vitest';
import { DEFAULT_LANGUAGE, FALLBACK_LANGUAGE, isLanguage } from './languages';

describe('languages', () => {
  it('Italian is the default and English the fallback (SPEC 1)', () => {
    expect(DEFAULT_LANGUAGE).toBe('it');
    expect(FALLBACK_LANGUAGE).toBe('en');
  });
  it('accepts only it, en and fr', () => {
    expect(['it', 'en', 'fr'].every(isLanguage)).toBe(true);
    expect(isLanguage('de')).toBe(false);
    expect(isLanguage(null)).toBe(false);
  });
});
