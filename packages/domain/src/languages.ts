import { z } from 'zod';

/** Interface languages. Italian is the product default, English the fallback (SPEC 1, 9). */
export const LANGUAGES = ['it', 'en', 'fr'] as const;
export const ZLanguage = z.enum(LANGUAGES);
export type TLanguage = z.infer<typeof ZLanguage>;

export const DEFAULT_LANGUAGE: TLanguage = 'it';
export const FALLBACK_LANGUAGE: TLanguage = 'en';

/** The languages a config may choose as its default: SPEC 3 says "it or en"; fr too, since the product ships French. */
export const ZConfigDefaultLanguage = z.enum(LANGUAGES);

export function isLanguage(value: unknown): value is TLanguage {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}
