import { rankingStats, type TLanguage, type TPdfMiniDyi, type TRankingRow, weightedScore } from '@impact/domain';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { callSubmissions, organizations, reviewAssignments, reviewDecisions, submissionRecords } from '../../db/schema';
import type { Cell, ExportedRows } from '../reports/export-rows';
import { exportWords } from '../reports/export-words';
import { loadCall, requireRubric } from './rubric';

/** The impact design of each submission as submitted (its latest record), without the rest of the record. */
async function impactOf(db: Db, submissionIds: string[]) {
  if (!submissionIds.length) return new Map<string, TPdfMiniDyi[]>();
  const rows = await db
    .selectDistinctOn([submissionRecords.callSubmissionId], {
      submissionId: submissionRecords.callSubmissionId,
      miniDyi: sql<TPdfMiniDyi[] | null>`${submissionRecords.data}->'miniDyi'`,
    })
    .from(submissionRecords)
    .where(inArray(submissionRecords.callSubmissionId, submissionIds))
    .orderBy(submissionRecords.callSubmissionId, desc(submissionRecords.closedAt));
  return new Map(rows.map((r) => [r.submissionId, r.miniDyi ?? []]));
}

/**
 * GET Review/GetRanking: each closed submission with the mean and spread of its submitted reviews'
 * weighted scores (0–100, see weightedScore), reviews done / assigned, the recommendations, the
 * SROI central ratio and range and the SDGs of its impact design, and the decision. Best mean first.
 */
export async function ranking(
  db: Db,
  callId: string,
  /** Only the submissions that reached this stage (decision 0034). */
  stage?: number,
): Promise<{ callName: string; rows: TRankingRow[] }> {
  const call = await loadCall(db, callId);
  const rubric = await requireRubric(db, callId);
  const subs = await db
    .select({ id: callSubmissions.id, organizationName: organizations.name, stage: callSubmissions.stage })
    .from(callSubmissions)
    .innerJoin(organizations, eq(organizations.id, callSubmissions.organizationId))
    .where(
      and(
        eq(callSubmissions.callId, callId),
        eq(callSubmissions.closed, true),
        stage === undefined ? undefined : eq(callSubmissions.stage, stage),
      ),
    )
    .orderBy(asc(organizations.name));
  const assignments = await db
    .select()
    .from(reviewAssignments)
    .where(and(eq(reviewAssignments.callId, callId), eq(reviewAssignments.status, 'assigned')));
  const decisions = new Map(
    (await db.select().from(reviewDecisions).where(eq(reviewDecisions.callId, callId))).map((d) => [d.submissionId, d]),
  );
  const impact = await impactOf(
    db,
    subs.map((s) => s.id),
  );
  const rows = subs.map((s): TRankingRow => {
    const mine = assignments.filter((a) => a.submissionId === s.id);
    const submitted = mine.filter((a) => a.submittedAt);
    const scores = submitted
      .map((a) => weightedScore(rubric.criteria, a.scores))
      .filter((n): n is number => n !== null);
    const design = impact.get(s.id)?.[0];
    const decision = decisions.get(s.id);
    const count = (r: string) => submitted.filter((a) => a.recommendation === r).length;
    return {
      submissionId: s.id,
      organizationName: s.organizationName,
      ...rankingStats(scores),
      done: submitted.length,
      assigned: mine.length,
      recommendations: { fund: count('fund'), doNotFund: count('doNotFund'), maybe: count('maybe') },
      sroi: design?.sroi.score ?? null,
      sroiLow: design?.sroi.lowerScore ?? null,
      sroiHigh: design?.sroi.upperScore ?? null,
      sdgs: [...new Set((impact.get(s.id) ?? []).flatMap((d) => d.sdg))].sort((a, b) => a - b),
      outcome: decision?.outcome ?? null,
      message: decision?.message ?? '',
      stage: s.stage,
    };
  });
  rows.sort((a, b) => (b.mean ?? -1) - (a.mean ?? -1) || a.organizationName.localeCompare(b.organizationName));
  return { callName: call.name, rows };
}

/** The export's columns, in order; each header is written in the reader's language (export.rankingHeaders). */
const COLUMNS = [
  'submission',
  'organization',
  'mean',
  'spread',
  'disagreement',
  'done',
  'assigned',
  'fund',
  'doNotFund',
  'maybe',
  'sroi',
  'sroiLow',
  'sroiHigh',
  'sdgs',
  'outcome',
  'message',
] as const;

/**
 * The ranking for the reports' CSV/XLSX writers (which neutralise formulas), as their one page: a
 * call's ranking is one row per submission and already in memory.
 */
export function rankingPages(rows: TRankingRow[], language: TLanguage | null): ExportedRows['pages'] {
  // Words in the reader's language, as the submissions' export: a committee reads it in a spreadsheet.
  const words = exportWords(language);
  const headers: Cell[] = COLUMNS.map((column) => words.header(`export.rankingHeaders.${column}`));
  return async function* pages(format) {
    yield format([headers, ...rows.map((row) => rankingCells(row, words.word))]);
  };
}

function rankingCells(r: TRankingRow, word: ReturnType<typeof exportWords>['word']): Cell[] {
  return [
    r.submissionId,
    r.organizationName,
    r.mean,
    r.spread,
    word(r.disagreement ? 'export.yes' : 'export.no', r.disagreement),
    r.done,
    r.assigned,
    r.recommendations.fund,
    r.recommendations.doNotFund,
    r.recommendations.maybe,
    r.sroi,
    r.sroiLow,
    r.sroiHigh,
    r.sdgs.join(' '),
    r.outcome ? word(`export.outcome.${r.outcome}`, r.outcome) : '',
    r.message,
  ];
}
