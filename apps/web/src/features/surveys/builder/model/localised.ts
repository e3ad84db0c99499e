import { isJsonObject } from '@impact/domain';

/** The languages the builder writes survey texts in; Italian is the platform's default (SPEC). */
export const SURVEY_LANGUAGES = ['it', 'en', 'fr'] as const;
export type TSurveyLanguage = (typeof SURVEY_LANGUAGES)[number];

/**
 * Which language a localisable string's `default` holds. Texts the builder writes keep Italian
 * in `default`; a model that names `it` explicitly (our templates, SurveyJS examples) keeps its
 * `default` for the first language it does not name, so that text is not shown as missing.
 */
function defaultLanguageOf(value: Record<string, unknown>): TSurveyLanguage | null {
  return SURVEY_LANGUAGES.find((lang) => !Object.hasOwn(value, lang)) ?? null;
}

/** A SurveyJS text (a plain string or `{ default, en, fr, … }`) in one language; '' when missing. */
export function textIn(value: unknown, lang: TSurveyLanguage): string {
  if (typeof value === 'string') return lang === 'it' ? value : '';
  if (!isJsonObject(value)) return '';
  const own = value[lang];
  if (typeof own === 'string') return own;
  return defaultLanguageOf(value) === lang && typeof value.default === 'string' ? value.default : '';
}

/**
 * A text to name something by in a picker: in this language, else in the first language it is
 * written in (a question written only in Italian is better named by its Italian title than by its
 * code), '' when written in none.
 */
export function textToNameBy(value: unknown, lang: TSurveyLanguage): string {
  return [lang, ...SURVEY_LANGUAGES].map((l) => textIn(value, l)).find((text) => text !== '') ?? '';
}

/** Whether a text is written in some language but not in this one (a translation to do). */
export function isMissingIn(value: unknown, lang: TSurveyLanguage): boolean {
  if (textIn(value, lang) !== '') return false;
  return SURVEY_LANGUAGES.some((other) => textIn(value, other) !== '');
}

/**
 * The text with one language rewritten. A plain string stays a plain string until a second
 * language is written; emptying the other languages turns it back into a plain string.
 */
export function withTextIn(value: unknown, lang: TSurveyLanguage, text: string): unknown {
  const object: Record<string, unknown> = isJsonObject(value)
    ? { ...value }
    : typeof value === 'string'
      ? { default: value }
      : {};
  const key = Object.hasOwn(object, lang) || defaultLanguageOf(object) !== lang ? lang : 'default';
  if (text === '') delete object[key];
  else object[key] = text;
  const keys = Object.keys(object);
  if (keys.length === 0) return undefined;
  if (keys.length === 1 && keys[0] === 'default') return object.default;
  return object;
}
