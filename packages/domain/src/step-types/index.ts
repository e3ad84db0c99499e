import { budgetStepType } from './budget';
import { anyContent, noProblems, sameContent, type TStepTypeDefinition } from './definition';
import { impactActualsStepType } from './impact-actuals';
import { miniDyiStepType } from './mini-dyi';
import { quizStepType } from './quiz';
import { resultsStepType } from './results';
import { surveyStepType } from './survey';
import { textStepType } from './text';
import { uploadStepType } from './upload';

export * from './budget';
export * from './definition';
export { impactActualsProblems, impactActualsStepType } from './impact-actuals';
export * from './json';
export * from './mini-dyi';
export * from './quiz';
export * from './survey';
export {
  asksSeveralQuestions,
  SINGLE_TEXT_QUESTION_ID,
  textAnswerOf,
  textAnswersOf,
  textDefinition,
  textNotANumber,
  textOverLimit,
  textQuestionProblem,
  textQuestions,
} from './text';
export { missingUploadSlots, uploadedOf, uploadSlots } from './upload';

/**
 * The step-type registry: the one place where a type name maps to behaviour. Order is the
 * spec's (SPEC 3 "Step types"); every entry is seeded on start. Server (`modules/step-types`)
 * and web (`features/step-types`) extend it with one module per type, keyed by the same name.
 */
export const STEP_TYPE_DEFINITIONS = [
  textStepType,
  uploadStepType,
  miniDyiStepType,
  resultsStepType,
  surveyStepType,
  quizStepType,
  budgetStepType,
  impactActualsStepType,
] as const satisfies readonly TStepTypeDefinition[];

/** The name of a type this version ships: every per-type map is a `Record<TStepTypeName, …>`. */
export type TStepTypeName = (typeof STEP_TYPE_DEFINITIONS)[number]['name'];

/** Each shipped type's definition by its name, for the per-type modules of the server and the web app. */
export const STEP_TYPES = Object.fromEntries(STEP_TYPE_DEFINITIONS.map((d) => [d.name, d])) as {
  [D in (typeof STEP_TYPE_DEFINITIONS)[number] as D['name']]: D;
};

export const STEP_TYPE_NAMES: readonly TStepTypeName[] = STEP_TYPE_DEFINITIONS.map((d) => d.name);

/** Types admins added (SPEC 2: shown as "not implemented"): any content, any answer, no checks. */
export const unknownStepType: TStepTypeDefinition = {
  name: '',
  subSteps: [],
  hiddenInPicker: false,
  defaultContent: '',
  parseContent: anyContent,
  answerSchema: null,
  serverKeptAnswer: false,
  answerProblems: noProblems,
  applicantContent: sameContent,
  scored: false,
};

const byName = new Map<string, TStepTypeDefinition>(STEP_TYPE_DEFINITIONS.map((d) => [d.name, d]));

/**
 * Adds a type beyond those shipped (a type kept outside this package, or the test that proves a
 * new type needs one module per layer). Its steps are those of a step type an admin created with
 * the same name; the server and the web app register their own modules for it the same way.
 */
export function registerStepType(definition: TStepTypeDefinition): void {
  if (!definition.name || byName.has(definition.name)) throw new Error(`step type ${definition.name} exists`);
  byName.set(definition.name, definition);
}

/** Every type known now: the shipped ones, then any registered. */
export function stepTypeDefinitions(): TStepTypeDefinition[] {
  return [...byName.values()];
}

export function isKnownStepType(name: string | null | undefined): boolean {
  return name !== null && name !== undefined && byName.has(name);
}

export function stepTypeDefinition(name: string | null | undefined): TStepTypeDefinition {
  return (name && byName.get(name)) || unknownStepType;
}

export const STEP_TYPES_HIDDEN_IN_PICKER: readonly string[] = STEP_TYPE_DEFINITIONS.filter((d) => d.hiddenInPicker).map(
  (d) => d.name,
);

/** The step types an admin may pick for a step. */
export function pickableStepTypes<T extends { name: string }>(types: T[]): T[] {
  return types.filter((t) => !stepTypeDefinition(t.name).hiddenInPicker);
}

/** Default content for a step that just got the given type. */
export function defaultStepContent(stepTypeName: string | undefined): string {
  return stepTypeDefinition(stepTypeName).defaultContent;
}

/** Validates a step's content against its type (the admin's save). */
export function parseStepContent(stepTypeName: string, content: string) {
  return stepTypeDefinition(stepTypeName).parseContent(content);
}

/** What keeps a step from being published: which of its fields, and why (a translation key). */
export type TUnfinishedProblem = { field: 'name' | 'content'; messageKey: string };

/**
 * What a step still lacks before applicants can answer it: a name, and what its type asks of its
 * content. A draft call keeps unfinished steps; publishing a call, or saving one that is published,
 * refuses them.
 */
export function unfinishedStepProblems(
  step: { name: string; content: string },
  stepTypeName: string | null | undefined,
): TUnfinishedProblem[] {
  const problems: TUnfinishedProblem[] = [];
  if (!step.name.trim()) problems.push({ field: 'name', messageKey: 'errors.calls.unfinished.stepNoName' });
  const type = stepTypeDefinition(stepTypeName);
  // A content its type cannot read is the content check's to name (parseStepContent), not this one's.
  if (!type.parseContent(step.content).ok) return problems;
  for (const messageKey of type.unfinished?.(step.content) ?? []) problems.push({ field: 'content', messageKey });
  return problems;
}

/** The wizard's sub-step count of a step (at least one). */
export function subStepCountOf(stepTypeName: string | null | undefined): number {
  return Math.max(1, stepTypeDefinition(stepTypeName).subSteps.length);
}
