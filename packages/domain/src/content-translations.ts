import { z } from 'zod';
import { DEFAULT_LANGUAGE, type TLanguage, ZLanguage } from './languages';

/*
 * What an admin writes for applicants, in more than one language (docs/decisions, "call content in
 * three languages"). The default language's text stays in the entity's own fields (`name`,
 * `description`, the step's content), so every existing client keeps working; the other languages
 * sit beside it in `translations`, each field optional: a text left out (or empty) falls back to
 * the default language's.
 */

/** The languages content is translated into: every interface language but the default (whose text is in the fields). */
export const CONTENT_TRANSLATION_LANGUAGES = ['en', 'fr'] as const satisfies readonly TLanguage[];
export const ZContentLanguage = z.enum(CONTENT_TRANSLATION_LANGUAGES);
export type TContentLanguage = z.infer<typeof ZContentLanguage>;

/** `{ "en": {…}, "fr": {…} }`; any other key (a misspelt code, or the default language) is refused with its own key. */
function translationsOf<T extends z.ZodType>(text: T) {
  return z.partialRecord(ZContentLanguage, text, {
    // zod reports a key outside the enum of a partial record as an unrecognized key.
    error: (issue) => ((issue.code as string) === 'unrecognized_keys' ? 'errors.translations.language' : undefined),
  });
}

/** A call's name and description (HTML) in one language. */
export const ZCallText = z.strictObject({
  name: z.string().trim().max(300).optional(),
  description: z.string().max(100_000).optional(),
});
export type TCallText = z.infer<typeof ZCallText>;

/** An upload slot's name and description in one language. */
export const ZUploadSlotText = z.strictObject({
  name: z.string().trim().max(200).optional(),
  description: z.string().max(1024).optional(),
});

/** A text step question's label and help in one language. */
export const ZTextQuestionText = z.strictObject({
  label: z.string().trim().max(300).optional(),
  help: z.string().max(2_000).optional(),
});

/**
 * A step's texts in one language: its name and description, a text step's `question` (HTML) and
 * its questions' labels and help in `questions`, keyed by the question's id, and an upload step's
 * slots in `uploadSlots`, keyed by the slot's `file_name` (the slot's key, which answers name too). Survey and quiz texts are not here: they are SurveyJS localisable strings
 * (`{ "default": …, "en": …, "fr": … }`) inside the model itself.
 */
export const ZStepText = z.strictObject({
  name: z.string().trim().max(300).optional(),
  description: z.string().max(50_000).optional(),
  question: z.string().max(20_000).optional(),
  questions: z.record(z.string().max(40), ZTextQuestionText).optional(),
  uploadSlots: z.record(z.string().max(200), ZUploadSlotText).optional(),
});
export type TStepText = z.infer<typeof ZStepText>;

/** The branding's texts for applicants in one language: the welcome message and the consent sentence. */
export const ZConfigText = z.strictObject({
  message: z.string().max(5000).optional(),
  dataConsentText: z.string().max(5000).optional(),
});
export const ZConfigTranslations = translationsOf(ZConfigText);
export type TConfigTranslations = z.infer<typeof ZConfigTranslations>;

/** An e-mail to a call's applicants in one language: its subject and body (HTML). */
export const ZEmailText = z.strictObject({
  subject: z.string().trim().max(200).optional(),
  html: z.string().max(50_000).optional(),
});
export const ZEmailTranslations = translationsOf(ZEmailText);
export type TEmailTranslations = z.infer<typeof ZEmailTranslations>;

export const ZCallTranslations = translationsOf(ZCallText);
export type TCallTranslations = z.infer<typeof ZCallTranslations>;
export const ZStepTranslations = translationsOf(ZStepText);
export type TStepTranslations = z.infer<typeof ZStepTranslations>;

/** The texts of `language` (none for the default language, whose texts are the fields themselves). */
export function textsIn<T>(translations: Partial<Record<TContentLanguage, T>> | null | undefined, language: TLanguage) {
  return language === DEFAULT_LANGUAGE ? undefined : translations?.[language as TContentLanguage];
}

/** A translated text, or the default language's when it is missing or blank. */
export function translatedOr(translated: string | undefined, fallback: string): string {
  return translated !== undefined && translated.trim() !== '' ? translated : fallback;
}

/**
 * The name and the description a reader was shown in another language than theirs (the default
 * language's, theirs not being written), with that language: the page marks them (`lang`) so a
 * screen reader reads them with the right voice (WCAG 3.1.2). A field absent is in the reader's.
 */
export const ZTextLanguages = z.object({ name: ZLanguage.optional(), description: ZLanguage.optional() });
export type TTextLanguages = z.infer<typeof ZTextLanguages>;

/** Which of `name` and `description` a reader of `language` sees in the default language. */
export function textLanguages(
  own: { name?: string; description?: string } | undefined,
  language: TLanguage,
): TTextLanguages {
  if (language === DEFAULT_LANGUAGE) return {};
  const shown: TTextLanguages = {};
  if (translatedOr(own?.name, '') === '') shown.name = DEFAULT_LANGUAGE;
  if (translatedOr(own?.description, '') === '') shown.description = DEFAULT_LANGUAGE;
  return shown;
}
