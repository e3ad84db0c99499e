import { z } from 'zod';
import { ZStepTranslations } from './content-translations';
import { EMPTY_ID } from './ids';
import { ZStage, ZStageNumber } from './stages';

export const ZStepType = z.object({ id: z.uuid(), name: z.string() });
export type TStepType = z.infer<typeof ZStepType>;

export const ZCreateStepTypeRequest = z.object({ name: z.string().trim().min(1).max(100) });
export type TCreateStepTypeRequest = z.infer<typeof ZCreateStepTypeRequest>;

// ---- Content shapes per step type (Step.content is a string; these are what it holds as JSON) ----

export const UPLOAD_FILE_TYPES = ['pdf', 'excel', 'word', 'image'] as const;
export const ZUploadFileType = z.enum(UPLOAD_FILE_TYPES);
/**
 * The server's cap on one uploaded file (50 MB): a slot may not ask for more, since the server
 * stops reading any upload here.
 */
export const UPLOAD_MAX_BYTES = 50 * 1024 * 1024;
export type TUploadFileType = z.infer<typeof ZUploadFileType>;

/** SPEC 3 "Upload step definition": one expected file. `dimensions` is the maximum size in bytes. */
export const ZUploadStepFile = z.object({
  file_name: z.string().trim().min(1).max(200),
  file_description: z.string().max(1024),
  file_type: ZUploadFileType,
  dimensions: z.number().int().positive().max(UPLOAD_MAX_BYTES),
  mandatory: z.boolean(),
  /** The slot's name in the reader's language, set by the server for applicants; `file_name` stays its key. */
  label: z.string().max(200).optional(),
});
export type TUploadStepFile = z.infer<typeof ZUploadStepFile>;
/** How many files one upload step may ask for. */
export const UPLOAD_MAX_FILES = 50;
export const ZUploadStepContent = z.array(ZUploadStepFile).max(UPLOAD_MAX_FILES);
export type TUploadStepContent = z.infer<typeof ZUploadStepContent>;

/** A text question's key: answers and translations name it, so it never changes once answered. */
export const TEXT_QUESTION_ID = /^[A-Za-z0-9_-]{1,40}$/;

/** One question of a text step: a label (plain text), help, a length limit and whether it must be answered. */
export const ZTextQuestion = z.object({
  id: z.string().regex(TEXT_QUESTION_ID),
  label: z.string().trim().min(1).max(300),
  help: z.string().max(2_000).optional(),
  maxLength: z.number().int().positive().max(100_000).optional(),
  required: z.boolean(),
  /** What the answer is: free text (without it), or a number written in digits. */
  kind: z.enum(['text', 'number']).optional(),
});
export type TTextQuestion = z.infer<typeof ZTextQuestion>;

/**
 * A free-text step. The original shape holds one question: `question` (HTML) and an optional
 * `maxLength`, answered as `{ "answer": … }`. With `questions`, the step asks several, each
 * answered under its id (`{ "answers": { "<id>": … } }`), and `question` is an optional introduction.
 */
export const ZTextStepContent = z
  .object({
    question: z.string().max(20_000).optional(),
    maxLength: z.number().int().positive().max(100_000).optional(),
    questions: z
      .array(ZTextQuestion)
      .min(1)
      .max(30)
      .superRefine((questions, ctx) => {
        const seen = new Set<string>();
        for (const [index, q] of questions.entries()) {
          if (seen.has(q.id))
            ctx.addIssue({ code: 'custom', path: [index, 'id'], message: 'errors.textStep.duplicateId' });
          seen.add(q.id);
        }
      })
      .optional(),
  })
  // The original shape names its one question; the newer one lists its questions (then `question`
  // is an optional introduction). A step with neither asks nothing.
  .refine((c) => c.question !== undefined || c.questions !== undefined, { message: 'errors.textStep.noQuestion' });
export type TTextStepContent = z.infer<typeof ZTextStepContent>;

// Per-type behaviour (default content, checks) lives in the step-type registry (./step-types).

// ---- Step ----

export const ZSubStep = z.object({ name: z.string().max(200) });

/** SPEC 3 "Step". `stepTypeId` is the empty id while a freshly added step has no type yet. */
export const ZStep = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string(),
  content: z.string(),
  sort: z.number().int(),
  stepTypeId: z.uuid(),
  stepType: z.object({ name: z.string() }).nullable(),
  expectedAnswers: z.string().nullable(),
  subSteps: z.array(ZSubStep),
  /** The step's texts in the other languages (admins only; applicants get their language's texts in the fields). */
  translations: ZStepTranslations,
  /** 1, or 2 for a step of the full application that only invited organizations reach (decision 0034). */
  stage: ZStageNumber,
});
export type TStep = z.infer<typeof ZStep>;

/** A step as the call editor sends it: no id (or the empty id) means a new step. */
export const ZStepInput = z.object({
  id: z.uuid().optional(),
  name: z.string().max(300),
  description: z.string().max(50_000),
  content: z.string().max(500_000),
  sort: z.number().int().min(0).max(10_000),
  stepTypeId: z.uuid(),
  expectedAnswers: z.string().max(100_000).nullable().optional(),
  subSteps: z.array(ZSubStep).max(20).optional(),
  /** Left out: the stored translations stay; `{}` removes them. */
  translations: ZStepTranslations.optional(),
  /** Left out: the stored stage stays (a new step: 1). Anything but 1 or 2 is a 400. */
  stage: ZStage.optional(),
});
export type TStepInput = z.infer<typeof ZStepInput>;

/** SPEC 4 "Step ordering": a new step is appended with empty fields, sort = count, no type. */
export function newStepDraft(existing: ReadonlyArray<{ sort: number }>): TStepInput {
  return { name: '', description: '', content: '', sort: existing.length, stepTypeId: EMPTY_ID };
}

export function sortSteps<T extends { sort: number }>(steps: readonly T[]): T[] {
  return [...steps].sort((a, b) => a.sort - b.sort);
}

/**
 * SPEC 4 "Step ordering": up and down swap the sort values of the step and its neighbour in
 * sort order. Sort values stay the same set, so they stay unique. Out of range is a no-op.
 */
export function moveStep<T extends { sort: number }>(
  steps: readonly T[],
  index: number,
  direction: 'up' | 'down',
): T[] {
  const ordered = sortSteps(steps);
  const other = direction === 'up' ? index - 1 : index + 1;
  const a = ordered[index];
  const b = ordered[other];
  if (!a || !b) return ordered;
  ordered[index] = { ...b, sort: a.sort };
  ordered[other] = { ...a, sort: b.sort };
  return ordered;
}

/** Removing a step drops it; the rest are renumbered 0..n-1 in their order (unique, no gaps). */
export function removeStep<T extends { sort: number }>(steps: readonly T[], index: number): T[] {
  return sortSteps(steps)
    .filter((_, i) => i !== index)
    .map((s, i) => ({ ...s, sort: i }));
}

export function hasUniqueSorts(steps: ReadonlyArray<{ sort: number }>): boolean {
  return new Set(steps.map((s) => s.sort)).size === steps.length;
}
