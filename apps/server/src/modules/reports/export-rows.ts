import {
  DEFAULT_SROI_PARAMS,
  estimateMiniDyi,
  parseImpactStepContent,
  parseMiniDyiAnswer,
  type SurveyQuestion,
  surveyQuestions,
  surveyText,
  type TMiniDyiAnswer,
} from '@impact/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { reportCall } from './call-row';
import { rows } from './sql-rows';

export type Cell = string | number | boolean | null;
const PAGE = 500;

type StepInfo = { id: string; name: string; stepType: string; content: string };
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

function stepColumns(step: StepInfo, language: string): Column[] {
  const label = (what: string) => `${step.name} · ${what}`;
  switch (step.stepType.toLowerCase()) {
    case 'survey': {
      const questions: SurveyQuestion[] = surveyQuestions(step.content) ?? [];
      return questions.map((q) => ({
        header: label(surveyText(q.title, language, q.name)),
        value: (ctx) => {
          const data = parsedAnswer(ctx, step.id);
          return data && typeof data === 'object' ? surveyCell((data as Record<string, unknown>)[q.name]) : null;
        },
      }));
    }
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
  input: { callId: string; closedOnly: boolean; language: string },
): Promise<ExportedRows> {
  const call = await reportCall(db, input.callId);
  const steps = await rows<StepInfo>(
    db,
    sql`select s.id, s.name, st.name as "stepType", s.content from steps s join step_types st on st.id = s.step_type_id
        where s.call_type_id = ${call.callTypeId} order by s.sort`,
  );
  const columns = steps.flatMap((s) => stepColumns(s, input.language));
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
