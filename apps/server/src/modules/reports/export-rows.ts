import {
  DEFAULT_SROI_PARAMS,
  estimateMiniDyi,
  parseImpactStepContent,
  parseMiniDyiAnswer,
  STEP_TYPE_DEFINITIONS,
  type SurveyQuestion,
  surveyQuestions,
  surveyText,
  type TLanguage,
  type TMiniDyiAnswer,
} from '@impact/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { translator } from '../../lib/texts';
import { serverStepType } from '../step-types';
import { reportCall } from './call-row';
import { rows } from './sql-rows';

export type Cell = string | number | boolean | null;
const PAGE = 500;

type StepInfo = { id: string; name: string; stepType: string; content: string; expectedAnswers: string | null };
type Column = { header: string; value: (ctx: RowContext) => Cell };
type RowContext = { answers: Map<string, string>; files: Map<string, string[]>; parsed: Map<string, unknown> };

function parsedAnswer(ctx: RowContext, stepId: string): unknown {
  if (!ctx.parsed.has(stepId)) {
    const raw = ctx.answers.get(stepId);
    let value: unknown = null;
    if (raw) {
      try {
        value = JSON.parse(raw);
      } catch {
        value = null;
      }
    }
    ctx.parsed.set(stepId, value);
  }
  return ctx.parsed.get(stepId);
}

/** A survey answer as one cell: lists joined, matrices as "row: column", the rest as text. */
function surveyCell(value: unknown): Cell {
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

/** An option's text in the export's language; a value the model does not list (edited since) as it is. */
function optionText(options: Option[], value: unknown, language: string): string {
  const key = String(value);
  const option = options.find((o) => o.value === key);
  return option ? surveyText(option.label, language, key) : key;
}

/**
 * A survey answer as a person reads it: the chosen choices' texts (not their codes) in the
 * export's language, a matrix as "row: column" in words; anything else as `surveyCell` gives it.
 */
function answerCell(q: SurveyQuestion, value: unknown, language: string): Cell {
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
      return label ? surveyText(label, language) : surveyCell(value);
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

/** The registry's definition of a stored type name (compared without case, as the switch below does). */
function definitionOf(stepType: string) {
  return STEP_TYPE_DEFINITIONS.find((d) => d.name.toLowerCase() === stepType.toLowerCase());
}

/**
 * A SurveyJS step (survey, quiz): one column per question, and, when its type scores answers
 * against a key (the quiz) and the step has one, the score as the results step computes it:
 * correct answers ÷ questions, against the key as it is now (the stored score dates from the
 * answer's last save).
 */
function surveyModelColumns(step: StepInfo, typeName: string, language: string, scoreHeader: string): Column[] {
  const label = (what: string) => `${step.name} · ${what}`;
  const answer = (ctx: RowContext) => {
    const data = parsedAnswer(ctx, step.id);
    return data && typeof data === 'object' && !Array.isArray(data) ? (data as Record<string, unknown>) : null;
  };
  const questions: SurveyQuestion[] = surveyQuestions(step.content) ?? [];
  const columns: Column[] = questions.map((q) => ({
    header: label(surveyText(q.title, language, q.name)),
    value: (ctx) => {
      const data = answer(ctx);
      return data ? answerCell(q, data[q.name], language) : null;
    },
  }));
  const score = serverStepType(typeName).scorer?.(step);
  if (!score) return columns;
  columns.push({
    header: label(scoreHeader),
    value: (ctx) => {
      const data = answer(ctx);
      // Three decimals: 8 of 12 reads 0.667, not 0.6666666666666666.
      return data ? Math.round(score(data) * 1000) / 1000 : null;
    },
  });
  return columns;
}

function stepColumns(step: StepInfo, language: string, scoreHeader: string): Column[] {
  const label = (what: string) => `${step.name} · ${what}`;
  const definition = definitionOf(step.stepType);
  if (definition?.surveyModel) return surveyModelColumns(step, definition.name, language, scoreHeader);
  switch (step.stepType.toLowerCase()) {
    case 'text':
      return [
        {
          header: step.name,
          value: (ctx) => {
            const data = parsedAnswer(ctx, step.id) as { answer?: unknown } | null;
            return typeof data?.answer === 'string' ? data.answer : null;
          },
        },
      ];
    case 'upload':
      return [{ header: label('attachments'), value: (ctx) => ctx.files.get(step.id)?.join('; ') ?? null }];
    case 'minidyi': {
      const params = parseImpactStepContent(step.content)?.sroiParams ?? DEFAULT_SROI_PARAMS;
      // Seven columns read the same estimate: parse and compute it once per row.
      const key = `estimate:${step.id}`;
      const estimate = (ctx: RowContext) => {
        if (!ctx.parsed.has(key)) {
          const answer = parseMiniDyiAnswer(ctx.answers.get(step.id));
          ctx.parsed.set(key, answer ? { answer, estimate: estimateMiniDyi(answer, params) } : null);
        }
        return ctx.parsed.get(key) as { answer: TMiniDyiAnswer; estimate: ReturnType<typeof estimateMiniDyi> } | null;
      };
      return [
        { header: label('SDG'), value: (ctx) => estimate(ctx)?.answer.sdg.join('; ') ?? null },
        {
          header: label('outcomes'),
          value: (ctx) =>
            estimate(ctx)
              ?.answer.selectedOutcomes.map((o) => o.outcomeName)
              .join('; ') ?? null,
        },
        { header: label('budget'), value: (ctx) => estimate(ctx)?.answer.budget ?? null },
        { header: label('yearly value'), value: (ctx) => estimate(ctx)?.estimate.yearlyValue ?? null },
        { header: label('SROI low'), value: (ctx) => estimate(ctx)?.estimate.low.ratio ?? null },
        { header: label('SROI central'), value: (ctx) => estimate(ctx)?.estimate.central.ratio ?? null },
        { header: label('SROI high'), value: (ctx) => estimate(ctx)?.estimate.high.ratio ?? null },
      ];
    }
    default:
      return [{ header: label('answered'), value: (ctx) => ctx.answers.has(step.id) }];
  }
}

/** Turns a page of rows into the text of a file (a CSV or XLSX writer's part). */
export type PageFormatter = (rows: Cell[][]) => string;
export type ExportedRows = { callName: string; pages: (format: PageFormatter) => AsyncGenerator<string> };

type Submission = {
  id: string;
  name: string;
  regNumber: string;
  country: string;
  closed: boolean;
  createdAt: string;
  closedAt: string | null;
};

/**
 * Every submission of a call as flat rows, the header first. Submissions are
 * read a page at a time (keyset on id), with their answers and attachment names, and each page is
 * formatted at once: between two pages only the page's text is kept (the next page is read when
 * the client has taken it), so an export of 100,000 submissions streams with flat memory. The
 * rows of a page do not outlive it: garbage that dies young costs the GC little and never grows
 * the old generation.
 */
export async function exportRows(
  db: Db,
  input: { callId: string; closedOnly: boolean; language: TLanguage },
): Promise<ExportedRows> {
  const call = await reportCall(db, input.callId);
  const steps = await rows<StepInfo>(
    db,
    sql`select s.id, s.name, st.name as "stepType", s.content, s.expected_answers as "expectedAnswers"
        from steps s join step_types st on st.id = s.step_type_id
        where s.call_type_id = ${call.callTypeId} order by s.sort`,
  );
  const scoreHeader = translator(input.language)('export.quizScore');
  const columns = steps.flatMap((s) => stepColumns(s, input.language, scoreHeader));
  const fixed = ['submission', 'organization', 'registration number', 'country', 'closed', 'started', 'closed at'];
  const header: Cell[] = [...fixed, ...columns.map((c) => c.header)];

  /** One page, formatted; only its text and where to go on from leave this function. */
  async function readPage(after: string | null, format: PageFormatter) {
    const page = await rows<Submission>(
      db,
      sql`select cs.id, o.name, o.reg_number as "regNumber", o.country, cs.closed,
                 to_char(cs.created_at at time zone 'UTC', 'YYYY-MM-DD HH24:MI:SS') as "createdAt",
                 to_char(cs.closed_at at time zone 'UTC', 'YYYY-MM-DD HH24:MI:SS') as "closedAt"
          from call_submissions cs join organizations o on o.id = cs.organization_id
          where cs.call_id = ${call.id} ${input.closedOnly ? sql`and cs.closed` : sql``}
            ${after ? sql`and cs.id > ${after}` : sql``}
          order by cs.id limit ${PAGE}`,
    );
    if (!page.length) return { text: '', last: null, more: false };
    const ids = page.map((p) => p.id);
    const idList = sql.join(
      ids.map((id) => sql`${id}::uuid`),
      sql`, `,
    );
    const [answers, files] = await Promise.all([
      rows<{ submissionId: string; stepId: string; content: string }>(
        db,
        sql`select call_submission_id as "submissionId", step_id as "stepId", content
            from step_results where call_submission_id in (${idList})`,
      ),
      rows<{ submissionId: string; stepId: string; fileName: string }>(
        db,
        sql`select call_submission_id as "submissionId", step_id as "stepId", file_name as "fileName"
            from files where call_submission_id in (${idList}) and step_id is not null order by created_at`,
      ),
    ]);
    const bySubmission = new Map<string, RowContext>(
      ids.map((id) => [id, { answers: new Map(), files: new Map(), parsed: new Map() }]),
    );
    for (const a of answers) bySubmission.get(a.submissionId)?.answers.set(a.stepId, a.content);
    for (const f of files) {
      const ctx = bySubmission.get(f.submissionId);
      if (ctx) ctx.files.set(f.stepId, [...(ctx.files.get(f.stepId) ?? []), f.fileName]);
    }
    const text = format(
      page.map((p) => {
        const ctx = bySubmission.get(p.id) as RowContext;
        return [
          p.id,
          p.name,
          p.regNumber,
          p.country,
          p.closed,
          p.createdAt,
          p.closedAt,
          ...columns.map((c) => c.value(ctx)),
        ];
      }),
    );
    return { text, last: page[page.length - 1]?.id ?? null, more: page.length === PAGE };
  }

  async function* pages(format: PageFormatter): AsyncGenerator<string> {
    yield format([header]);
    let after: string | null = null;
    for (;;) {
      const next = await readPage(after, format);
      after = next.last;
      if (next.text) yield next.text;
      if (!next.more) return;
    }
  }
  return { callName: call.name, pages };
}
