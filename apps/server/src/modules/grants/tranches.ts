import {
  amountToCents,
  grantReference,
  sumAmounts,
  type TGrantStatus,
  type TLanguage,
  type TSaveTranchesRequest,
  type TTranche,
  type TTrancheCondition,
  trancheStatus,
} from '@impact/domain';
import { and, asc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { grantReportPlans, grants, grantTranches, organizations } from '../../db/schema';
import { conflict, invalid, notFound } from '../../lib/app-error';
import { longDay } from '../../lib/moments';
import type { SessionUser } from '../../plugins/authentication';
import { audit } from '../audit/record';
import type { Cell, ExportedRows } from '../reports/export-rows';
import { exportWords } from '../reports/export-words';
import { loadGrantFor } from './access';
import { formatAmount } from './award-letter';
import { noticeGrantees } from './grantee-notice';

type TrancheRow = typeof grantTranches.$inferSelect;

/**
 * Whether the report a tranche waits for, its own grant's, has been approved (false for other
 * conditions). The tranche's columns are named with their table: in a select of one table Drizzle
 * writes a column bare, and a bare `grant_id` inside the subquery is the report's own, which made
 * any grant's approved report of the same plan item count.
 */
const reportApproved = sql<boolean>`exists (select 1 from grant_reports r
  where r.grant_id = grant_tranches.grant_id and r.plan_id = grant_tranches.report_plan_id
    and r.approved_at is not null)`;

/** The tranche's status, its report's approval read alongside it. */
function statusOf(row: TrancheRow & { approved: boolean }, grantStatus: TGrantStatus, today: string) {
  return trancheStatus(
    row,
    grantStatus,
    today,
    row.approved && row.reportPlanId ? new Set([row.reportPlanId]) : undefined,
  );
}

/** Today as a calendar day in UTC, the day a dated tranche is compared with. */
export const utcToday = (now = new Date()) => now.toISOString().slice(0, 10);

/**
 * The latest day that is today somewhere (UTC+14): a payment dated the payer's own today is never
 * "in the future", though in Rome just after midnight that day has not begun in UTC.
 */
export const latestTodayAnywhere = (now = new Date()) => utcToday(new Date(now.getTime() + 14 * 3_600_000));

function toTranche(
  row: TrancheRow & { approved: boolean; reportName?: string | null },
  grantStatus: TGrantStatus,
  today: string,
): TTranche {
  return {
    id: row.id,
    grantId: row.grantId,
    position: row.position,
    amount: Number(row.amount),
    condition: row.condition,
    dueAt: row.dueAt,
    reportPlanId: row.reportPlanId,
    reportName: row.reportName ?? null,
    status: statusOf(row, grantStatus, today),
    paidAt: row.paidAt,
    paymentReference: row.paymentReference,
  };
}

async function tranchesOf(db: Db | Tx, grantId: string, grantStatus: TGrantStatus) {
  const rows = await db
    .select({ tranche: grantTranches, approved: reportApproved, reportName: grantReportPlans.name })
    .from(grantTranches)
    .leftJoin(grantReportPlans, eq(grantReportPlans.id, grantTranches.reportPlanId))
    .where(eq(grantTranches.grantId, grantId))
    .orderBy(asc(grantTranches.position));
  const today = utcToday();
  return rows.map((row) =>
    toTranche({ ...row.tranche, approved: row.approved, reportName: row.reportName }, grantStatus, today),
  );
}

/** GET Grant/GetTranches: the admin and the grantee's members (once the letter is sent) read them. */
export async function readTranches(db: Db, user: SessionUser, grantId: string) {
  const { grant } = await loadGrantFor(db, user, grantId, { need: 'read' });
  return tranchesOf(db, grant.id, grant.status);
}

/**
 * PUT Grant/SaveTranches (admin): the unpaid tranches are replaced by the list given, after the
 * paid ones; together they may not exceed the amount awarded. A declined or closed grant's
 * tranches no longer change.
 */
export async function saveTranches(db: Db, actor: SessionUser, input: TSaveTranchesRequest) {
  return db.transaction(async (tx) => {
    const { grant } = await loadGrantFor(tx, actor, input.grantId, { need: 'write', forUpdate: true });
    if (grant.status === 'declined' || grant.status === 'closed') throw conflict('errors.grants.termsFixed');
    const paid = await tx
      .select()
      .from(grantTranches)
      .where(and(eq(grantTranches.grantId, grant.id), isNotNull(grantTranches.paidAt)));
    const total = sumAmounts([...paid.map((p) => p.amount), ...input.tranches.map((t) => t.amount)]);
    const named = [...new Set(input.tranches.flatMap((t) => (t.reportPlanId ? [t.reportPlanId] : [])))];
    const planIds = new Set(
      named.length
        ? (
            await tx
              .select({ id: grantReportPlans.id })
              .from(grantReportPlans)
              .where(and(eq(grantReportPlans.callId, grant.callId), inArray(grantReportPlans.id, named)))
          ).map((p) => p.id)
        : [],
    );
    const unknownPlan = input.tranches.findIndex((t) => t.reportPlanId && !planIds.has(t.reportPlanId));
    if (unknownPlan >= 0) {
      throw invalid([
        { path: `tranches.${unknownPlan}.reportPlanId`, messageKey: 'errors.grantReports.planItemNotFound' },
      ]);
    }
    if (amountToCents(total) > amountToCents(grant.amount)) {
      throw invalid([{ path: 'tranches', messageKey: 'errors.grants.tranchesExceedAmount' }]);
    }
    await tx.delete(grantTranches).where(and(eq(grantTranches.grantId, grant.id), isNull(grantTranches.paidAt)));
    const start = paid.reduce((max, p) => Math.max(max, p.position + 1), 0);
    if (input.tranches.length > 0) {
      await tx.insert(grantTranches).values(
        input.tranches.map((t, i) => ({
          grantId: grant.id,
          position: start + i,
          amount: t.amount.toFixed(2),
          condition: t.condition as TTrancheCondition,
          dueAt: t.condition === 'onDate' ? t.dueAt : null,
          reportPlanId: t.condition === 'onReportApproval' ? t.reportPlanId : null,
        })),
      );
    }
    await audit(tx, actor, 'grant.tranches', grant.id, {
      count: input.tranches.length,
      totalCents: amountToCents(total),
    });
    return tranchesOf(tx, grant.id, grant.status);
  });
}

/** POST Grant/MarkTranchePaid (admin): only a payable tranche, once. */
export async function markTranchePaid(
  db: Db,
  actor: SessionUser,
  input: { trancheId: string; paidAt: string; paymentReference: string },
  publicUrl: string,
) {
  return db.transaction(async (tx) => {
    // The grant's row first, as SaveTranches takes it: a plan saved meanwhile never drops this payment.
    await tx.execute(
      sql`select 1 from grants where id = (select grant_id from grant_tranches where id = ${input.trancheId}) for update`,
    );
    const [row] = await tx
      .select({
        tranche: grantTranches,
        grantStatus: grants.status,
        approved: reportApproved,
        organizationId: grants.organizationId,
        callId: grants.callId,
        currency: grants.currency,
      })
      .from(grantTranches)
      .innerJoin(grants, eq(grants.id, grantTranches.grantId))
      .where(eq(grantTranches.id, input.trancheId))
      .for('update', { of: grantTranches });
    if (!row) throw notFound('errors.grants.trancheNotFound');
    const status = statusOf({ ...row.tranche, approved: row.approved }, row.grantStatus, utcToday());
    if (status !== 'payable')
      throw conflict(status === 'paid' ? 'errors.grants.tranchePaid' : 'errors.grants.trancheNotPayable');
    if (input.paidAt > latestTodayAnywhere())
      throw invalid([{ path: 'paidAt', messageKey: 'errors.grants.paidInFuture' }]);
    await tx
      .update(grantTranches)
      .set({ paidAt: input.paidAt, paymentReference: input.paymentReference, paidByUserId: actor.id })
      .where(eq(grantTranches.id, row.tranche.id));
    await audit(tx, actor, 'grant.paid', row.tranche.grantId, {
      trancheId: row.tranche.id,
      amount: Number(row.tranche.amount),
      paidAt: input.paidAt,
      reference: input.paymentReference,
    });
    // The grantee hears of the money on its way, each in their language.
    await noticeGrantees(
      tx,
      { id: row.tranche.grantId, organizationId: row.organizationId, callId: row.callId },
      {
        template: 'tranche-paid',
        texts: 'mail.tranchePaid',
        values: (language) => ({
          amount: formatAmount(Number(row.tranche.amount), row.currency, language),
          date: longDay(input.paidAt, language),
          reference: input.paymentReference,
        }),
      },
      publicUrl,
    );
    return tranchesOf(tx, row.tranche.grantId, row.grantStatus);
  });
}

/** The export's columns, in order; each header is written in the reader's language (export.tranchesHeaders). */
const COLUMNS = [
  'grant',
  'organization',
  'registrationNumber',
  'tranche',
  'amount',
  'condition',
  'due',
  'status',
  'paidOn',
  'paymentReference',
] as const;

/** The accounting office's export of a call's tranches: one row each, in grant then tranche order. */
export async function tranchesExport(
  db: Db,
  callId: string,
  language: TLanguage | null,
): Promise<ExportedRows['pages']> {
  // Words in the reader's language: the accounting office reads it in a spreadsheet.
  const { header, word } = exportWords(language);
  // A person's export names each grant by its reference too, last (the columns before keep their
  // places); a script's, asked with no language, keeps the columns it always had.
  const columns = language === null ? COLUMNS : [...COLUMNS, 'reference' as const];
  const headers: Cell[] = columns.map((column) => header(`export.tranchesHeaders.${column}`));
  const rows = await db
    .select({
      tranche: grantTranches,
      grantStatus: grants.status,
      grantNumber: grants.number,
      grantMade: grants.createdAt,
      approved: reportApproved,
      org: organizations.name,
      reg: organizations.regNumber,
    })
    .from(grantTranches)
    .innerJoin(grants, eq(grants.id, grantTranches.grantId))
    .innerJoin(organizations, eq(organizations.id, grants.organizationId))
    .where(eq(grants.callId, callId))
    .orderBy(asc(organizations.name), asc(grants.id), asc(grantTranches.position));
  const today = utcToday();
  const cells = rows.map(({ tranche, grantStatus, grantNumber, grantMade, approved, org, reg }): Cell[] => {
    const status = statusOf({ ...tranche, approved }, grantStatus, today);
    return [
      tranche.grantId,
      org,
      reg,
      tranche.position + 1,
      Number(tranche.amount),
      word(`export.trancheCondition.${tranche.condition}`, tranche.condition),
      tranche.dueAt ?? '',
      word(`export.trancheStatus.${status}`, status),
      tranche.paidAt ?? '',
      tranche.paymentReference ?? '',
      ...(language === null ? [] : [grantReference(grantNumber, grantMade)]),
    ];
  });
  return async function* pages(format) {
    yield format([headers, ...cells]);
  };
}
