import { DEFAULT_LANGUAGE } from './languages';

/*
 * SurveyJS localisable strings are `{ "default": …, "en": …, "fr": … }`; which language `default`
 * holds is SurveyJS's `surveyLocalization.defaultLocale`, set to our content's default language
 * (Italian) wherever a model is loaded, so `default` is what an admin writes first and the text
 * every missing language falls back to, as for the call's own fields.
 */
export const SURVEY_DEFAULT_LOCALE = DEFAULT_LANGUAGE;

const LOCALE_KEY = /^(default|[a-z]{2}(-[a-z]{2,4})?)$/i;

/** Whether a value is a localisable string: an object of strings keyed by locale, `default` among them. */
function isLocalisedString(value: Record<string, unknown>): boolean {
  const keys = Object.keys(value);
  return 'default' in value && keys.every((k) => LOCALE_KEY.test(k) && typeof value[k] === 'string');
}

/**
 * A model with its localisable strings as the default locale reads them. Models written when
 * `default` meant English (the shipped templates then: `{ default: English, it: Italian, fr }`)
 * carry an explicit `it`: that text becomes `default` and the former default English's `en`.
 * Anything else is passed on as it is.
 */
export function withDefaultLocaleStrings<T>(model: T): T {
  return rewrite(model) as T;
}

function rewrite(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(rewrite);
  if (typeof value !== 'object' || value === null) return value;
  const record = value as Record<string, unknown>;
  if (isLocalisedString(record)) {
    const own = record[SURVEY_DEFAULT_LOCALE];
    if (typeof own !== 'string') return value;
    const { [SURVEY_DEFAULT_LOCALE]: _own, default: former, ...others } = record;
    return { ...others, default: own, en: others.en ?? former };
  }
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(record)) out[k] = rewrite(v);
  return out;
}
