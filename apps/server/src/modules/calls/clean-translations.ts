import type { TCallTranslations, TContentLanguage, TStepTranslations } from '@impact/domain';
import { sanitizeRichText } from '../../lib/sanitize';

/*
 * Translations are stored as the default language's texts are: rich text (descriptions, a text
 * step's question) sanitised on save, names trimmed. Blank texts are dropped, so "missing" has one
 * meaning for the editor's marks and the fallback alike.
 */

const present = (value: string | undefined) => (value !== undefined && value.trim() !== '' ? value : undefined);

function compact<T extends Record<string, unknown>>(value: T): T | undefined {
  const kept = Object.entries(value).filter(([, v]) => v !== undefined);
  return kept.length > 0 ? (Object.fromEntries(kept) as T) : undefined;
}

function perLanguage<T>(
  translations: Partial<Record<TContentLanguage, T>>,
  clean: (text: T) => T | undefined,
): Partial<Record<TContentLanguage, T>> {
  const out: Partial<Record<TContentLanguage, T>> = {};
  for (const [language, text] of Object.entries(translations) as Array<[TContentLanguage, T]>) {
    const kept = clean(text);
    if (kept) out[language] = kept;
  }
  return out;
}

export function cleanCallTranslations(translations: TCallTranslations): TCallTranslations {
  return perLanguage(translations, (text) =>
    compact({
      name: present(text.name?.trim()),
      description: present(text.description) && sanitizeRichText(text.description ?? ''),
    }),
  );
}

export function cleanStepTranslations(translations: TStepTranslations): TStepTranslations {
  return perLanguage(translations, (text) => {
    const slots = perSlot(text.uploadSlots ?? {});
    const questions = perQuestion(text.questions ?? {});
    return compact({
      name: present(text.name?.trim()),
      description: present(text.description) && sanitizeRichText(text.description ?? ''),
      question: present(text.question) && sanitizeRichText(text.question ?? ''),
      questions: Object.keys(questions).length > 0 ? questions : undefined,
      uploadSlots: Object.keys(slots).length > 0 ? slots : undefined,
    });
  });
}

function perSlot(slots: NonNullable<NonNullable<TStepTranslations['en']>['uploadSlots']>) {
  const out: typeof slots = {};
  for (const [key, slot] of Object.entries(slots)) {
    const kept = compact({ name: present(slot.name?.trim()), description: present(slot.description) });
    if (kept) out[key] = kept;
  }
  return out;
}

/** A text step's questions: label and help are plain text (shown as text, never as HTML). */
function perQuestion(questions: NonNullable<NonNullable<TStepTranslations['en']>['questions']>) {
  const out: typeof questions = {};
  for (const [key, question] of Object.entries(questions)) {
    const kept = compact({ label: present(question.label?.trim()), help: present(question.help) });
    if (kept) out[key] = kept;
  }
  return out;
}
