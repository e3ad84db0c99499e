import type { TContentIssue, TFieldError, TQuizResult, TScoreRangeResult, TStep, TStepLike } from '@impact/domain';
import type { Db, Tx } from '../../db/client';

/**
 * What the server does for one step type (the shared rules are in `packages/domain/src/step-types`).
 * Looked up by name in `./index.ts`: no service compares type names.
 */
export type ServerStepType = {
  name: string;
  /**
   * Checks an applicant's write (400 with field errors when refused, 409 for answers only the
   * server writes) and returns what to store and the score, computed here: a client's score is
   * never used.
   */
  write: (db: Db | Tx, step: TStep, content: string) => Promise<{ content: string; score: number | null }>;
  /** What keeps a submission with this answer from closing (SPEC 4 "Submission"). */
  missing: (db: Db | Tx, step: TStep, content: string | undefined) => Promise<TFieldError[]>;
  /** What the server refuses in a content the domain's shape check passed (unsafe patterns). */
  contentIssues?: (content: string) => TContentIssue[];
  /** The content to store when an admin saves the step (its shape already checked by the domain). */
  prepareContent: (content: string, parsed: unknown) => string;
  /** What the results step and the closing page show of this answer (SPEC 3, 4), if anything. */
  results?: (step: TStep, content: string | undefined, locale: string) => TStepResults;
  /**
   * For types whose answers are scored against a key (the quiz): a scorer for one step's answers,
   * 0 to 1, as the results step computes it, or null for a step without a key. Made once per
   * step, so an export of many rows reads the key once.
   */
  scorer?: (step: TStepLike) => ((answer: Record<string, unknown>) => number) | null;
};

export type TStepResults = { scoreRange?: TScoreRangeResult; quiz?: TQuizResult } | null;

export const keepContent = (content: string) => content;
