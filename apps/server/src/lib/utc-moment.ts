import { type DateWriter, dateWriter, LANGUAGES, type TLanguage } from '@impact/domain';

/** The locale each interface language formats dates and numbers in. */
export const LOCALES: Record<TLanguage, string> = { it: 'it-IT', en: 'en-GB', fr: 'fr-FR' };

/** Made once per language: building a formatter costs more than the text around it. */
const FORMATS = Object.fromEntries(
  LANGUAGES.map((language) => [
    language,
    dateWriter(LOCALES[language], { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }),
  ]),
) as Record<TLanguage, DateWriter>;

/** Long date and time in UTC ("12 gennaio 2027 alle ore 00:06"), for a text that says UTC itself. */
export function utcDateTime(date: Date, language: TLanguage): string {
  return FORMATS[language].format(date);
}

/** A moment as mails and public pages write it: long date and time in UTC, said so ("… 00:06 UTC"). */
export function utcMoment(date: Date, language: TLanguage): string {
  return `${utcDateTime(date, language)} UTC`;
}

const DAY_FORMATS = Object.fromEntries(
  LANGUAGES.map((language) => [language, dateWriter(LOCALES[language], { dateStyle: 'long', timeZone: 'UTC' })]),
) as Record<TLanguage, DateWriter>;

/** A calendar day (`YYYY-MM-DD`) written out in the language ("15 luglio 2027"). */
export function longDay(day: string, language: TLanguage): string {
  return DAY_FORMATS[language].format(new Date(`${day}T00:00:00Z`));
}
