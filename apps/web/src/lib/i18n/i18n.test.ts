import { beforeEach, describe, expect, it } from 'vitest';
import { chooseLanguage, initI18n } from './i18n';

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

  it('takes a language named in the address as the choice, and remembers it', () => {
    window.localStorage.setItem('impact-calls.language', 'it');
    window.history.replaceState(null, '', '/calls?lang=fr&page=2');
    try {
      expect(chooseLanguage('en')).toBe('fr');
      // Taken, the address forgets it (the header's switch reloads the same address).
      expect(window.location.pathname + window.location.search).toBe('/calls?page=2');
      expect(chooseLanguage('en')).toBe('fr');
      // Anything else named there is ignored.
      window.history.replaceState(null, '', '/calls?lang=de');
      expect(chooseLanguage('en')).toBe('fr');
    } finally {
      window.history.replaceState(null, '', '/');
    }
  });

  it('ignores a tampered stored value', () => {
    window.localStorage.setItem('impact-calls.language', '<script>');
    expect(chooseLanguage('en')).toBe('en');
  });
});

describe('initI18n', () => {
  it('loads the texts of the language being read, and only those', async () => {
    const i18n = await initI18n('fr');
    expect(i18n.t('notFound.title')).toBe('Page introuvable');
    // A feature's file is merged in too (not only the shell's).
    expect(i18n.t('applying.save.empty')).toBe('Enregistrement automatique activé');
    expect(i18n.hasResourceBundle('it', 'translation')).toBe(false);
    expect(document.documentElement.lang).toBe('fr');
  });

  it('elides French "de" before an inserted name that starts with a vowel', async () => {
    const i18n = await initI18n('fr');
    expect(i18n.t('applying.adminView.of', { name: 'Aurora' })).toBe('Candidature d’Aurora');
    expect(i18n.t('applying.adminView.of', { name: 'Verde Futuro' })).toBe('Candidature de Verde Futuro');
  });
});

describe('the language cookie (the server hints that language in the page)', () => {
  beforeEach(() => {
    window.localStorage.clear();
    // biome-ignore lint/suspicious/noDocumentCookie: jsdom has no Cookie Store API
    document.cookie = 'ic_language=; path=/; max-age=0';
  });

  it('is written when the reader has chosen a language, and not for the default', async () => {
    await initI18n('en');
    expect(document.cookie).not.toContain('ic_language');
    window.localStorage.setItem('impact-calls.language', 'fr');
    await initI18n('fr');
    expect(document.cookie).toContain('ic_language=fr');
  });
});
