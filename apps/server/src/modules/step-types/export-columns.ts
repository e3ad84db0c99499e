import {
  parseJson,
  type SurveyQuestion,
  surveyAnswerCell,
  surveyQuestions,
  surveyText,
  type TLanguage,
  type TStepLike,
} from '@impact/domain';
import type { TTranslate } from '../../lib/texts';

/**
 * The read side of the export (CSV/XLSX): each step type gives its columns (`exportColumns` of its
 * server module); these are the parts they share. A column reads one submission's row context.
 */
export type Cell = string | number | boolean | null;
/** A step as the export reads it: its type's module decides the columns. */
export type ExportStep = TStepLike & { id: string; name: string; stepType: string };
export type Column = { header: string; value: (ctx: RowContext) => Cell };
/** One submission's answers (by step id), its files' names (by step id), and what columns parsed of them. */
export type RowContext = { answers: Map<string, string>; files: Map<string, string[]>; parsed: Map<string, unknown> };
/** What every type's columns may use: the export's language and its words (`export.*` in packages/texts). */
export type ExportContext = { language: TLanguage; t: TTranslate };

export const columnLabel = (step: ExportStep, what: string) => `${step.name} · ${what}`;

/**
 * A ratio or an amount the SROI arithmetic gave, to two decimals as every page shows it (a
 * spreadsheet showed 2.0869565217391304); the exact value is recomputed from the answer at will.
 */
export const twoDecimals = (n: number | null | undefined): number | null =>
  n === null || n === undefined || !Number.isFinite(n) ? null : Math.round(n * 100) / 100;

/** A yes or no in the export's language (a spreadsheet's TRUE/FALSE reads as code to most people). */
export const yesNo = (value: boolean, ctx: ExportContext) => ctx.t(value ? 'export.yes' : 'export.no');

export function parsedAnswer(ctx: RowContext, stepId: string): unknown {
  if (!ctx.parsed.has(stepId)) ctx.parsed.set(stepId, parseJson(ctx.answers.get(stepId)) ?? null);
  return ctx.parsed.get(stepId);
}

/**
 * A SurveyJS step (survey, quiz): one column per question, and, when its type scores answers
 * against a key (the quiz) and the step has one, the score as the results step computes it:
 * correct answers ÷ questions, against the key as it is now (the stored score dates from the
 * answer's last save).
 */
export function surveyModelColumns(
  step: ExportStep,
  { language, t }: ExportContext,
  scorer?: (step: TStepLike) => ((answer: Record<string, unknown>) => number) | null,
): Column[] {
  const label = (what: string) => columnLabel(step, what);
  const answer = (ctx: RowContext) => {
    const data = parsedAnswer(ctx, step.id);
    return data && typeof data === 'object' && !Array.isArray(data) ? (data as Record<string, unknown>) : null;
  };
  const questions: SurveyQuestion[] = surveyQuestions(step.content) ?? [];
  const words = { yes: t('export.yes'), no: t('export.no') };
  const columns: Column[] = questions.map((q) => ({
    header: label(surveyText(q.title, language, q.name)),
    value: (ctx) => {
      const data = answer(ctx);
      return data ? surveyAnswerCell(q, data[q.name], language, words) : null;
    },
  }));
  const score = scorer?.(step);
  if (!score) return columns;
  columns.push({
    header: label(t('export.quizScore')),
    value: (ctx) => {
      const data = answer(ctx);
      // Three decimals: 8 of 12 reads 0.667, not 0.6666666666666666.
      return data ? Math.round(score(data) * 1000) / 1000 : null;
    },
  });
  return columns;
}

/** A type with no columns of its own: whether the step was answered. */
export const answeredColumn = (step: ExportStep, ctx: ExportContext): Column[] => [
  { header: columnLabel(step, ctx.t('export.answered')), value: (row) => yesNo(row.answers.has(step.id), ctx) },
];
