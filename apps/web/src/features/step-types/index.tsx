import { isKnownStepType, stepTypeDefinition, type TStepTypeName, type TUserStep } from '@impact/domain';
import type { ComponentType } from 'react';
import type { StepProps } from '../step-kit/step-props';
import { lazyStep } from './lazy-step';
import { pageProblems } from './page-problems';
import { ResultsStep } from './results/results-step';
import { TextStep } from './text/text-step';
import { UploadStep } from './upload/upload-step';

/**
 * The web side of the step-type registry (packages/domain/src/step-types): which component a
 * step of each type shows in the wizard, and what the page adds to the shared checks. Looked up
 * by name; the wizard and the menu never compare type names.
 */
export type WebStepType = {
  Step: ComponentType<StepProps>;
  /** Checks only the page can make, added to the shared ones (translation keys). */
  extraProblems?: (step: TUserStep) => string[];
  /** Asks the step to show its own errors when Next was refused. */
  reveal?: (step: TUserStep) => void;
  /** Fetches the component's file ahead of time, for a type whose component comes in its own. */
  preload?: () => void;
};

// The text and upload steps come with the wizard (most calls open on them), and the results step
// (a few lists, which the closing page shows too); the impact and survey steps, with their number
// inputs, selects, charts and form library, in files of their own (lazy-step.tsx), fetched once
// the wizard is idle (preloadStepTypes).
const impact = lazyStep(() => import('./impact/impact-step').then((m) => m.ImpactStep));
const budget = lazyStep(() => import('./budget/budget-step').then((m) => m.BudgetStep));
const impactActuals = lazyStep(() => import('./impact-actuals/impact-actuals-step').then((m) => m.ImpactActualsStep));
const survey = lazyStep(() => import('./survey/survey-step').then((m) => m.SurveyStep));

/** What the step's page found that its answer does not show (page-problems.ts). */
const pageFound: WebStepType['extraProblems'] = (step) => pageProblems.get(step.id) ?? [];

const surveyLike: Omit<WebStepType, 'Step'> = {
  // The form's own silent check (required visible questions, validators, selection limits).
  extraProblems: pageFound,
  reveal: (step) => pageProblems.reveal(step.id),
};

const shipped = {
  text: { Step: TextStep },
  upload: { Step: UploadStep },
  // A figure typed that does not read as one (saved empty meanwhile), in each of these three.
  miniDyi: { ...impact, extraProblems: pageFound },
  survey: { ...survey, ...surveyLike },
  quiz: { ...survey, ...surveyLike },
  results: { Step: ResultsStep },
  // Next refused shows each field's problem, those of a line or source just added too.
  budget: { ...budget, extraProblems: pageFound, reveal: (step) => pageProblems.reveal(step.id) },
  impactActuals: { ...impactActuals, extraProblems: pageFound },
} satisfies Record<TStepTypeName, WebStepType>;

const registry: Record<string, WebStepType> = { ...shipped };

/**
 * Adds the wizard's step of a type registered with the domain (`registerStepType`) beyond those
 * shipped: a type kept outside this folder plugs in here; the layers' test uses it.
 */
export function registerWebStepType(name: string, entry: WebStepType): void {
  if (!isKnownStepType(name) || Object.hasOwn(registry, name))
    throw new Error(`step type ${name} is unknown or has its step`);
  registry[name] = entry;
}

/** A type this version does not know has no entry (the wizard says "not implemented"). */
export function webStepType(name: string | null | undefined): WebStepType | undefined {
  // Own keys only: a type an admin named "constructor" has no step here.
  return name && Object.hasOwn(registry, name) ? registry[name] : undefined;
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

/**
 * Which steps the menu ticks as done: those with nothing left to fix. A step the applicant
 * answers nothing in (the results step, types this version does not know) is done only once every
 * step before it is: otherwise the results step showed a tick before anything was filled.
 */
export function stepsDone(steps: readonly TUserStep[], contentOf: (step: TUserStep) => string | undefined): boolean[] {
  const done: boolean[] = [];
  for (const [index, step] of steps.entries()) {
    const answersNothing = stepTypeDefinition(step.stepType?.name).answerSchema === null;
    const fine = stepProblems(step, contentOf(step)).length === 0;
    done.push(fine && (!answersNothing || done.slice(0, index).every(Boolean)));
  }
  return done;
}

/** Whether the step's page holds typing it could not save, which leaving the page loses (page-problems.ts). */
export function typingHeld(step: TUserStep): boolean {
  return pageProblems.holds(step.id);
}

/** Every type the shared registry knows has a component here (checked by the registry's test). */
export const WEB_STEP_TYPE_NAMES = Object.keys(registry);
