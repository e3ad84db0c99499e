import countries from 'i18n-iso-countries';
import en from 'i18n-iso-countries/langs/en.json';
import fr from 'i18n-iso-countries/langs/fr.json';
import it from 'i18n-iso-countries/langs/it.json';

/**
 * Organizations store the country as its ISO 3166-1 alpha-2 code ("IT"): it does not change
 * with the reader's language. Names are shown in the interface language (SPEC 1: it, en, fr).
 */
for (const locale of [it, en, fr]) countries.registerLocale(locale);

const baseLanguage = (language: string) => language.split('-')[0] ?? 'en';

export function countryName(code: string, language: string): string {
  return countries.getName(code, baseLanguage(language)) ?? countries.getName(code, 'en') ?? code;
}

const optionsCache = new Map<string, Array<{ value: string; label: string }>>();

/** Every country, named and sorted in the given language. */
export function countryOptions(language: string): Array<{ value: string; label: string }> {
  const lang = baseLanguage(language);
  let options = optionsCache.get(lang);
  if (!options) {
    const collator = new Intl.Collator(lang);
    options = Object.entries(countries.getNames(lang, { select: 'official' }))
      .map(([value, label]) => ({ value, label }))
      .sort((a, b) => collator.compare(a.label, b.label));
    optionsCache.set(lang, options);
  }
  return options;
}
