import {
  addTallies,
  EMPTY_INDICATOR_TALLY,
  type ForecastTranche,
  forecastPayments,
  GRANT_STATUSES,
  GRANT_STATUSES_STILL_PAYING,
  grantAccepted,
  grantReference,
  indicatorTallies,
  nameIn,
  sumAmounts,
  type TGrantStatus,
  type TIndicatorTally,
  type TLanguage,
  type TPortfolio,
  type TPortfolioQuery,
  type TTrancheCondition,
} from '@impact/domain';
import { sql } from 'drizzle-orm';
import { type Db, rows } from '../../db/client';
import type { Cell, ExportedRows } from '../reports/export-rows';
import { exportWords } from '../reports/export-words';
import { twoDecimals } from '../step-types/export-columns';
import { submissionsWithOpenChangeRequest } from '../submission-core/change-requests';
import { utcToday } from './tranches';

type GrantLine = {
  id: string;
  number: number;
  created_at: Date | string;
  call_id: string;
  call_name: string;
  call_translations: Record<string, { name?: string }> | null;
  organization_name: string;
  status: TGrantStatus;
  amount: string;
  currency: string;
  paid: string;
  starts_at: string | null;
  sdgs: number[] | null;
  forecast_sroi: number | null;
  actual_sroi: number | null;
  actual_approved: boolean | null;
  reports_overdue: number;
  targets: Array<[string, number | null, number]> | null;
  actual_values: Record<string, number | null> | null;
};

/**
 * GET Report/GetPortfolio (admin): the grants across calls, filtered by call, SDG and year, in one
 * statement (grants, the sum of their paid tranches, the application's impact answer, the reports
 * overdue and the latest actual SROI), and the totals and the by-SDG view folded from its rows;
 * the payments ahead from a second, flat statement over the same grants (`unpaidTranches`).
 * Declined grants count in the statuses but not in the amounts. The tranches and reports are
 * aggregated once for all the chosen grants rather than read again for each grant, which took
 * twice as long with 1,000 grants and 10,000 reports (docs/OPERATIONS.md, "The funder's portfolio").
 */
export async function portfolio(db: Db, query: TPortfolioQuery, language: TLanguage): Promise<TPortfolio> {
  const today = utcToday();
  // Two statements side by side on two connections: the unpaid tranches as flat rows cost less to
  // read than aggregated into each grant's row as JSON (decision 0059).
  const [lines, unpaid] = await Promise.all([
    rows<GrantLine>(
      db,
      sql`with g as (${chosenGrants(query)}), paid as (
          select t.grant_id, sum(t.amount) as paid from grant_tranches t
           where t.paid_at is not null and t.grant_id in (select id from g) group by t.grant_id
        ), overdue as (
          -- Along the partial index of the reports not yet sent, as the reminder job reads them.
          select r.grant_id, count(*) as n from grant_reports r
           -- Only an active grant owes reports: a closed one's missing reports are not overdue.
           where r.submitted_at is null and r.due_at < ${today}::date
             and r.grant_id in (select id from g where g.status = 'active')
           group by r.grant_id
        ), standing as (
          -- The reports whose figures stand: submitted (a report reopened keeps its figures but its
          -- submitted_at is null) and not sent back for changes still open. Until it is sent again
          -- the grant's figures are those of its report before (decision 0052).
          select r.grant_id, r.submitted_at, r.approved_at, r.actual_sroi, r.actual_values from grant_reports r
           where r.submitted_at is not null and r.grant_id in (select id from g)
             and not exists (select 1 from (${submissionsWithOpenChangeRequest}) o where o.call_submission_id = r.submission_id)
        ), actual as (
          -- As reported: the latest Submit's impact actuals (decision 0044).
          select distinct on (r.grant_id) r.grant_id, r.actual_sroi, r.approved_at is not null as approved from standing r
           where r.actual_sroi is not null
           order by r.grant_id, r.submitted_at desc
        ), achieved as (
          -- The values the latest submitted report gave each indicator, kept by its Submit.
          select distinct on (r.grant_id) r.grant_id, r.actual_values from standing r
           where r.actual_values is not null
           order by r.grant_id, r.submitted_at desc
        )
        select g.id, g.number, g.created_at, g.call_id, c.name as call_name, c.translations as call_translations,
               o.name as organization_name, g.status, g.amount::text as amount, g.currency,
               coalesce(p.paid, 0)::text as paid, g.starts_at::text as starts_at, g.sdgs, g.sroi as forecast_sroi,
               a.actual_sroi, a.approved as actual_approved, coalesce(od.n, 0)::int as reports_overdue,
               ac.actual_values,
               -- Only what the counts need of the forecast kept at acceptance: [key, sdg, target].
               (select jsonb_agg(jsonb_build_array(i->'key', i->'sdg', i->'targetValue'))
                  from grants gf, jsonb_array_elements(gf.impact_forecast->'indicators') i where gf.id = g.id) as targets
          from g
          join calls c on c.id = g.call_id
          join organizations o on o.id = g.organization_id
          left join paid p on p.grant_id = g.id
          left join overdue od on od.grant_id = g.id
          left join actual a on a.grant_id = g.id
          left join achieved ac on ac.grant_id = g.id
         order by c.name, o.name, g.id`,
    ),
    unpaidTranches(db, query),
  ]);
  const tallies = new Map(lines.map((l) => [l.id, tallyOf(l)]));
  const grants = lines.map((l) => ({
    id: l.id,
    reference: grantReference(l.number, l.created_at),
    callId: l.call_id,
    callName: nameIn({ name: l.call_name, translations: l.call_translations }, language),
    organizationName: l.organization_name,
    status: l.status,
    amount: Number(l.amount),
    currency: l.currency,
    paid: Number(l.paid),
    startsAt: l.starts_at,
    sdgs: l.sdgs ?? [],
    forecastSroi: l.forecast_sroi,
    actualSroi: l.actual_sroi,
    // Said beside the figure: the report it comes from may still wait for the funder's approval.
    actualApproved: l.actual_sroi === null ? null : l.actual_approved === true,
    reportsOverdue: l.reports_overdue,
    indicators: tallies.get(l.id)?.all ?? EMPTY_INDICATOR_TALLY,
  }));
  const notDeclined = grants.filter((g) => g.status !== 'declined');
  // Money in two currencies is never added: with several, the amounts are the first one's.
  const currencies = currenciesByUse(notDeclined);
  const counted = notDeclined.filter((g) => g.currency === currencies[0]);
  const byStatus = Object.fromEntries(GRANT_STATUSES.map((s) => [s, 0])) as Record<TGrantStatus, number>;
  for (const g of grants) byStatus[g.status] += 1;
  const sdgs = new Map<number, typeof notDeclined>();
  for (const g of notDeclined)
    for (const sdg of g.sdgs) {
      const list = sdgs.get(sdg);
      if (list) list.push(g);
      else sdgs.set(sdg, [g]);
    }
  const mean = (values: number[]) => (values.length ? values.reduce((a, b) => a + b, 0) / values.length : null);
  return {
    totals: {
      grants: grants.length,
      currencies,
      awarded: sumAmounts(counted.map((g) => g.amount)),
      paid: sumAmounts(counted.map((g) => g.paid)),
      byStatus,
      grantsWithReportsOverdue: grants.filter((g) => g.reportsOverdue > 0).length,
      reportsOverdue: grants.reduce((sum, g) => sum + g.reportsOverdue, 0),
      indicators: notDeclined.map((g) => g.indicators).reduce(addTallies, EMPTY_INDICATOR_TALLY),
    },
    bySdg: [...sdgs.entries()]
      .sort(([a], [b]) => a - b)
      .map(([sdg, list]) => ({
        sdg,
        grants: list.length,
        awarded: sumAmounts(list.filter((g) => g.currency === currencies[0]).map((g) => g.amount)),
        // Like with like: the forecasts of the grants accepted (those committed to, whose reports
        // give the actual), not of those still awaiting the grantee's answer.
        forecastSroi: mean(
          list.flatMap((g) => (g.forecastSroi === null || !grantAccepted(g.status) ? [] : [g.forecastSroi])),
        ),
        actualSroi: mean(list.flatMap((g) => (g.actualSroi === null ? [] : [g.actualSroi]))),
        indicators: list
          .map((g) => tallies.get(g.id)?.bySdg.get(sdg) ?? EMPTY_INDICATOR_TALLY)
          .reduce(addTallies, EMPTY_INDICATOR_TALLY),
      })),
    grants,
    payments: forecastPayments(unpaid, currencies[0] ?? null, today),
  };
}

/** The grants a portfolio view shows, by its filters (call, SDG of the impact answer, year), with that answer. */
function chosenGrants(query: TPortfolioQuery) {
  return sql`
          select g.id, g.number, g.created_at, g.call_id, g.organization_id, g.status, g.amount, g.currency, g.starts_at, ia.sdgs, ia.sroi
            from grants g
            left join lateral (select r.sdgs, r.sroi from report_impact_answers r
                                where r.call_submission_id = g.submission_id limit 1) ia on true
           where (${query.callId ?? null}::uuid is null or g.call_id = ${query.callId ?? null}::uuid)
             and (${query.sdg ?? null}::int is null or ${query.sdg ?? null}::smallint = any(ia.sdgs))
             and (${query.year ?? null}::int is null
                  or extract(year from coalesce(g.starts_at, g.created_at::date)) = ${query.year ?? null}::int)`;
}

/** The tranches not yet paid of the grants chosen, with the report a tranche may wait for (its own grant's). */
async function unpaidTranches(db: Db, query: TPortfolioQuery): Promise<ForecastTranche[]> {
  const found = await rows<{
    amount: string;
    currency: string;
    condition: TTrancheCondition;
    due_at: string | null;
    status: TGrantStatus;
    report_due_at: string | null;
    report_approved: boolean | null;
  }>(
    db,
    sql`with g as (${chosenGrants(query)})
        select t.amount::text as amount, g.currency, t.condition, t.due_at::text as due_at, g.status,
               r.due_at::text as report_due_at, r.approved_at is not null as report_approved
          from grant_tranches t
          join g on g.id = t.grant_id
          left join grant_reports r on r.grant_id = t.grant_id and r.plan_id = t.report_plan_id
         where t.paid_at is null
           and g.status in (${sql.join(
             GRANT_STATUSES_STILL_PAYING.map((status) => sql`${status}`),
             sql`, `,
           )})`,
  );
  return found.map((t) => ({
    amount: t.amount,
    currency: t.currency,
    condition: t.condition,
    dueAt: t.due_at,
    paidAt: null,
    grantStatus: t.status,
    report: t.report_due_at === null ? null : { dueAt: t.report_due_at, approved: t.report_approved === true },
  }));
}

/**
 * A grant's indicators, promised against achieved: none before the grant was accepted, nor for a
 * grant accepted before its forecast was kept (its reports still measure against the application).
 */
function tallyOf(line: GrantLine): { all: TIndicatorTally; bySdg: Map<number, TIndicatorTally> } {
  return indicatorTallies(
    (line.targets ?? []).map(([key, sdg, targetValue]) => ({ key, sdg, targetValue })),
    Object.entries(line.actual_values ?? {}).map(([key, value]) => ({
      key,
      value: typeof value === 'number' ? value : null,
    })),
  );
}

/** The grants' currencies, the one most grants are in first (ties by name). */
export function currenciesByUse(grants: readonly { currency: string }[]): string[] {
  const count = new Map<string, number>();
  for (const g of grants) count.set(g.currency, (count.get(g.currency) ?? 0) + 1);
  return [...count.keys()].sort((a, b) => (count.get(b) ?? 0) - (count.get(a) ?? 0) || a.localeCompare(b));
}

/** The export's columns, in order; each header is written in the reader's language (export.portfolioHeaders). */
const COLUMNS = [
  'grant',
  'call',
  'organization',
  'status',
  'starts',
  'awarded',
  'paid',
  'sdgs',
  'forecastSroi',
  'actualSroi',
  'reportsOverdue',
  'currency',
  'indicators',
  'indicatorsReported',
  'indicatorsMet',
  'actualApproved',
] as const;

/** The portfolio's grants as export rows (the same filters as the page). */
export function portfolioPages(data: TPortfolio, language: TLanguage | null): ExportedRows['pages'] {
  // Words in the reader's language, as the submissions' export: an officer opens it in a spreadsheet.
  const { header, word } = exportWords(language);
  // A person's export names each grant by its reference too, last (the columns before keep their
  // places); a script's, asked with no language, keeps the columns it always had.
  const columns = language === null ? COLUMNS : [...COLUMNS, 'reference' as const];
  const headers: Cell[] = columns.map((column) => header(`export.portfolioHeaders.${column}`));
  const cells = data.grants.map((g): Cell[] => [
    g.id,
    g.callName,
    g.organizationName,
    word(`export.grantStatus.${g.status}`, g.status),
    g.startsAt ?? '',
    g.amount,
    g.paid,
    g.sdgs.join(' '),
    // Ratios to two decimals, as the page and the submissions' export write them.
    twoDecimals(g.forecastSroi) ?? '',
    twoDecimals(g.actualSroi) ?? '',
    g.reportsOverdue,
    g.currency,
    g.indicators.promised,
    g.indicators.reported,
    g.indicators.met,
    g.actualApproved === null
      ? ''
      : word(g.actualApproved ? 'export.yes' : 'export.no', g.actualApproved ? 'yes' : 'no'),
    ...(language === null ? [] : [g.reference ?? '']),
  ]);
  return async function* pages(format) {
    yield format([headers, ...cells]);
  };
}
