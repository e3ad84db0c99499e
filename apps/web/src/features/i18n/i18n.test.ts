import { beforeEach, describe, expect, it } from 'vitest';
import { chooseLanguage } from './i18n';

describe('chooseLanguage', () => {
  beforeEach(() => window.localStorage.clear());

  it('uses the configured default, else Italian', () => {
    expect(chooseLanguage('en')).toBe('en');
    expect(chooseLanguage(undefined)).toBe('it');
    expect(chooseLanguage('de')).toBe('it');
  });

  it("prefers the user's remembered choice", () => {
    window.localStorage.setItem('impact-calls.language', 'fr');
    expect(chooseLanguage('en')).toBe('fr');
  });

  it('ignores a tampered stored value', () => {
    window.localStorage.setItem('impact-calls.language', '<script>');
    expect(chooseLanguage('en')).toBe('en');
  });
});
