import type { TStep } from '@impact/domain';
import type { steps } from '../../db/schema';

type StepRow = typeof steps.$inferSelect;

/** A step row with its type's name, as the API and the services see it. */

export function toStep(row: StepRow, typeName: string | null): TStep {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    content: row.content,
    sort: row.sort,
    stepTypeId: row.stepTypeId,
    stepType: typeName === null ? null : { name: typeName },
    expectedAnswers: row.expectedAnswers,
    subSteps: row.subSteps,
    translations: row.translations,
    stage: row.stage === 2 ? 2 : 1,
  };
}
