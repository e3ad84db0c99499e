import { isKnownStepType, STEP_TYPE_NAMES, type TStep, type TStepTypeName } from '@impact/domain';
import { budgetServerType } from './budget';
import { impactActualsServerType } from './impact-actuals';
import { miniDyiServerType } from './mini-dyi';
import { quizServerType } from './quiz';
import { resultsServerType } from './results';
import { surveyServerType } from './survey';
import { textServerType } from './text';
import { keepContent, type ServerStepType } from './types';
import { uploadServerType } from './upload';

export { storedBudget } from './budget';
export type { Cell, Column, ExportContext, ExportStep, RowContext } from './export-columns';
export { answeredColumn, yesNo } from './export-columns';
export type { RecordParts, RecordStep, ServerStepType, WriteContext } from './types';

/** One module per shipped type: a type missing here fails to compile. */
const shipped = {
  text: textServerType,
  upload: uploadServerType,
  miniDyi: miniDyiServerType,
  results: resultsServerType,
  survey: surveyServerType,
  quiz: quizServerType,
  budget: budgetServerType,
  impactActuals: impactActualsServerType,
} satisfies { [N in TStepTypeName]: ServerStepType<N> };

/** Types admins added (shown as "not implemented"): the answer is kept as sent, nothing is checked. */
const unknownServerType: ServerStepType = {
  name: '',
  write: async (_db, _step, content) => ({ content, score: null }),
  missing: async () => [],
  prepareContent: keepContent,
};

const byName = new Map<string, ServerStepType>(Object.values(shipped).map((m) => [m.name, m]));
for (const name of STEP_TYPE_NAMES) if (byName.get(name)?.name !== name) throw new Error(`step type ${name} misnamed`);

/**
 * Adds the server's module of a type registered with the domain (`registerStepType`): the same
 * name, given once. A type kept outside this folder plugs in here; the layers' test uses it.
 */
export function registerServerStepType(module: ServerStepType): void {
  if (!isKnownStepType(module.name) || byName.has(module.name))
    throw new Error(`step type ${module.name} is not registered with the domain, or has its server module`);
  byName.set(module.name, module);
}

export function serverStepType(name: string | null | undefined): ServerStepType {
  return (name && byName.get(name)) || unknownServerType;
}

export const serverStepTypeOf = (step: TStep) => serverStepType(step.stepType?.name);

/** The types whose steps the survey report charts (survey, quiz and any type with a `report`). */
export function reportedStepTypeNames(): string[] {
  return [...byName.values()].filter((m) => m.report).map((m) => m.name);
}
