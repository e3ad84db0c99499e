import { DEFAULT_LANGUAGE, type TContentLanguage, type TLanguage, textDefinition, textsIn } from '@impact/domain';
import type { CallDraft, DraftStep } from './call-draft';

/** What the editor shows in one language: the default language edits the fields, the others `translations`. */
export const isDefaultLanguage = (language: TLanguage): language is typeof DEFAULT_LANGUAGE =>
  language === DEFAULT_LANGUAGE;

const blank = (text: string | undefined) => !text || text.replace(/<[^>]*>/g, '').trim() === '';

/**
 * The texts written in the default language but not in `language`: applicants reading that
 * language see the default's there. Nothing is missing in the default language itself.
 */
export function missingTexts(draft: CallDraft, language: TLanguage): string[] {
  if (isDefaultLanguage(language)) return [];
  const call = textsIn(draft.translations, language);
  const missing: string[] = [];
  if (!blank(draft.name) && blank(call?.name)) missing.push('name');
  if (!blank(draft.description) && blank(call?.description)) missing.push('description');
  for (const step of draft.steps) missing.push(...missingStepTexts(step, language).map((f) => `${step.key}.${f}`));
  return missing;
}

/** The same for one step: its name, description and a text step's question. */
export function missingStepTexts(step: DraftStep, language: TLanguage): string[] {
  if (isDefaultLanguage(language)) return [];
  const own = textsIn(step.translations, language);
  const missing: string[] = [];
  if (!blank(step.name) && blank(own?.name)) missing.push('name');
  if (!blank(step.description) && blank(own?.description)) missing.push('description');
  const question = textDefinition(step.content).question;
  if (!blank(question) && blank(own?.question)) missing.push('question');
  return missing;
}

/** The call draft with one text of `language` changed. */
export function withCallText(
  draft: CallDraft,
  language: TContentLanguage,
  patch: { name?: string; description?: string },
): CallDraft {
  return {
    ...draft,
    translations: { ...draft.translations, [language]: { ...draft.translations[language], ...patch } },
  };
}

/** The step with one text of `language` changed. */
export function withStepText(
  step: DraftStep,
  language: TContentLanguage,
  patch: { name?: string; description?: string; question?: string },
): DraftStep {
  const translations = step.translations ?? {};
  return { ...step, translations: { ...translations, [language]: { ...translations[language], ...patch } } };
}
