import { type TCallTranslations, type TStepTranslations, textsIn, translatedOr } from './content-translations';
import type { TLanguage } from './languages';
import { stepTypeDefinition } from './step-types';

/** A call as the reader of `language` sees it: that language's name and description, the default's where missing. */
export function localisedCall<C extends { name: string; description: string; translations?: TCallTranslations | null }>(
  call: C,
  language: TLanguage,
): C {
  const text = textsIn(call.translations, language);
  if (!text) return call;
  return {
    ...call,
    name: translatedOr(text.name, call.name),
    description: translatedOr(text.description, call.description),
  };
}

type StepLike = {
  name: string;
  description: string;
  content: string;
  stepType: { name: string } | null;
  translations?: TStepTranslations | null;
};

/** A step as the reader of `language` sees it: name, description and the texts its type keeps in the content. */
export function localisedStep<S extends StepLike>(step: S, language: TLanguage): S {
  const text = textsIn(step.translations, language);
  if (!text) return step;
  const content = stepTypeDefinition(step.stepType?.name).localisedContent?.(step.content, text) ?? step.content;
  return {
    ...step,
    name: translatedOr(text.name, step.name),
    description: translatedOr(text.description, step.description),
    content,
  };
}
