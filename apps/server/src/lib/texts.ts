import { FALLBACK_LANGUAGE, frenchElisionProcessor, LANGUAGES, type TLanguage } from '@impact/domain';
import { SERVER_TEXTS, type TServerTexts } from '@impact/texts';
import { createInstance } from 'i18next';

/** A plural's forms ("closesIn_one", "closesIn_other") are asked by their base key with a `count`. */
type PluralBase<K extends string> = K extends `${infer B}_${'zero' | 'one' | 'two' | 'few' | 'many' | 'other'}` ? B : K;
/** Every text's dotted key ("pdf.outcome", "mail.receipt.subject"): a misspelt key does not compile. */
type Keys<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${PluralBase<K>}` : Keys<T[K], `${P}${K}.`>;
}[keyof T & string];
export type TTextKey = Keys<TServerTexts>;
export type TTextParams = Record<string, string | number>;
export type TTranslate = (key: TTextKey, params?: TTextParams) => string;

/**
 * One i18next instance for the process (each worker thread builds its own), made once from the
 * bundled texts, configured as the web app's (apps/web/src/lib/i18n/i18n.ts): same files'
 * format, same fallback language. It never changes after start, so it is a constant table, not a
 * cache: nothing to expire or close. Values are inserted raw (`escapeValue: false`): the mails
 * escape them for HTML where they build HTML, the PDF is not markup. i18next does not interpolate
 * placeholders found inside inserted values (`skipOnVariables`, its default), so an organization
 * named "{{call}}" prints as typed.
 */
const i18n = createInstance().use(frenchElisionProcessor);
void i18n.init({
  resources: Object.fromEntries(LANGUAGES.map((language) => [language, { translation: SERVER_TEXTS[language] }])),
  lng: FALLBACK_LANGUAGE,
  fallbackLng: FALLBACK_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  initAsync: false,
  interpolation: { escapeValue: false, skipOnVariables: true },
  returnNull: false,
  postProcess: [frenchElisionProcessor.name],
});

/** The texts of one language; a key missing in it falls back to English, as in the web app. */
export function translator(language: TLanguage): TTranslate {
  const t = i18n.getFixedT(language);
  return (key, params) => t(key, params ?? {});
}

/**
 * One section's texts without placeholders, as a plain object (`sectionTexts('it', 'pdf').outcome`),
 * for renderers that take labels rather than a function.
 */
export function sectionTexts<S extends keyof TServerTexts>(
  language: TLanguage,
  section: S,
): { [K in keyof TServerTexts[S]]: string } {
  const t = translator(language);
  const keys = Object.keys(SERVER_TEXTS[FALLBACK_LANGUAGE][section]);
  return Object.fromEntries(keys.map((k) => [k, t(`${section}.${k}` as TTextKey)])) as {
    [K in keyof TServerTexts[S]]: string;
  };
}
