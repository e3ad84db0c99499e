import {
  DEFAULT_LANGUAGE,
  FALLBACK_LANGUAGE,
  frenchElisionProcessor,
  isLanguage,
  LANGUAGES,
  type TLanguage,
} from '@impact/domain';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { loadTranslations } from './resources';

export const LANGUAGE_STORAGE_KEY = 'impact-calls.language';

function readStoredLanguage(): TLanguage | null {
  try {
    const value = window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(value) ? value : null;
  } catch {
    return null; // storage disabled (private mode, strict settings)
  }
}

/**
 * A language named in the address (`?lang=`, as the public call pages link into the app) is the
 * visitor's choice, kept as if picked in the header: someone reading a call in French signs in
 * and applies in French.
 */
function rememberLanguageOfAddress() {
  const address = new URL(window.location.href);
  const named = address.searchParams.get('lang');
  if (!isLanguage(named)) return;
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, named);
    // Taken: the address forgets it, or the header's language switch (a reload) would find it again.
    address.searchParams.delete('lang');
    window.history.replaceState(window.history.state, '', address);
  } catch {
    // storage disabled: the address keeps naming it for this page
  }
  return named;
}

/** The user's own choice wins (named in the address, else remembered), then the configured default, then Italian (SPEC 1). */
export function chooseLanguage(configDefault: string | undefined): TLanguage {
  return (
    rememberLanguageOfAddress() ??
    readStoredLanguage() ??
    (isLanguage(configDefault) ? configDefault : DEFAULT_LANGUAGE)
  );
}

export async function initI18n(language: TLanguage) {
  await i18next
    .use(initReactI18next)
    .use(frenchElisionProcessor)
    .init({
      resources: { [language]: { translation: await loadTranslations(language) } },
      lng: language,
      fallbackLng: FALLBACK_LANGUAGE,
      supportedLngs: [...LANGUAGES],
      interpolation: { escapeValue: false }, // React escapes
      returnNull: false,
      postProcess: [frenchElisionProcessor.name],
    });
  document.documentElement.lang = language;
  if (readStoredLanguage() === language) tellServerLanguage(language);
  return i18next;
}

/**
 * The chosen language as a cookie too: the server then hints this language's texts in the page it
 * sends (apps/server/src/plugins/app-page.ts), instead of the default's. Only a preference, never
 * read for anything else.
 */
function tellServerLanguage(language: TLanguage) {
  const secure = window.location.protocol === 'https:' ? '; secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from Safari before 18.4 and older Firefox
  document.cookie = `ic_language=${language}; path=/; max-age=31536000; samesite=lax${secure}`;
}

/** SPEC 2: changing the language reloads the page, so every cached text is rendered anew. */
export function switchLanguage(language: TLanguage) {
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
    tellServerLanguage(language);
  } catch {
    // Without storage a reload would forget the choice: switch in place instead, once its texts are here.
    void loadTranslations(language).then((tree) => {
      i18next.addResourceBundle(language, 'translation', tree, true, true);
      void i18next.changeLanguage(language);
      document.documentElement.lang = language;
    });
    return;
  }
  window.location.reload();
}
