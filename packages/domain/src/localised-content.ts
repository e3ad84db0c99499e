import type { TCall } from './calls';
import {
  type TCallTranslations,
  type TStepTranslations,
  type TTextLanguages,
  textLanguages,
  textsIn,
  translatedOr,
} from './content-translations';
import type { TLanguage } from './languages';
import { stepTypeDefinition } from './step-types';
import type { TStep } from './steps';

/**
 * A call's or a step's name as the reader of `language` sees it, the default language's where
 * theirs is not written: what every list names it by (an admin reading in French reads the
 * French name the applicants of that language read).
 */
export function nameIn(
  named: { name: string; translations?: Partial<Record<string, { name?: string }>> | null },
  language: TLanguage,
): string {
  return translatedOr(textsIn(named.translations, language)?.name, named.name);
}

/**
 * A call as the reader of `language` sees it: that language's name and description, the default's
 * where missing, and which of the two are in the default's (`textLanguages`).
 */
export function localisedCall<C extends { name: string; description: string; translations?: TCallTranslations | null }>(
  call: C,
  language: TLanguage,
): C & { textLanguages: TTextLanguages } {
  const text = textsIn(call.translations, language);
  const shownIn = textLanguages(text, language);
  if (!text) return { ...call, textLanguages: shownIn };
  return {
    ...call,
    name: translatedOr(text.name, call.name),
    description: translatedOr(text.description, call.description),
    textLanguages: shownIn,
  };
}

type StepLike = {
  name: string;
  description: string;
  content: string;
  stepType: { name: string } | null;
  translations?: TStepTranslations | null;
};

/**
 * A step as the reader of `language` sees it: name, description and the texts its type keeps in
 * the content, and which of name and description are in the default language (`textLanguages`).
 */
export function localisedStep<S extends StepLike>(step: S, language: TLanguage): S & { textLanguages: TTextLanguages } {
  const text = textsIn(step.translations, language);
  const shownIn = textLanguages(text, language);
  if (!text) return { ...step, textLanguages: shownIn };
  const content = stepTypeDefinition(step.stepType?.name).localisedContent?.(step.content, text) ?? step.content;
  return {
    ...step,
    name: translatedOr(text.name, step.name),
    description: translatedOr(text.description, step.description),
    content,
    textLanguages: shownIn,
  };
}

/**
 * A call with its steps as a reader of `language` sees them, without what only its editors see
 * (the e-mail filter's addresses, the report ids, the other languages' texts, a quiz's answer key
 * field): the applicant's view of their call (the server adds the submission's fields) and the
 * administrator's reading of a submission share it. `steps`: those shown (the stages reached).
 */
export function callAsRead(call: TCall, language: TLanguage, steps: readonly TStep[] = call.steps) {
  const {
    userFilterEmail: _emails,
    powerBIReportID: _report,
    powerBIWorkspaceID: _workspace,
    translations: _translations,
    ...shared
  } = localisedCall(call, language);
  return {
    ...shared,
    steps: steps.map((stored) => {
      const { expectedAnswers: _key, translations: _texts, ...step } = localisedStep(stored, language);
      return step;
    }),
  };
}
