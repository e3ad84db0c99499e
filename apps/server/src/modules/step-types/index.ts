import { STEP_TYPE_NAMES, type TStep } from '@impact/domain';
import { miniDyiServerType } from './mini-dyi';
import { quizServerType } from './quiz';
import { resultsServerType } from './results';
import { surveyServerType } from './survey';
import { textServerType } from './text';
import { keepContent, type ServerStepType } from './types';
import { uploadServerType } from './upload';

export type { ServerStepType } from './types';

const modules: ServerStepType[] = [
  textServerType,
  uploadServerType,
  miniDyiServerType,
  resultsServerType,
  surveyServerType,
  quizServerType,
];

/** Types admins added (shown as "not implemented"): the answer is kept as sent, nothing is checked. */
const unknownServerType: ServerStepType = {
  name: '',
  write: async (_db, _step, content) => ({ content, score: null }),
  missing: async () => [],
  prepareContent: keepContent,
};

const byName = new Map(modules.map((m) => [m.name, m]));

// Every type the domain registry knows has its server module (a missing one fails at start-up).
for (const name of STEP_TYPE_NAMES) if (!byName.has(name)) throw new Error(`no server module for step type ${name}`);

export function serverStepType(name: string | null | undefined): ServerStepType {
  return (name && byName.get(name)) || unknownServerType;
}

export const serverStepTypeOf = (step: TStep) => serverStepType(step.stepType?.name);
