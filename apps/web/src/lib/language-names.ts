import type { TLanguage } from '@impact/domain';

/** Language names written in their own language, so anyone can find theirs (mark them with `lang`). */
export const NATIVE_NAMES: Record<TLanguage, string> = { it: 'Italiano', en: 'English', fr: 'Français' };

/** A language's name as a sentence in the reader's language says it ("italien" in French, "Italian" in English). */
export function languageNameIn(readerLanguage: string, language: TLanguage): string {
  return new Intl.DisplayNames([readerLanguage], { type: 'language' }).of(language) ?? NATIVE_NAMES[language];
}
