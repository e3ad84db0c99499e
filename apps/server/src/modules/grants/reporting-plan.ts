import type { TFieldError, TReportPlanItem, TReportPlanItemInput, TSaveReportingPlanRequest } from '@impact/domain';
import { and, asc, eq, inArray, isNotNull, ne, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { calls, callTypes, grantReportPlans, grantReports, grantTranches } from '../../db/schema';
import { conflict, invalid, notFound } from '../../lib/app-error';
import type { SessionUser } from '../../plugins/authentication';
import { audit } from '../audit/record';
import { insertCallTypeIn } from '../calls/call-types';
import { formCallsFollowFilter } from '../calls/report-form-filter';

type PlanRow = typeof grantReportPlans.$inferSelect;

/**
 * A form call closes in 2999: a report may be sent after its due day (the day is the report's,
 * per grant, not the call's), and the deadline job never closes what nobody finished.
 */
export const FORM_CALL_CLOSING = new Date('2999-12-31T23:59:59Z');

const toItem = (row: PlanRow): TReportPlanItem => ({
  id: row.id,
  callId: row.callId,
  position: row.position,
  name: row.name,
  dueAfterMonths: row.dueAfterMonths,
  dueAt: row.dueAt,
  callTypeId: row.callTypeId,
  formCallId: row.formCallId,
});

async function planRows(db: Db | Tx, callId: string) {
  return db
    .select()
    .from(grantReportPlans)
    .where(eq(grantReportPlans.callId, callId))
    .orderBy(asc(grantReportPlans.position));
}

/** An application call (not a form call): 404 otherwise. */
async function applicationCall(db: Db | Tx, callId: string, lock = false) {
  const query = db
    .select({ id: calls.id, name: calls.name })
    .from(calls)
    .where(
      and(
        eq(calls.id, callId),
        sql`not exists (select 1 from grant_report_plans p where p.form_call_id = ${calls.id})`,
      ),
    );
  const [call] = lock ? await query.for('update') : await query;
  if (!call) throw notFound('errors.calls.notFound');
  return call;
}

/** GET Grant/GetReportingPlan (admin). */
export async function readReportingPlan(db: Db, callId: string): Promise<TReportPlanItem[]> {
  await applicationCall(db, callId);
  return (await planRows(db, callId)).map(toItem);
}

/**
 * The due day of the reports of a plan item, per grant, in SQL: the fixed day, or the grant's
 * start (else its acceptance day) plus the months. PostgreSQL keeps a shorter month's last day
 * (31 Jan + 1 month = 28/29 Feb), as the domain's `reportDueDay` does.
 */
const dueDaySql = (plan: { dueAt: string | null; dueAfterMonths: number | null }) =>
  plan.dueAt
    ? sql`${plan.dueAt}::date`
    : sql`(coalesce(g.starts_at, g.accepted_at::date, current_date) + make_interval(months => ${plan.dueAfterMonths ?? 0}::int))::date`;

/** The reports an active grant owes for one plan item, made where missing (one per grant and item). */
export async function addReportsForPlan(tx: Tx, plan: PlanRow, grantId?: string) {
  await tx.execute(sql`
    insert into grant_reports (grant_id, plan_id, due_at)
    select g.id, ${plan.id}::uuid, ${dueDaySql(plan)}
      from grants g
     where g.call_id = ${plan.callId}::uuid and g.status = 'active'
       and (${grantId ?? null}::uuid is null or g.id = ${grantId ?? null}::uuid)
    on conflict (grant_id, plan_id) do nothing`);
}

/** When a grant is accepted: the reports it owes under its call's plan. */
export async function addReportsForGrant(tx: Tx, grantId: string, callId: string) {
  for (const plan of await planRows(tx, callId)) await addReportsForPlan(tx, plan, grantId);
}

/**
 * The plan's items with a form each: an item asking for a new one gets an empty call type named
 * after the report, made in the plan's own transaction (refused, the plan leaves none behind) and
 * audited as a form made from the editor is. One after another: a transaction is one connection.
 */
async function withNewForms(tx: Tx, actor: SessionUser, reports: TReportPlanItemInput[]) {
  const out: Array<Omit<TReportPlanItemInput, 'newForm'> & { callTypeId: string }> = [];
  for (const { newForm, ...item } of reports) {
    // Neither is refused by the request's schema; an empty id is then "no such form" below.
    if (!newForm) {
      out.push({ ...item, callTypeId: item.callTypeId ?? '' });
      continue;
    }
    const form = { name: item.name, description: item.name, steps: [] };
    const callTypeId = await insertCallTypeIn(tx, form);
    await audit(tx, actor, 'callType.create', callTypeId, { name: item.name.trim(), steps: 0 });
    out.push({ ...item, callTypeId });
  }
  return out;
}

/**
 * PUT Grant/SaveReportingPlan (admin): the call's plan becomes the list given. An item sent with
 * its id is kept (its reports follow a changed due day unless already sent); an item left out is
 * removed with its reports, unless one was started or a tranche waits for it (409); a new item
 * gets its hidden form call and a report for each active grant.
 */
export async function saveReportingPlan(
  db: Db,
  actor: SessionUser,
  input: TSaveReportingPlanRequest,
): Promise<TReportPlanItem[]> {
  return db.transaction(async (tx) => {
    await applicationCall(tx, input.callId, true);
    const existing = new Map((await planRows(tx, input.callId)).map((row) => [row.id, row]));
    const reports = await withNewForms(tx, actor, input.reports);
    const errors: TFieldError[] = [];
    const typeIds = [...new Set(reports.flatMap((r) => (r.callTypeId ? [r.callTypeId] : [])))];
    const knownTypes = new Set(
      typeIds.length
        ? (await tx.select({ id: callTypes.id }).from(callTypes).where(inArray(callTypes.id, typeIds))).map((t) => t.id)
        : [],
    );
    // A form is its own call type: editing a report's questions must never change a call's application.
    const applicationTypes = new Set(
      typeIds.length
        ? (
            await tx
              .select({ id: calls.callTypeId })
              .from(calls)
              .where(
                and(
                  inArray(calls.callTypeId, typeIds),
                  sql`not exists (select 1 from grant_report_plans p where p.form_call_id = ${calls.id})`,
                ),
              )
          ).map((c) => c.id)
        : [],
    );
    reports.forEach((item, index) => {
      if (!knownTypes.has(item.callTypeId)) {
        errors.push({ path: `reports.${index}.callTypeId`, messageKey: 'errors.calls.callTypeNotFound' });
      } else if (applicationTypes.has(item.callTypeId) && existing.get(item.id ?? '')?.callTypeId !== item.callTypeId) {
        // Only a new or changed form is judged: an item saved before this rule stays saveable.
        errors.push({ path: `reports.${index}.callTypeId`, messageKey: 'errors.grantReports.formIsApplication' });
      }
      if (item.id && !existing.has(item.id)) {
        errors.push({ path: `reports.${index}.id`, messageKey: 'errors.grantReports.planItemNotFound' });
      }
    });
    if (new Set(reports.flatMap((r) => (r.id ? [r.id] : []))).size !== reports.filter((r) => r.id).length) {
      errors.push({ path: 'reports', messageKey: 'errors.grantReports.planItemTwice' });
    }
    if (errors.length) throw invalid(errors);

    const keptIds = new Set(reports.flatMap((r) => (r.id ? [r.id] : [])));
    const removed = [...existing.values()].filter((row) => !keptIds.has(row.id));
    const changedForm = reports.filter((r) => r.id && existing.get(r.id)?.callTypeId !== r.callTypeId);
    const guarded = [...removed.map((r) => r.id), ...changedForm.flatMap((r) => (r.id ? [r.id] : []))];
    if (guarded.length) {
      const [started] = await tx
        .select({ id: grantReports.id })
        .from(grantReports)
        .where(and(inArray(grantReports.planId, guarded), isNotNull(grantReports.submissionId)))
        .limit(1);
      if (started) throw conflict('errors.grantReports.planItemStarted');
    }
    if (removed.length) {
      const removedIds = removed.map((r) => r.id);
      const [tied] = await tx
        .select({ id: grantTranches.id })
        .from(grantTranches)
        .where(inArray(grantTranches.reportPlanId, removedIds))
        .limit(1);
      if (tied) throw conflict('errors.grantReports.planItemHasTranche');
      await tx.delete(grantReports).where(inArray(grantReports.planId, removedIds));
      await tx.delete(grantReportPlans).where(inArray(grantReportPlans.id, removedIds));
      await tx.delete(calls).where(
        inArray(
          calls.id,
          removed.map((r) => r.formCallId),
        ),
      );
    }

    for (const [position, item] of reports.entries()) {
      const due = { dueAfterMonths: item.dueAfterMonths ?? null, dueAt: item.dueAt ?? null };
      const stored = item.id ? existing.get(item.id) : undefined;
      if (stored) {
        const [plan] = await tx
          .update(grantReportPlans)
          .set({ position, name: item.name, callTypeId: item.callTypeId, ...due })
          .where(eq(grantReportPlans.id, stored.id))
          .returning();
        // Only when it changes: `updated_at` is the form's editor's base (0045), and a due date
        // moved in the plan is no change of the form.
        await tx
          .update(calls)
          .set({ name: item.name, callTypeId: item.callTypeId, updatedAt: new Date() })
          .where(
            and(eq(calls.id, stored.formCallId), or(ne(calls.name, item.name), ne(calls.callTypeId, item.callTypeId))),
          );
        if (plan && (stored.dueAt !== plan.dueAt || stored.dueAfterMonths !== plan.dueAfterMonths)) {
          await tx.execute(sql`
            update grant_reports r set due_at = ${dueDaySql(plan)},
                   reminded_before_at = null, reminded_overdue_at = null
              from grants g
             where g.id = r.grant_id and r.plan_id = ${plan.id}::uuid and r.submitted_at is null`);
        }
        continue;
      }
      const [formCall] = await tx
        .insert(calls)
        .values({
          name: item.name,
          openingAt: new Date(),
          closingAt: FORM_CALL_CLOSING,
          callTypeId: item.callTypeId,
          // Hidden everywhere a draft is (decision 0044); the call editor keeps it a draft.
          draft: true,
        })
        .returning({ id: calls.id });
      if (!formCall) throw new Error('insert returned nothing');
      const [plan] = await tx
        .insert(grantReportPlans)
        .values({
          callId: input.callId,
          position,
          name: item.name,
          callTypeId: item.callTypeId,
          formCallId: formCall.id,
          ...due,
        })
        .returning();
      if (!plan) throw new Error('insert returned nothing');
      await addReportsForPlan(tx, plan);
    }
    await formCallsFollowFilter(tx, input.callId);
    const plan = (await planRows(tx, input.callId)).map(toItem);
    await audit(tx, actor, 'grant.reportingPlan', input.callId, {
      reports: plan.map((p) => ({ name: p.name, dueAfterMonths: p.dueAfterMonths, dueAt: p.dueAt })),
    });
    return plan;
  });
}
