import {
  isEmptyId,
  miniDyiStepType,
  parseImpactStepContent,
  parseStepContent,
  type TCallType,
  type TFieldError,
  type TStep,
  type TStepInput,
} from '@impact/domain';
import { and, asc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import { type Db, rows, type Tx } from '../../db/client';
import { callTypes, impactFrameworks, stepResults, steps, stepTypes } from '../../db/schema';
import { conflict, invalid, notFound } from '../../lib/app-error';
import { sanitizeRichText } from '../../lib/sanitize';
import { type AuditActor, audit } from '../audit/record';
import { serverStepType } from '../step-types';
import { assertActualsOnlyInForms } from './actuals-only-in-forms';
import { cleanStepTranslations } from './clean-translations';
import { assertPublishedStepsFinished } from './publish-check';
import { toStep } from './step-row';
import { stepTypeNamesById } from './step-types';

/** Steps of the given call types, in sort order, with their type names. */
export async function stepsOfCallTypes(db: Db, callTypeIds: string[]): Promise<Map<string, TStep[]>> {
  const out = new Map<string, TStep[]>(callTypeIds.map((id) => [id, []]));
  if (callTypeIds.length === 0) return out;
  const rows = await db
    .select({ step: steps, typeName: stepTypes.name })
    .from(steps)
    .leftJoin(stepTypes, eq(stepTypes.id, steps.stepTypeId))
    .where(inArray(steps.callTypeId, callTypeIds))
    .orderBy(asc(steps.callTypeId), asc(steps.sort));
  for (const { step, typeName } of rows) out.get(step.callTypeId)?.push(toStep(step, typeName));
  return out;
}

export async function getStepById(db: Db, stepId: string): Promise<TStep> {
  const [row] = await db
    .select({ step: steps, typeName: stepTypes.name })
    .from(steps)
    .leftJoin(stepTypes, eq(stepTypes.id, steps.stepTypeId))
    .where(eq(steps.id, stepId));
  if (!row) throw notFound('errors.calls.stepNotFound');
  return toStep(row.step, row.typeName);
}

export async function getSteps(db: Db, callTypeId: string): Promise<TStep[]> {
  await requireCallType(db, callTypeId);
  return (await stepsOfCallTypes(db, [callTypeId])).get(callTypeId) ?? [];
}

async function requireCallType(db: Db, callTypeId: string) {
  const [row] = await db.select().from(callTypes).where(eq(callTypes.id, callTypeId));
  if (!row) throw notFound('errors.calls.callTypeNotFound');
  return row;
}

export async function getCallType(db: Db, callTypeId: string): Promise<TCallType> {
  const row = await requireCallType(db, callTypeId);
  const stepsByType = await stepsOfCallTypes(db, [row.id]);
  return { id: row.id, name: row.name, description: row.description, steps: stepsByType.get(row.id) ?? [] };
}

export async function listCallTypes(db: Db): Promise<TCallType[]> {
  const rows = await db
    .select({
      id: callTypes.id,
      name: callTypes.name,
      description: callTypes.description,
      // As the reporting plan judges a form (grants/reporting-plan.ts): a call that is no report's form uses it.
      // (The column written out: drizzle renders a lone table's column unqualified, which would name c's.)
      applicationForm: sql<boolean>`exists (select 1 from calls c where c.call_type_id = call_types.id
        and not exists (select 1 from grant_report_plans p where p.form_call_id = c.id))`,
    })
    .from(callTypes)
    .orderBy(asc(callTypes.createdAt));
  const stepsByType = await stepsOfCallTypes(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({ ...r, steps: stepsByType.get(r.id) ?? [] }));
}

/** A stored step's type and content, by id: sent back unchanged, it is not judged again. */
type StoredSteps = Map<string, { stepTypeId: string; content: string }>;

/** Whether a step is sent back with the type and content it is stored with. */
const sentBackUnchanged = (step: TStepInput, stored: StoredSteps) => {
  const before = step.id ? stored.get(step.id) : undefined;
  return before?.stepTypeId === step.stepTypeId && before.content === step.content;
};

/**
 * Checks every step of a call type against the rules (a known step type, content valid for its
 * type, unique sort values) and returns the values to store: HTML sanitised, content normalised.
 * A stored step sent back with its type and content unchanged keeps them as they are: a rule
 * added since (an impact step's framework) is met when that step is edited, and does not block
 * every other edit of the call. `prefix` is the path of the step list in the request, for field errors.
 */
async function prepareSteps(db: Db, input: TStepInput[], prefix: string, stored: StoredSteps = new Map()) {
  const typeNames = await stepTypeNamesById(db);
  const errors: TFieldError[] = [];
  const seenSorts = new Set<number>();
  const prepared = input.map((step, i) => {
    const at = `${prefix}.${i}`;
    if (seenSorts.has(step.sort)) errors.push({ path: `${at}.sort`, messageKey: 'errors.calls.duplicateSort' });
    seenSorts.add(step.sort);
    const typeName = typeNames.get(step.stepTypeId);
    let content = step.content;
    const unchanged = sentBackUnchanged(step, stored);
    if (isEmptyId(step.stepTypeId) || !typeName) {
      errors.push({ path: `${at}.stepTypeId`, messageKey: 'errors.calls.stepTypeRequired' });
    } else if (!unchanged) {
      const parsed = parseStepContent(typeName, step.content);
      const issues = parsed.ok ? (serverStepType(typeName).contentIssues?.(step.content) ?? []) : parsed.issues;
      if (issues.length) {
        for (const issue of issues) {
          errors.push({
            path: issue.path ? `${at}.content.${issue.path}` : `${at}.content`,
            messageKey: issue.messageKey ?? 'errors.calls.stepContentInvalid',
            ...(issue.params ? { params: issue.params } : {}),
          });
        }
      } else if (parsed.ok) {
        content = serverStepType(typeName).prepareContent(step.content, parsed.value);
      }
    }
    return {
      id: step.id && !isEmptyId(step.id) ? step.id : undefined,
      name: step.name.trim(),
      description: sanitizeRichText(step.description),
      content,
      sort: step.sort,
      stepTypeId: step.stepTypeId,
      expectedAnswers: step.expectedAnswers ?? null,
      subSteps: step.subSteps ?? [],
      // Left out of the request: the stored ones stay (an update skips undefined values).
      translations: step.translations && cleanStepTranslations(step.translations),
      // Left out of the request: the stored stage stays (a new step gets the column's default, 1).
      stage: step.stage,
    };
  });
  errors.push(...(await missingFrameworks(db, input, prefix, typeNames, stored)));
  if (errors.length > 0) throw invalid(errors);
  return prepared;
}

/**
 * An impact step written or changed here must name a framework that exists, and the framework is
 * held (FOR KEY SHARE) until the save commits: a framework deleted meanwhile either waits for the
 * save and then finds the step using it (409), or went first and the save is refused here. A step
 * sent back unchanged is already counted by the framework's deletion, and is not read again.
 */
async function missingFrameworks(
  db: Db | Tx,
  input: TStepInput[],
  prefix: string,
  typeNames: Map<string, string>,
  stored: StoredSteps,
): Promise<TFieldError[]> {
  const named = input.flatMap((step, i) => {
    if (sentBackUnchanged(step, stored)) return [];
    if (typeNames.get(step.stepTypeId) !== miniDyiStepType.name) return [];
    const frameworkId = parseImpactStepContent(step.content)?.frameworkId;
    return frameworkId ? [{ frameworkId, path: `${prefix}.${i}.content.frameworkId` }] : [];
  });
  if (named.length === 0) return [];
  const found = await db
    .select({ id: impactFrameworks.id })
    .from(impactFrameworks)
    .where(
      inArray(
        impactFrameworks.id,
        named.map((n) => n.frameworkId),
      ),
    )
    .for('key share');
  const exists = new Set(found.map((f) => f.id));
  return named
    .filter((n) => !exists.has(n.frameworkId))
    .map((n) => ({ path: n.path, messageKey: 'errors.calls.frameworkGone' }));
}

/**
 * Replaces the steps of a call type with the given list: listed ids are updated, new ones
 * inserted, missing ones removed. Call inside a transaction: a failing step leaves nothing changed.
 */
async function replaceSteps(db: Db, callTypeId: string, input: TStepInput[], prefix: string) {
  const existing = await db
    .select({ id: steps.id, stage: steps.stage, stepTypeId: steps.stepTypeId, content: steps.content })
    .from(steps)
    .where(eq(steps.callTypeId, callTypeId));
  const prepared = await prepareSteps(db, input, prefix, new Map(existing.map((r) => [r.id, r])));
  const existingIds = new Set(existing.map((r) => r.id));
  const existingStage = new Map(existing.map((r) => [r.id, r.stage]));
  const unknown = prepared.flatMap((s, i) =>
    s.id && !existingIds.has(s.id) ? [{ path: `${prefix}.${i}.id`, messageKey: 'errors.calls.stepNotInCallType' }] : [],
  );
  if (unknown.length > 0) throw invalid(unknown);

  const keptIds = prepared.flatMap((s) => (s.id ? [s.id] : []));
  // A step with answers keeps its stage: moved to stage 2, its answers would belong to a stage the
  // organization may not have reached; moved to stage 1, to a stage already frozen (decision 0034).
  const restaged = prepared.flatMap((s) => {
    const before = s.id ? existingStage.get(s.id) : undefined;
    return s.id && s.stage !== undefined && before !== undefined && before !== s.stage ? [s.id] : [];
  });
  if (restaged.length > 0) {
    const [answered] = await db
      .select({ stepId: stepResults.stepId })
      .from(stepResults)
      .where(inArray(stepResults.stepId, restaged))
      .limit(1);
    if (answered) throw conflict('errors.stages.stepHasAnswers');
  }
  // Applicants' answers are never dropped by an edit of the call: a step that has answers stays.
  const removed = existing.map((r) => r.id).filter((id) => !keptIds.includes(id));
  if (removed.length > 0) {
    const [answered] = await db
      .select({ stepId: stepResults.stepId })
      .from(stepResults)
      .where(inArray(stepResults.stepId, removed))
      .limit(1);
    if (answered) throw conflict('errors.calls.stepHasAnswers');
  }
  await db
    .delete(steps)
    .where(
      keptIds.length > 0
        ? and(eq(steps.callTypeId, callTypeId), notInArray(steps.id, keptIds))
        : eq(steps.callTypeId, callTypeId),
    );
  // Sort values are unique per call type (index). Move the kept steps out of the way first, so
  // a swap never collides with the neighbour's old value halfway through.
  await db
    .update(steps)
    .set({ sort: sql`-1 - ${steps.sort}` })
    .where(eq(steps.callTypeId, callTypeId));
  const now = new Date();
  for (const step of prepared) {
    const { id, ...values } = step;
    if (id)
      await db
        .update(steps)
        .set({ ...values, updatedAt: now })
        .where(eq(steps.id, id));
    else await db.insert(steps).values({ ...values, callTypeId });
  }
}

export async function createCallType(
  db: Db,
  actor: AuditActor,
  input: { name: string; description: string; steps: TStepInput[] },
): Promise<TCallType> {
  const id = await db.transaction(async (tx) => {
    const created = await insertCallTypeIn(tx, input);
    await audit(tx, actor, 'callType.create', created, { name: input.name.trim(), steps: input.steps.length });
    return created;
  });
  return getCallType(db, id);
}

/**
 * Creates a call type with its steps inside the caller's transaction, unaudited: the caller
 * records the one action it is part of. `prefix` names the step list in field errors.
 */
export async function insertCallTypeIn(
  tx: Db,
  input: { name: string; description: string; steps: TStepInput[] },
  prefix = 'steps',
): Promise<string> {
  const [row] = await tx
    .insert(callTypes)
    .values({ name: input.name.trim(), description: sanitizeRichText(input.description) })
    .returning({ id: callTypes.id });
  if (!row) throw new Error('insert returned nothing');
  await replaceSteps(tx, row.id, input.steps, prefix);
  return row.id;
}

/** Saves a call type with its complete step list. `prefix` names the list in field errors. */
export async function saveCallTypeIn(
  tx: Db,
  input: { id: string; name: string; description: string; steps: TStepInput[] },
  prefix = 'steps',
): Promise<void> {
  const [row] = await tx.select({ id: callTypes.id }).from(callTypes).where(eq(callTypes.id, input.id)).for('update');
  if (!row) throw notFound('errors.calls.callTypeNotFound');
  await assertPublishedStepsFinished(tx, input.id, input.steps, prefix);
  const before = await callTypeContent(tx, input.id);
  await tx
    .update(callTypes)
    .set({ name: input.name.trim(), description: sanitizeRichText(input.description) })
    .where(eq(callTypes.id, input.id));
  await replaceSteps(tx, input.id, input.steps, prefix);
  await assertActualsOnlyInForms(tx as Tx, input.id, prefix);
  // `updated_at` is the base editors compare (basedOnCallTypeUpdatedAt): moved only by a change,
  // so that saving one call unchanged does not refuse the next save of another call on the type.
  if ((await callTypeContent(tx, input.id)) !== before) {
    await tx.update(callTypes).set({ updatedAt: new Date() }).where(eq(callTypes.id, input.id));
  }
}

/** Everything a save of a call type may change (its name, description and steps), as one text. */
async function callTypeContent(tx: Db, callTypeId: string): Promise<string> {
  const [row] = await rows<{ content: string }>(
    tx,
    sql`
    select json_build_object(
      'name', t.name,
      'description', t.description,
      'steps', (select coalesce(json_agg(to_jsonb(s) - 'updated_at' - 'created_at' order by s.sort), '[]')
                from steps s where s.call_type_id = t.id)
    )::text as content
    from call_types t where t.id = ${callTypeId}::uuid`,
  );
  return row?.content ?? '';
}

export async function upsertCallType(
  db: Db,
  actor: AuditActor,
  input: { id: string; name: string; description: string; steps: TStepInput[] },
): Promise<TCallType> {
  // Upsert: the empty id creates a new call type.
  if (isEmptyId(input.id)) return createCallType(db, actor, input);
  await db.transaction(async (tx) => {
    await saveCallTypeIn(tx, input);
    await audit(tx, actor, 'callType.update', input.id, { name: input.name.trim(), steps: input.steps.length });
  });
  return getCallType(db, input.id);
}
