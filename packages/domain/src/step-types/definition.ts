import type { ZodType } from 'zod';
import type { TStepText } from '../content-translations';

/** A step as the shared rules see it (the applicant's view has no answer key). */
export type TStepLike = { content: string; expectedAnswers?: string | null };

/** A problem of a step's content: where, and (when more precise than "invalid") what, with its figures. */
export type TContentIssue = { path: string; messageKey?: string; params?: Record<string, number> };
export type TContentCheck<T = unknown> = { ok: true; value: T } | { ok: false; issues: TContentIssue[] };

/**
 * Everything the shared code knows about one step type, looked up by name (`stepTypeDefinition`).
 * Server and web add their own per-type modules (storage, scoring, components) on top of this,
 * keyed by the same name: nothing else compares type names.
 */
export type TStepTypeDefinition<TName extends string = string> = {
  name: TName;
  /** The wizard's sub-steps (translation key suffixes); one unnamed sub-step when empty. */
  subSteps: readonly string[];
  /** Quiz steps exist but are not offered in the step-type picker (SPEC 3). */
  hiddenInPicker: boolean;
  /** The content of a step that just got this type. */
  defaultContent: string;
  /** Checks a step's content when an admin saves it; the parsed value on success. */
  parseContent: (content: string) => TContentCheck;
  /** The shape of a written answer (null: the type stores no answer written by the applicant). */
  answerSchema: ZodType | null;
  /** The answer is kept by the server (uploads): applicants cannot write it directly. */
  serverKeptAnswer: boolean;
  /**
   * What keeps Next from leaving the sub-step (or, without a sub-step, the step from being
   * submitted), as translation keys; the same checks the server makes on closing.
   */
  answerProblems: (step: TStepLike, content: string | undefined, subStep?: number) => string[];
  /** What an applicant may see of the step's content (answer keys removed). */
  applicantContent: (content: string) => string;
  /** Whether the server computes and stores a score for answers of this type. */
  scored: boolean;
  /**
   * The content with the texts of one language put in (a text step's question, upload slots'
   * names); left out by types whose texts are all inside the content (SurveyJS localisable strings).
   */
  localisedContent?: (content: string, text: TStepText) => string;
  /**
   * What a step of this type still lacks before an applicant can answer it (a text step with no
   * question, an upload step asking for no file), as translation keys. A draft call may keep such a
   * step; publishing refuses it (`unfinishedStepProblems`).
   */
  unfinished?: (content: string) => string[];
};

/** Helpers for definitions that need nothing special. */
export const anyContent = (content: string): TContentCheck => ({ ok: true, value: content });
export const sameContent = (content: string) => content;
export const noProblems = () => [] as string[];
