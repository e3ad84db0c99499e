import { type SurveyQuestion, surveyText } from './survey-results';

/**
 * A survey answer as a person reads it, one value per question: what the export writes in a cell
 * and what the reviewer's page shows beside the question.
 */
export type TSurveyCell = string | number | boolean | null;

/** A survey answer as one cell: lists joined, matrices as "row: column", the rest as text. */
function surveyCell(value: unknown): TSurveyCell {
  if (value === undefined || value === null) return null;
  if (typeof value === 'number' || typeof value === 'boolean') return value;
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.map((v) => (typeof v === 'object' ? JSON.stringify(v) : String(v))).join('; ');
  if (typeof value === 'object')
    return Object.entries(value as Record<string, unknown>)
      .map(([k, v]) => `${k}: ${typeof v === 'object' ? JSON.stringify(v) : String(v)}`)
      .join('; ');
  return String(value);
}

type Option = { value: string; label: Parameters<typeof surveyText>[0] };

/** An option's text in the given language; a value the model does not list (edited since) as it is. */
function optionText(options: Option[], value: unknown, language: string): string {
  const key = String(value);
  const option = options.find((o) => o.value === key);
  return option ? surveyText(option.label, language, key) : key;
}

/**
 * A survey answer as a person reads it: the chosen choices' texts (not their codes) in the
 * given language, a matrix as "row: column" in words; anything else as `surveyCell` gives it.
 */
export function surveyAnswerCell(
  q: SurveyQuestion,
  value: unknown,
  language: string,
  yesNo?: { yes: string; no: string },
): TSurveyCell {
  if (value === undefined || value === null) return null;
  switch (q.kind) {
    case 'choice':
      return Array.isArray(value)
        ? value.map((v) => optionText(q.choices, v, language)).join('; ')
        : optionText(q.choices, value, language);
    case 'rating':
    case 'nps':
      return typeof value === 'number' ? value : optionText(q.values, value, language);
    case 'boolean': {
      const label = value === true ? q.labelTrue : value === false ? q.labelFalse : undefined;
      if (label) return surveyText(label, language);
      if (yesNo && typeof value === 'boolean') return value ? yesNo.yes : yesNo.no;
      return surveyCell(value);
    }
    case 'matrix':
      return typeof value === 'object' && !Array.isArray(value)
        ? Object.entries(value as Record<string, unknown>)
            .map(([row, column]) => `${optionText(q.rows, row, language)}: ${optionText(q.columns, column, language)}`)
            .join('; ')
        : surveyCell(value);
    default:
      return surveyCell(value);
  }
}
