import { stepTypeDefinition, type TUserStep } from '@impact/domain';
import type { ComponentType } from 'react';
import type { StepProps } from '../step-kit/step-props';
import { surveyValidity } from '../surveys/survey-validity';
import { lazyStep } from './lazy-step';
import { TextStep } from './text/text-step';
import { UploadStep } from './upload/upload-step';

/**
 * The web side of the step-type registry (packages/domain/src/step-types): which component a
 * step of each type shows in the wizard, and what the page adds to the shared checks. Looked up
 * by name; the wizard and the menu never compare type names.
 */
export type WebStepType = {
  Step: ComponentType<StepProps>;
  /** The step saves pending typing itself (it registers a flush); others have nothing pending. */
  autosaves: boolean;
  /** Checks only the page can make, added to the shared ones (translation keys). */
  extraProblems?: (step: TUserStep) => string[];
  /** Asks the step to show its own errors when Next was refused. */
  reveal?: (step: TUserStep) => void;
  /** Fetches the component's file ahead of time, for a type whose component comes in its own. */
  preload?: () => void;
};

// The text and upload steps come with the wizard (most calls open on them); the others in files
// of their own (lazy-step.tsx), fetched once the wizard is idle (preloadStepTypes).
const impact = lazyStep(() => import('../impact/components/impact-step').then((m) => m.ImpactStep));
const survey = lazyStep(() => import('../surveys/components/survey-step').then((m) => m.SurveyStep));
const results = lazyStep(() => import('../surveys/components/results-step').then((m) => m.ResultsStep));

const surveyLike: Omit<WebStepType, 'Step'> = {
  autosaves: true,
  // The form's own silent check (required visible questions, validators, selection limits).
  extraProblems: (step) => surveyValidity.get(step.id) ?? [],
  reveal: (step) => surveyValidity.reveal(step.id),
};

const registry: Record<string, WebStepType> = {
  text: { Step: TextStep, autosaves: true },
  upload: { Step: UploadStep, autosaves: false },
  miniDyi: { ...impact, autosaves: true },
  survey: { ...survey, ...surveyLike },
  quiz: { ...survey, ...surveyLike },
  results: { ...results, autosaves: false },
};

/** A type this version does not know has no entry (the wizard says "not implemented"). */
export function webStepType(name: string | null | undefined): WebStepType | undefined {
  return name ? registry[name] : undefined;
}

/** Fetches the files of the step types these steps use (the wizard calls it once it is idle). */
export function preloadStepTypes(steps: readonly TUserStep[]) {
  for (const step of steps) webStepType(step.stepType?.name)?.preload?.();
}

/**
 * What keeps Next from leaving the step's sub-step (or the step from being submitted): the shared
 * rules of the type, and what the page alone can check. Translation keys, without repeats.
 */
export function stepProblems(step: TUserStep, content: string | undefined, subStep?: number): string[] {
  const name = step.stepType?.name;
  const shared = stepTypeDefinition(name).answerProblems(step, content, subStep);
  return [...new Set([...shared, ...(webStepType(name)?.extraProblems?.(step) ?? [])])];
}

/** Every type the shared registry knows has a component here (checked by the registry's test). */
export const WEB_STEP_TYPE_NAMES = Object.keys(registry);
