import { localisedStep, nameIn, type TLanguage, type TStepTranslations } from '@impact/domain';
import { sql } from 'drizzle-orm';
import { type Db, rows } from '../../db/client';
import { translator } from '../../lib/texts';
import { answerNamesFile } from '../files/submitted-files';
import {
  answeredColumn,
  type Cell,
  type Column,
  type ExportContext,
  type ExportStep,
  type RowContext,
  serverStepType,
  yesNo,
} from '../step-types';
import { reportCall } from './call-row';

export type { Cell } from '../step-types';

const PAGE = 500;

type StepInfo = ExportStep & { translations: TStepTranslations | null };

/** A step's columns, as its type's module gives them (whether it was answered, for a type without). */
function stepColumns(step: ExportStep, ctx: ExportContext): Column[] {
  const module = serverStepType(step.stepType);
  return module.exportColumns?.(step, ctx) ?? answeredColumn(step, ctx);
}

/** Turns a page of rows into the text of a file (a CSV or XLSX writer's part). */
export type PageFormatter = (rows: Cell[][]) => string;
type Pages = (format: PageFormatter) => AsyncGenerator<string>;
/** The rows of every submission (`pages`), and the sheets a type adds to an XLSX (a budget's lines). */
export type ExportedRows = { callName: string; pages: Pages; sheets: { name: string; pages: Pages }[] };

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
  input: { callId: string; closedOnly: boolean; language: TLanguage; stage?: number | undefined },
): Promise<ExportedRows> {
  const call = await reportCall(db, input.callId);
  const steps = await rows<StepInfo>(
    db,
    sql`select s.id, s.name, st.name as "stepType", s.content, s.expected_answers as "expectedAnswers",
               s.translations
        from steps s join step_types st on st.id = s.step_type_id
        where s.call_type_id = ${call.callTypeId} order by s.sort`,
  );
  // Headers in the export's language: step names and a text step's questions as its readers see them.
  const shown = steps.map((s) => {
    const step = localisedStep(
      { ...s, description: '', stepType: { name: s.stepType }, translations: s.translations ?? null },
      input.language,
    );
    return {
      id: s.id,
      name: step.name,
      stepType: s.stepType,
      content: step.content,
      expectedAnswers: s.expectedAnswers,
    };
  });
  const context: ExportContext = { language: input.language, t: translator(input.language) };
  const columns = shown.flatMap((s) => stepColumns(s, context));
  const fixed = [
    'submission',
    'organization',
    'registrationNumber',
    'country',
    'closed',
    'started',
    'closedAt',
  ] as const;
  // Dates stay ISO 8601 (UTC), which every spreadsheet reads in every language; words and yes/no are translated.
  const header: Cell[] = [...fixed.map((key) => context.t(`export.${key}`)), ...columns.map((c) => c.header)];

  /** One page of submissions with their answers and files; only where to go on from outlives it. */
  async function readPage(after: string | null) {
    const page = await rows<Submission>(
      db,
      sql`select cs.id, o.name, o.reg_number as "regNumber", o.country, cs.closed,
                 to_char(cs.created_at at time zone 'UTC', 'YYYY-MM-DD HH24:MI:SS') as "createdAt",
                 to_char(cs.closed_at at time zone 'UTC', 'YYYY-MM-DD HH24:MI:SS') as "closedAt"
          from call_submissions cs join organizations o on o.id = cs.organization_id
          where cs.call_id = ${call.id} ${input.closedOnly ? sql`and cs.closed` : sql``}
            ${input.stage !== undefined ? sql`and cs.stage = ${input.stage}` : sql``}
            ${after ? sql`and cs.id > ${after}` : sql``}
          order by cs.id limit ${PAGE}`,
    );
    if (!page.length) return { page, bySubmission: new Map<string, RowContext>() };
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
        // The files the answer lists now: one a frozen record keeps after it was replaced is not
        // the application's any more.
        sql`select f.call_submission_id as "submissionId", f.step_id as "stepId", f.file_name as "fileName"
            from files f
            where f.call_submission_id in (${idList})
              and ${answerNamesFile({ id: sql`f.id`, submissionId: sql`f.call_submission_id`, stepId: sql`f.step_id` })}
            order by f.created_at`,
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
    return { page, bySubmission };
  }

  /** Every page of submissions, each turned into rows and formatted at once, the header first. */
  function paged(head: Cell[], toRows: (p: Submission, ctx: RowContext) => Cell[][]): Pages {
    return async function* (format: PageFormatter): AsyncGenerator<string> {
      yield format([head]);
      let after: string | null = null;
      for (;;) {
        const { page, bySubmission } = await readPage(after);
        if (!page.length) return;
        yield format(page.flatMap((p) => toRows(p, bySubmission.get(p.id) as RowContext)));
        after = page[page.length - 1]?.id ?? null;
        if (page.length < PAGE) return;
      }
    };
  }

  const pages = paged(header, (p, ctx) => [
    [
      p.id,
      p.name,
      p.regNumber,
      p.country,
      yesNo(p.closed, context),
      p.createdAt,
      p.closedAt,
      ...columns.map((c) => c.value(ctx)),
    ],
  ]);
  // The sheets a step type adds (a budget's lines), each a row per item, led by the submission.
  const sheets = shown.flatMap((s) => {
    const sheet = serverStepType(s.stepType).exportSheet?.(s, context);
    if (!sheet) return [];
    const lead = [context.t('export.submission'), context.t('export.organization')];
    return [
      {
        name: sheet.name,
        pages: paged([...lead, ...sheet.header], (p, ctx) => sheet.rows(ctx).map((row) => [p.id, p.name, ...row])),
      },
    ];
  });
  return { callName: nameIn(call, input.language), pages, sheets };
}
