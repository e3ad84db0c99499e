import type {
  SurveyQuestion,
  TContentIssue,
  TFieldError,
  TLanguage,
  TPdfAttachment,
  TPdfMiniDyi,
  TQuizResult,
  TScoreRangeResult,
  TStep,
  TStepLike,
  TUploadAnswer,
  TUploadStepContent,
} from '@impact/domain';
import type { Db, Tx } from '../../db/client';
import type { Cell, Column, ExportContext, ExportStep, RowContext } from './export-columns';

/**
 * What the server does for one step type (the shared rules are in `packages/domain/src/step-types`).
 * Looked up by name in `./index.ts`: no service compares type names. The write side (write,
 * missing, content) and the read side (export, frozen record, blind review, report) of a type are
 * both here; the PDF's section of each type is in `pdf/section-renderers.ts` (it runs on the
 * render thread, which loads none of this).
 */
export type ServerStepType<TName extends string = string> = {
  name: TName;
  /**
   * Checks an applicant's write (400 with field errors when refused, 409 for answers only the
   * server writes) and returns what to store and the score, computed here: a client's score is
   * never used.
   */
  write: (
    db: Db | Tx,
    step: TStep,
    content: string,
    ctx?: WriteContext,
  ) => Promise<{ content: string; score: number | null }>;
  /**
   * What keeps a submission with this answer from closing (SPEC 4 "Submission"); figures in the
   * problems' params are written in `language` (the applicant's; Italian without one).
   */
  missing: (
    db: Db | Tx,
    step: TStep,
    content: string | undefined,
    language?: TLanguage,
    /** The submission judged, where the caller knows it (an answer never saved says nothing of it). */
    of?: { submissionId: string },
  ) => Promise<TFieldError[]>;
  /**
   * After an answer of this type was stored: what other answers of the same submission follow from
   * it (the budget's total cost is the impact step's investment; decision 0041). Returns the
   * answers it rewrote with their new versions, so the pages open on them are told.
   */
  afterWrite?: (db: Db | Tx, step: TStep, content: string, ctx: WriteContext) => Promise<StepVersion[]>;
  /**
   * The check made when the submission closes, with the answer as it is then kept (a survey drops
   * the values of questions the applicant no longer sees; `content` only when it changed).
   * Without it: `missing`, and the answer kept as it is.
   */
  closing?: (
    db: Db | Tx,
    step: TStep,
    content: string | undefined,
    language?: TLanguage,
  ) => Promise<{ problems: TFieldError[]; content?: string }>;
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
  /** The export's columns (CSV/XLSX) for a step of this type; without it, whether it was answered. */
  exportColumns?: (step: ExportStep, ctx: ExportContext) => Column[];
  /**
   * A sheet of its own in the XLSX export, for an answer that is a list (a budget's lines): its
   * name, its header and each submission's rows (the export puts the submission before each).
   */
  exportSheet?: (step: ExportStep, ctx: ExportContext) => ExportSheet;
  /** What the frozen record keeps beside the answer: the files listed, the impact design. */
  recordParts?: (step: RecordStep, answer: string | undefined) => RecordParts;
  /**
   * The answer as a blind reviewer receives it, before every string is scrubbed of the identity:
   * a type whose answer names files gives them the neutral names.
   */
  redactAnswer?: (answer: string, neutralName: (fileName: string) => string) => string;
  /**
   * The survey report charts this type's steps: the questions of a step (null: the content cannot
   * be read as questions, the report says so) and, when the answer is not already the questions'
   * data, how to read it as such.
   */
  report?: { questions: (content: string) => SurveyQuestion[] | null; data?: (answer: unknown) => unknown };
  /**
   * The type's answers feed the dashboard's impact figures (SDGs, budget, SROI, outcomes,
   * stakeholders: the report tallies' triggers read them); a call with no such step shows none.
   */
  feedsImpactFigures?: boolean;
  /**
   * Files in named slots through FileUpload/UploadFile, for a type other than the upload step
   * (the impact actuals' evidence): the slots this submission's step offers, and the answer with
   * the files now filling them, with its score kept.
   */
  evidence?: {
    slots: (db: Db | Tx, step: TStep, submissionId: string) => Promise<TUploadStepContent>;
    withFiles: (
      content: string | undefined,
      files: TUploadAnswer['files'],
    ) => { content: string; score: number | null };
  };
};

/** Whose answer is written: the submission (absent when a write is only checked). */
export type WriteContext = {
  submissionId: string;
  /** The step's answer as stored now (read only when asked: most writes never need it). */
  storedContent?: () => Promise<string | undefined>;
};
/** An answer of a submission written, by its step, and its new version. */
export type StepVersion = { stepId: string; version: number };

export type ExportSheet = { name: string; header: Cell[]; rows: (row: RowContext) => Cell[][] };

export type RecordStep = { id: string; name: string; content: string };
export type RecordParts = { attachments?: TPdfAttachment[]; miniDyi?: TPdfMiniDyi };

export type TStepResults = { scoreRange?: TScoreRangeResult; quiz?: TQuizResult } | null;

export const keepContent = (content: string) => content;
