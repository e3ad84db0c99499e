import { type TFieldError, type TStepInput, unfinishedStepProblems } from '@impact/domain';
import { and, asc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { calls, steps } from '../../db/schema';
import { conflict, invalid } from '../../lib/app-error';
import { stepTypeNamesById } from './step-types';

/** What the publish check reads of a step, sent or stored. */
type StepFields = Pick<TStepInput, 'id' | 'name' | 'content' | 'stepTypeId'>;

type DraftChoice = { draft?: boolean; name: string; callType?: { steps: TStepInput[] } };

/**
 * Whether a call is a draft after a save (ZUpdateCallRequest's `draft`): kept a draft when asked,
 * published when asked (once it has a step), and otherwise published by the first save that gives
 * it a name and a step. A published call never goes back: applicants may have started on it.
 */
export function draftAfterSave(wasDraft: boolean, input: DraftChoice, stepCount: number): boolean {
  if (input.draft === true) {
    if (!wasDraft) throw conflict('errors.calls.publishedStaysPublished');
    return true;
  }
  if (input.draft === false) {
    if (stepCount === 0) throw invalid([{ path: 'callType.steps', messageKey: 'errors.calls.publishNeedsSteps' }]);
    return false;
  }
  return wasDraft && !(input.name.trim() !== '' && stepCount > 0);
}

/**
 * What keeps a call from being published as the save leaves it: each step's missing name or
 * content, at the step's field in the request (`prefix`, the list's path; or at `callTypeId` when
 * the steps were not sent and are read as stored). A call already published is judged on the
 * steps this save adds or changes only (`onlyChanged`): one published before the rule is not
 * blocked from every other edit by a step nobody touched.
 */
export async function unfinishedStepErrors(
  tx: Db | Tx,
  callTypeId: string,
  sent: TStepInput[] | undefined,
  onlyChanged: boolean,
  prefix = 'callType.steps',
): Promise<TFieldError[]> {
  if (onlyChanged && !sent) return [];
  const typeNames = await stepTypeNamesById(tx);
  // The stored steps: judged when none were sent, compared with when only changes are judged.
  const stored =
    sent && !onlyChanged
      ? []
      : await tx
          .select({ id: steps.id, name: steps.name, content: steps.content, stepTypeId: steps.stepTypeId })
          .from(steps)
          .where(eq(steps.callTypeId, callTypeId))
          .orderBy(asc(steps.sort));
  const storedById = new Map(stored.map((step) => [step.id, step]));
  const untouched = (step: StepFields) => {
    const before = step.id ? storedById.get(step.id) : undefined;
    return before?.name === step.name && before.stepTypeId === step.stepTypeId && before.content === step.content;
  };
  const errors: TFieldError[] = [];
  const judged: StepFields[] = sent ?? stored;
  judged.forEach((step, index) => {
    if (onlyChanged && untouched(step)) return;
    for (const problem of unfinishedStepProblems(step, typeNames.get(step.stepTypeId))) {
      const path = sent ? `${prefix}.${index}.${problem.field}` : 'callTypeId';
      errors.push({ path, messageKey: problem.messageKey, params: { step: index + 1 } });
    }
  });
  return errors;
}

/**
 * The steps of a published call stay answerable, whichever way its call type is saved (the call
 * editor, the call types page, another call sharing the type): a save of the steps of a type that
 * a published call uses is judged on the steps it adds or changes. A report's form is a draft.
 */
export async function assertPublishedStepsFinished(
  tx: Db | Tx,
  callTypeId: string,
  sent: TStepInput[],
  prefix: string,
) {
  const [published] = await tx
    .select({ id: calls.id })
    .from(calls)
    .where(and(eq(calls.callTypeId, callTypeId), eq(calls.draft, false)))
    .limit(1);
  if (!published) return;
  const unfinished = await unfinishedStepErrors(tx, callTypeId, sent, true, prefix);
  if (unfinished.length > 0) throw invalid(unfinished);
}
