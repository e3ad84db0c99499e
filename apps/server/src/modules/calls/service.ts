import {
  EMPTY_ID,
  reportIdOrNull,
  STEP_TYPES,
  splitFilterEmails,
  type TCall,
  type TCallListItem,
  type TFieldError,
  type ZCreateCallRequest,
  ZFilterEmail,
  type ZUpdateCallRequest,
} from '@impact/domain';
import { desc, eq, notExists, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client';
import { callSubmissions, calls, callTypes, grantReportPlans, steps, stepTypes } from '../../db/schema';
import { conflict, invalid, notFound } from '../../lib/app-error';
import { sanitizeRichText } from '../../lib/sanitize';
import { refuseIfSavedSince } from '../../lib/saved-since';
import { type AuditActor, audit } from '../audit/record';
import { assertActualsOnlyInForms } from './actuals-only-in-forms';
import { insertCallTypeIn, saveCallTypeIn, stepsOfCallTypes } from './call-types';
import { cleanCallTranslations } from './clean-translations';
import { draftAfterSave, unfinishedStepErrors } from './publish-check';
import { formCallsFollowFilter } from './report-form-filter';

type CallRow = typeof calls.$inferSelect;
type UpdateCallInput = z.output<typeof ZUpdateCallRequest>;
type CreateCallInput = z.output<typeof ZCreateCallRequest>;

/** A saved lock may be set a little in the past by a slow clock; beyond this it is refused. */
const LOCK_CLOCK_TOLERANCE_MS = 60_000;

export function toCallListItem(row: CallRow): TCallListItem {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    openingAt: row.openingAt.toISOString(),
    closingAt: row.closingAt.toISOString(),
    callLockEnd: row.callLockEnd?.toISOString() ?? null,
    callTypeId: row.callTypeId,
    isUserFilterEnable: row.isUserFilterEnable,
    userFilterEmail: row.userFilterEmail,
    powerBIReportID: row.powerBiReportId,
    powerBIWorkspaceID: row.powerBiWorkspaceId,
    userPowerBIReportID: row.userPowerBiReportId,
    userPowerBIWorkspaceID: row.userPowerBiWorkspaceId,
    // Admin views carry no submission of their own (SPEC 3: the empty id means none).
    submissionId: EMPTY_ID,
    submissionClosed: false,
    customFile: row.customFileId ? { id: row.customFileId, name: row.customFileName ?? '' } : null,
    draft: row.draft,
    draftRetentionMonths: row.draftRetentionMonths,
    retentionYears: row.retentionYears,
    translations: row.translations,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function listCalls(db: Db): Promise<TCallListItem[]> {
  // A report's form call (decision 0044) is edited from its call's reporting plan, never listed.
  const rows = await db
    .select()
    .from(calls)
    .where(
      notExists(db.select({ one: sql`1` }).from(grantReportPlans).where(eq(grantReportPlans.formCallId, calls.id))),
    )
    .orderBy(desc(calls.openingAt), desc(calls.createdAt));
  return rows.map(toCallListItem);
}

/** Calls with their steps, in one query for the steps of all of them. */
export async function callsWithSteps(db: Db, rows: CallRow[]): Promise<TCall[]> {
  const stepsByType = await stepsOfCallTypes(db, [...new Set(rows.map((r) => r.callTypeId))]);
  return rows.map((row) => ({ ...toCallListItem(row), steps: stepsByType.get(row.callTypeId) ?? [] }));
}

export async function getCallByIdAdmin(db: Db, callId: string): Promise<TCall> {
  const [found] = await db
    .select({ row: calls, callTypeUpdatedAt: callTypes.updatedAt })
    .from(calls)
    .innerJoin(callTypes, eq(callTypes.id, calls.callTypeId))
    .where(eq(calls.id, callId));
  if (!found) throw notFound('errors.calls.callNotFound');
  const [call] = await callsWithSteps(db, [found.row]);
  if (!call) throw notFound('errors.calls.callNotFound');
  return { ...call, callTypeUpdatedAt: found.callTypeUpdatedAt.toISOString() };
}

function checkDates(openingAt: Date, closingAt: Date): TFieldError[] {
  return closingAt.getTime() > openingAt.getTime()
    ? []
    : [{ path: 'closingAt', messageKey: 'errors.calls.closingBeforeOpening' }];
}

async function checkCallTypeExists(db: Db, callTypeId: string): Promise<TFieldError[]> {
  const [row] = await db.select({ id: callTypes.id }).from(callTypes).where(eq(callTypes.id, callTypeId));
  return row ? [] : [{ path: 'callTypeId', messageKey: 'errors.calls.callTypeNotFound' }];
}

/**
 * POST Call/CreateCall: the call on an existing call type, or on a new one sent with it (the call
 * editor's "new call"), created in the same transaction and audited as one action whose details
 * name the call type it brought (0028).
 */
export async function createCall(db: Db, actor: AuditActor, input: CreateCallInput): Promise<TCall> {
  const openingAt = new Date(input.openingAt);
  const closingAt = new Date(input.closingAt);
  const errors = [
    ...checkDates(openingAt, closingAt),
    ...(input.callTypeId ? await checkCallTypeExists(db, input.callTypeId) : []),
  ];
  if (errors.length > 0) throw invalid(errors);
  const id = await db.transaction(async (tx) => {
    const newType = input.callType;
    const callTypeId = newType ? await insertCallTypeIn(tx, newType, 'callType.steps') : input.callTypeId;
    if (!callTypeId) throw new Error('the request schema lets no call through without a call type');
    // "New call" starts from an empty call type: such a call is a draft until it is saved with
    // steps. A call created whole (name and a call type with steps, as API clients do) is not.
    const hasSteps =
      (await tx.select({ id: steps.id }).from(steps).where(eq(steps.callTypeId, callTypeId)).limit(1)).length > 0;
    const [row] = await tx
      .insert(calls)
      .values({
        name: input.name.trim(),
        description: sanitizeRichText(input.description),
        openingAt,
        closingAt,
        callTypeId,
        draft: !(hasSteps && input.name.trim() !== ''),
      })
      .returning({ id: calls.id, name: calls.name });
    if (!row) throw new Error('insert returned nothing');
    await assertActualsOnlyInForms(tx, callTypeId, newType ? 'callType.steps' : 'callTypeId');
    await audit(tx, actor, 'call.create', row.id, {
      name: row.name,
      ...(newType ? { newCallType: { id: callTypeId, name: newType.name.trim(), steps: newType.steps.length } } : {}),
    });
    return row.id;
  });
  return getCallByIdAdmin(db, id);
}

/**
 * SPEC 4 "Call lock": once saved, callLockEnd never changes and is never cleared; when first set
 * it must not lie in the past. Leaving it out of the request keeps what is stored.
 */
function resolveCallLock(stored: Date | null, requested: string | null | undefined, now: Date): Date | null {
  if (requested === undefined) return stored;
  const next = requested === null ? null : new Date(requested);
  if (stored) {
    if (!next || next.getTime() !== stored.getTime()) throw conflict('errors.calls.callLockFixed');
    return stored;
  }
  if (next && next.getTime() < now.getTime() - LOCK_CLOCK_TOLERANCE_MS) {
    throw invalid([{ path: 'callLockEnd', messageKey: 'errors.calls.callLockInPast' }]);
  }
  return next;
}

function normaliseFilterEmails(value: string, enabled: boolean): { value: string; errors: TFieldError[] } {
  const emails = splitFilterEmails(value);
  const bad = emails.filter((e) => !ZFilterEmail.safeParse(e).success);
  const errors: TFieldError[] = bad.length
    ? [{ path: 'userFilterEmail', messageKey: 'errors.calls.filterEmailInvalid', params: { emails: bad.join(', ') } }]
    : [];
  if (enabled && emails.length === 0)
    errors.push({ path: 'userFilterEmail', messageKey: 'errors.calls.filterEmailRequired' });
  return { value: emails.join(', '), errors };
}

/**
 * PUT Call/UpdateCall, SPEC 4 "Call save sequence": the call type with its steps first, then the
 * call, in one transaction. Any failure (a bad step, a refused lock change) leaves both unchanged.
 */
export async function updateCall(db: Db, actor: AuditActor, input: UpdateCallInput, now = new Date()): Promise<TCall> {
  // Read back in the same transaction: the `updatedAt` answered is this save's, never a later one's
  // (the editor takes it as its next base).
  return db.transaction(async (tx) => {
    const [stored] = await tx.select().from(calls).where(eq(calls.id, input.id)).for('update');
    if (!stored) throw notFound('errors.calls.callNotFound');
    // Checked under the row's lock: of two editors who loaded the same version, the second to save is told.
    refuseIfSavedSince(stored.updatedAt, input.basedOnUpdatedAt, 'errors.calls.changedSince');

    const openingAt = new Date(input.openingAt);
    const closingAt = new Date(input.closingAt);
    const filter = normaliseFilterEmails(input.userFilterEmail, input.isUserFilterEnable);
    const errors = [...checkDates(openingAt, closingAt), ...filter.errors];
    if (input.callType && input.callType.id !== input.callTypeId) {
      errors.push({ path: 'callType.id', messageKey: 'errors.calls.callTypeMismatch' });
    }
    if (errors.length > 0) throw invalid(errors);
    const callLockEnd = resolveCallLock(stored.callLockEnd, input.callLockEnd, now);

    // Whether the call is a draft after this save: `draftAfterSave`.
    const stepCount = input.callType
      ? input.callType.steps.length
      : (await tx.select({ id: steps.id }).from(steps).where(eq(steps.callTypeId, input.callTypeId)).limit(1)).length;
    // A report's form call stays a draft (hidden from every list) and on its plan item's call type.
    const formOf = await planOfReportForm(tx, stored.id);
    const formCall = formOf !== null;
    if (formCall && input.callTypeId !== stored.callTypeId) throw conflict('errors.grantReports.formCallTypeFixed');
    const draft = formCall || draftAfterSave(stored.draft, input, stepCount);
    // Asked to publish a draft (the editor always says): every step answerable (decision 0063).
    // Once published, its steps are judged where they are saved (`saveCallTypeIn`).
    if (!formCall && stored.draft && input.draft === false) {
      const unfinished = await unfinishedStepErrors(tx, input.callTypeId, input.callType?.steps, false);
      if (unfinished.length > 0) throw invalid(unfinished);
    }
    // Impact actuals measure a grant's application: in an application they would block every Submit.
    if (!formCall && input.callType) {
      const actuals = await tx
        .select({ id: stepTypes.id })
        .from(stepTypes)
        .where(eq(stepTypes.name, STEP_TYPES.impactActuals.name));
      const index = input.callType.steps.findIndex((step) => actuals.some((a) => a.id === step.stepTypeId));
      if (index >= 0) {
        throw invalid([
          { path: `callType.steps.${index}.stepTypeId`, messageKey: 'errors.impactActuals.onlyInReports' },
        ]);
      }
    }

    if (input.callType) {
      // Its steps may have been saved elsewhere since the editor loaded them (the call types page,
      // another call on the same type): checked under the call type's lock, as the call's above.
      if (input.basedOnCallTypeUpdatedAt) {
        const [type] = await tx
          .select({ updatedAt: callTypes.updatedAt })
          .from(callTypes)
          .where(eq(callTypes.id, input.callType.id))
          .for('update');
        if (type) refuseIfSavedSince(type.updatedAt, input.basedOnCallTypeUpdatedAt, 'errors.calls.changedSince');
      }
      await saveCallTypeIn(tx, input.callType, 'callType.steps');
    } else if (input.callTypeId !== stored.callTypeId) {
      const missing = await checkCallTypeExists(tx, input.callTypeId);
      if (missing.length > 0) throw invalid(missing);
    }

    await tx
      .update(calls)
      .set({
        // A report's form keeps its plan item's name (the reporting plan renames it).
        name: formCall ? stored.name : input.name.trim(),
        description: sanitizeRichText(input.description),
        openingAt,
        closingAt,
        callLockEnd,
        callTypeId: input.callTypeId,
        // A report's form keeps its application call's filter (formCallsFollowFilter).
        isUserFilterEnable: formCall ? stored.isUserFilterEnable : input.isUserFilterEnable,
        userFilterEmail: formCall ? stored.userFilterEmail : filter.value,
        powerBiReportId: reportIdOrNull(input.powerBIReportID),
        powerBiWorkspaceId: reportIdOrNull(input.powerBIWorkspaceID),
        userPowerBiReportId: reportIdOrNull(input.userPowerBIReportID),
        userPowerBiWorkspaceId: reportIdOrNull(input.userPowerBIWorkspaceID),
        // Left out of the request: unchanged (older clients); null: kept for ever.
        ...(input.draftRetentionMonths !== undefined ? { draftRetentionMonths: input.draftRetentionMonths } : {}),
        ...(input.retentionYears !== undefined ? { retentionYears: input.retentionYears } : {}),
        ...(input.translations !== undefined ? { translations: cleanCallTranslations(input.translations) } : {}),
        draft,
        updatedAt: now,
      })
      .where(eq(calls.id, input.id));
    if (!formCall) await formCallsFollowFilter(tx, input.id);
    // Pointed at another call type, a call must not take a report form's steps with it.
    if (input.callTypeId !== stored.callTypeId) await assertActualsOnlyInForms(tx, input.callTypeId, 'callTypeId');
    const savedSteps = input.callType ? { callTypeId: input.callType.id, steps: input.callType.steps.length } : {};
    // A report's form is logged as part of its application call's plan, where the trail's reader
    // finds it beside the plan's own saves (its hidden call's id would lead nowhere).
    if (formOf) await audit(tx, actor, 'grant.reportForm', formOf.callId, { name: stored.name, ...savedSteps });
    else await audit(tx, actor, 'call.update', input.id, { name: input.name.trim(), ...savedSteps });
    return getCallByIdAdmin(tx, input.id);
  });
}

/**
 * Whether any organization has started a submission for the call (such a call cannot be
 * deleted; the foreign key, RESTRICT, backs this up in the database).
 */
export async function callHasSubmissions(db: Db | Tx, callId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: callSubmissions.id })
    .from(callSubmissions)
    .where(eq(callSubmissions.callId, callId))
    .limit(1);
  return Boolean(row);
}

/**
 * POST Call/DeleteCall. A call with submissions is refused (409) so no applicant's work is lost.
 * The call type stays: other calls may share it and it can be reused.
 */
export async function deleteCall(db: Db, actor: AuditActor, callId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: calls.id, name: calls.name })
      .from(calls)
      .where(eq(calls.id, callId))
      .for('update');
    if (!row) throw notFound('errors.calls.callNotFound');
    if (await callHasSubmissions(tx, callId)) throw conflict('errors.calls.hasSubmissions');
    // A call with a reporting plan, or a report's form, goes with the plan (Grant/SaveReportingPlan).
    if (await isInReportingPlan(tx, callId)) throw conflict('errors.grantReports.callInPlan');
    await tx.delete(calls).where(eq(calls.id, callId));
    await audit(tx, actor, 'call.delete', callId, { name: row.name });
  });
}

/** The application call whose reporting plan uses this call as a report's form, or null for any other call. */
async function planOfReportForm(tx: Tx, callId: string): Promise<{ callId: string } | null> {
  const [row] = await tx
    .select({ callId: grantReportPlans.callId })
    .from(grantReportPlans)
    .where(eq(grantReportPlans.formCallId, callId))
    .limit(1);
  return row ?? null;
}

async function isInReportingPlan(tx: Tx, callId: string) {
  const [row] = await tx
    .select({ id: grantReportPlans.id })
    .from(grantReportPlans)
    .where(or(eq(grantReportPlans.formCallId, callId), eq(grantReportPlans.callId, callId)))
    .limit(1);
  return row !== undefined;
}
