import {
  DEFAULT_LANGUAGE,
  type TContentLanguage,
  type TLanguage,
  type TStepText,
  textDefinition,
  textsIn,
  uploadSlots,
} from '@impact/domain';
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

/**
 * The same for one step: its name, description, a text step's question and its questions' labels
 * and help (`questions.<id>.label`), an upload step's slot names and descriptions
 * (`uploadSlots.<file_name>.name`). A step of another type has none of these in its content.
 */
export function missingStepTexts(step: DraftStep, language: TLanguage): string[] {
  if (isDefaultLanguage(language)) return [];
  const own = textsIn(step.translations, language);
  const missing: string[] = [];
  if (!blank(step.name) && blank(own?.name)) missing.push('name');
  if (!blank(step.description) && blank(own?.description)) missing.push('description');
  const question = textDefinition(step.content).question;
  if (!blank(question) && blank(own?.question)) missing.push('question');
  for (const q of textDefinition(step.content).questions ?? []) {
    const text = own?.questions?.[q.id];
    if (!blank(q.label) && blank(text?.label)) missing.push(`questions.${q.id}.label`);
    if (!blank(q.help) && blank(text?.help)) missing.push(`questions.${q.id}.help`);
  }
  for (const slot of uploadSlots(step.content)) {
    const text = own?.uploadSlots?.[slot.file_name];
    if (!blank(slot.file_name) && blank(text?.name)) missing.push(`uploadSlots.${slot.file_name}.name`);
    if (!blank(slot.file_description) && blank(text?.description)) {
      missing.push(`uploadSlots.${slot.file_name}.description`);
    }
  }
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
export function withStepText(step: DraftStep, language: TContentLanguage, patch: Partial<TStepText>): DraftStep {
  const translations = step.translations ?? {};
  return { ...step, translations: { ...translations, [language]: { ...translations[language], ...patch } } };
}

/** The step with one text question's label or help in `language` changed. */
export function withQuestionText(
  step: DraftStep,
  language: TContentLanguage,
  id: string,
  patch: { label?: string; help?: string },
): DraftStep {
  const questions = textsIn(step.translations, language)?.questions ?? {};
  return withStepText(step, language, { questions: { ...questions, [id]: { ...questions[id], ...patch } } });
}

/** The step with one upload slot's name or description in `language` changed. */
export function withSlotText(
  step: DraftStep,
  language: TContentLanguage,
  slot: string,
  patch: { name?: string; description?: string },
): DraftStep {
  const slots = textsIn(step.translations, language)?.uploadSlots ?? {};
  return withStepText(step, language, { uploadSlots: { ...slots, [slot]: { ...slots[slot], ...patch } } });
}
