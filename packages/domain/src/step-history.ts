import { z } from 'zod';

/*
 * The version history of one step's answer, for the members of the submission's organization
 * (docs/decisions/0030-step-result-history.md).
 */

/** GET Call/GetStepResultHistory: `StepId` as the issue spells it; `stepId` is accepted too. */
export const ZStepHistoryQuery = z
  .object({ submissionId: z.uuid(), StepId: z.uuid().optional(), stepId: z.uuid().optional() })
  .refine((q) => q.StepId !== undefined || q.stepId !== undefined, {
    message: 'errors.field.required',
    path: ['StepId'],
  });
export type TStepHistoryQuery = z.infer<typeof ZStepHistoryQuery>;

/** Who saved or submitted: the name erasure left for an erased person, null when none is left. */
export const ZHistoryPerson = z.object({ firstName: z.string(), lastName: z.string() }).nullable();
export type THistoryPerson = z.infer<typeof ZHistoryPerson>;

/** One kept version: saves by one author within one minute are one version (its latest save). */
export const ZStepVersion = z.object({
  version: z.number().int(),
  savedAt: z.string(),
  author: ZHistoryPerson,
  content: z.string(),
  /** Set when this version was made by restoring that earlier one. */
  restoredFrom: z.number().int().nullable(),
});
export type TStepVersion = z.infer<typeof ZStepVersion>;

/** A Submit (a frozen record): `version` is the step's version it froze, null when none was saved. */
export const ZStepMilestone = z.object({
  closedAt: z.string(),
  closedBy: ZHistoryPerson,
  version: z.number().int().nullable(),
});
export type TStepMilestone = z.infer<typeof ZStepMilestone>;

export const ZStepHistory = z.object({
  submissionId: z.uuid(),
  stepId: z.uuid(),
  /** The answer's version now (0: never saved): what a restore is based on. */
  currentVersion: z.number().int(),
  /** Whether the caller may restore now: an owner or editor, while the submission is writable. */
  canRestore: z.boolean(),
  /** Newest first. */
  versions: z.array(ZStepVersion),
  /** Oldest first. */
  milestones: z.array(ZStepMilestone),
});
export type TStepHistory = z.infer<typeof ZStepHistory>;

/** POST Call/RestoreStepResultVersion: the version's content becomes the step's newest version. */
export const ZRestoreStepVersionRequest = z.object({
  submissionId: z.uuid(),
  stepId: z.uuid(),
  version: z.number().int().min(1),
});
export type TRestoreStepVersionRequest = z.infer<typeof ZRestoreStepVersionRequest>;
