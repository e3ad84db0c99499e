import { type DateWriter, dateWriter, LANGUAGES, type TLanguage } from '@impact/domain';

/** The locale each interface language formats dates and numbers in. */
export const LOCALES: Record<TLanguage, string> = { it: 'it-IT', en: 'en-GB', fr: 'fr-FR' };

/** The zone moments are written in when TIME_ZONE is not set: the funder's, Italy's by default. */
export const DEFAULT_TIME_ZONE = 'Europe/Rome';

/** Whether Intl knows `zone` (an IANA name such as Europe/Paris, or UTC). */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

type Writers = { moment: DateWriter; zoneName: Intl.DateTimeFormat };

/*
 * The zone every moment the server writes is in (mails, public pages, PDFs): the funder's, as the
 * applicants read the deadline, named beside the time. The browser writes moments in the reader's
 * own zone; text the server writes cannot know it, and "14:18 UTC" on a public page beside
 * "15:18" in the app read as two deadlines. Set once at start from TIME_ZONE (app.ts), and in a
 * render thread from its task; per thread, so one zone at a time.
 */
let zone = DEFAULT_TIME_ZONE;
/** Made once per language for the zone: building a formatter costs more than the text around it. */
let writers = new Map<TLanguage, Writers>();

export function setTimeZone(next: string) {
  if (next === zone) return;
  zone = next;
  writers = new Map();
}

export function timeZone(): string {
  return zone;
}

function writersOf(language: TLanguage): Writers {
  let found = writers.get(language);
  if (!found) {
    found = {
      moment: dateWriter(LOCALES[language], { dateStyle: 'long', timeStyle: 'short', timeZone: zone }),
      zoneName: new Intl.DateTimeFormat(LOCALES[language], { timeZone: zone, timeZoneName: 'short' }),
    };
    writers.set(language, found);
  }
  return found;
}

/**
 * A moment as mails, public pages and PDFs write it: long date and time in the funder's zone, the
 * zone named as the language names it on that date ("14 gennaio 2027 alle ore 15:18 CET",
 * "14 juillet 2027 à 16:18 UTC+2").
 */
export function moment(date: Date, language: TLanguage): string {
  const { moment: writer, zoneName } = writersOf(language);
  const name = zoneName.formatToParts(date).find((part) => part.type === 'timeZoneName')?.value ?? zone;
  return `${writer.format(date)} ${name}`;
}

const DAY_FORMATS = Object.fromEntries(
  LANGUAGES.map((language) => [language, dateWriter(LOCALES[language], { dateStyle: 'long', timeZone: 'UTC' })]),
) as Record<TLanguage, DateWriter>;

/** A calendar day (`YYYY-MM-DD`) written out in the language ("15 luglio 2027"). */
export function longDay(day: string, language: TLanguage): string {
  return DAY_FORMATS[language].format(new Date(`${day}T00:00:00Z`));
}
