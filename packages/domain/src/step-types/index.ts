import { anyContent, noProblems, sameContent, type TStepTypeDefinition } from './definition';
import { miniDyiStepType } from './mini-dyi';
import { quizStepType } from './quiz';
import { resultsStepType } from './results';
import { surveyStepType } from './survey';
import { textStepType } from './text';
import { uploadStepType } from './upload';

export * from './definition';
export * from './json';
export * from './mini-dyi';
export * from './quiz';
export * from './survey';
export { textAnswerOf, textDefinition } from './text';
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
] as const satisfies readonly TStepTypeDefinition[];

export const STEP_TYPE_NAMES = STEP_TYPE_DEFINITIONS.map((d) => d.name);

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
  surveyModel: false,
};

const byName = new Map<string, TStepTypeDefinition>(STEP_TYPE_DEFINITIONS.map((d) => [d.name, d]));

export function isKnownStepType(name: string | null | undefined): boolean {
  return name !== null && name !== undefined && byName.has(name);
}

export function stepTypeDefinition(name: string | null | undefined): TStepTypeDefinition {
  return (name && byName.get(name)) || unknownStepType;
}

export const STEP_TYPES_HIDDEN_IN_PICKER: readonly string[] = STEP_TYPE_DEFINITIONS.filter((d) => d.hiddenInPicker).map(
  (d) => d.name,
);

/** The types whose steps are SurveyJS forms (survey, quiz): the survey report lists these. */
export const SURVEY_MODEL_STEP_TYPES: readonly string[] = STEP_TYPE_DEFINITIONS.filter((d) => d.surveyModel).map(
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

/** The wizard's sub-step count of a step (at least one). */
export function subStepCountOf(stepTypeName: string | null | undefined): number {
  return Math.max(1, stepTypeDefinition(stepTypeName).subSteps.length);
}
