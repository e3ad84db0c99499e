import { randomUUID } from 'node:crypto';
import {
  DEFAULT_SROI_PARAMS,
  EMPTY_MINI_DYI,
  estimateMiniDyi,
  miniDyiStepType,
  parseImpactStepContent,
  parseMiniDyiAnswer,
  sroiScoreRange,
  type TAddImpactFrameworkRequest,
  type TImpactFramework,
  type TImpactFrameworkListItem,
  type TMiniDyiAnswer,
  type TMiniDyiResponse,
  type TPutMiniDyiRequest,
  type TSdg,
} from '@impact/domain';
import { and, asc, desc, eq, like } from 'drizzle-orm';
import type { AppConfig } from '../../config';
import type { Db, Tx } from '../../db/client';
import { impactFrameworks, sdgs, stepResults, steps, stepTypes } from '../../db/schema';
import { conflict, invalid, notFound } from '../../lib/app-error';
import type { SessionUser } from '../../plugins/authentication';
import { type AuditActor, audit } from '../audit/record';
import { impactContentWithBudget } from '../step-types/budget-link';
import { isImpactStepType } from '../step-types/mini-dyi';
import { checkImpactAnswer, frameworkOfStep } from '../step-types/mini-dyi-answer';
import { isCallLocked, loadSubmissionFor } from '../submission-core/access';
import { withOpenChangeRequest } from '../submission-core/change-requests';
import { assertStepWritable, stepOfSubmission, writeStepResult } from '../submission-core/writes';
import { SAMPLE_FRAMEWORK, sampleWorkbook } from './sample-workbook';
import { SDG_CATALOGUE } from './sdg-catalogue';
import { parseWorkbook } from './workbook';

type FrameworkRow = typeof impactFrameworks.$inferSelect;

/** Idempotent: the 17 goals are (re)written on every start; the demo imports the sample framework once. */
export async function seedImpact(db: Db, config: Pick<AppConfig, 'seedDemo'>) {
  for (const sdg of SDG_CATALOGUE) {
    await db
      .insert(sdgs)
      .values(sdg)
      .onConflictDoUpdate({
        target: sdgs.sdgCode,
        set: { name: sdg.name, description: sdg.description, keywords: sdg.keywords, url: sdg.url },
      });
  }
  if (!config.seedDemo) return;
  const [existing] = await db.select({ id: impactFrameworks.id }).from(impactFrameworks).limit(1);
  if (existing) return;
  const parsed = await parseWorkbook(await sampleWorkbook());
  if (parsed.problems.length) throw new Error(`sample framework has problems: ${JSON.stringify(parsed.problems)}`);
  await addFramework(db, null, { ...SAMPLE_FRAMEWORK, stakeholders: parsed.stakeholders, outcomes: parsed.outcomes });
}

export async function listSdgs(db: Db): Promise<TSdg[]> {
  return db.select().from(sdgs).orderBy(asc(sdgs.sdgCode));
}

function toFramework(row: FrameworkRow): TImpactFramework {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    stakeholders: row.stakeholders,
    outcomes: row.outcomes,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listFrameworks(db: Db): Promise<TImpactFrameworkListItem[]> {
  const rows = await db.select().from(impactFrameworks).orderBy(desc(impactFrameworks.createdAt));
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    description: r.description,
    outcomeCount: r.outcomes.length,
    stakeholderCount: r.stakeholders.length,
    createdAt: r.createdAt.toISOString(),
  }));
}

export async function getFramework(db: Db | Tx, id: string): Promise<TImpactFramework> {
  const [row] = await db.select().from(impactFrameworks).where(eq(impactFrameworks.id, id));
  if (!row) throw notFound('errors.impact.frameworkNotFound');
  return toFramework(row);
}

/** SPEC 7 AddImpactFrameworkSet: ids are given here; the whole framework is one atomic insert. */
export async function addFramework(
  db: Db,
  actor: AuditActor | null,
  input: TAddImpactFrameworkRequest,
): Promise<TImpactFramework> {
  const stakeholders = input.stakeholders.map((s) => ({ ...s, id: randomUUID() }));
  const outcomes = input.outcomes.map((o) => ({
    ...o,
    id: randomUUID(),
    sdg: [...new Set(o.sdg)].sort((a, b) => a - b),
    indicators: o.indicators.map((i) => ({
      ...i,
      id: randomUUID(),
      proxies: i.proxies.map((p) => ({ ...p, id: randomUUID() })),
    })),
  }));
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(impactFrameworks)
      .values({
        name: input.name,
        description: input.description,
        stakeholders,
        outcomes,
        createdByUserId: actor?.id ?? null,
      })
      .returning();
    if (!row) throw new Error('framework insert failed');
    // The sample framework seeded on first start has no actor: nobody wrote it.
    if (actor) await audit(tx, actor, 'framework.create', row.id, { name: row.name });
    return toFramework(row);
  });
}

/** The miniDyi steps built on a framework (a deletion would leave them without their outcomes). */
async function stepsUsing(db: Db | Tx, frameworkId: string) {
  const rows = await db
    .select({ id: steps.id, content: steps.content })
    .from(steps)
    .innerJoin(stepTypes, eq(stepTypes.id, steps.stepTypeId))
    .where(and(eq(stepTypes.name, miniDyiStepType.name), like(steps.content, `%${frameworkId}%`)));
  return rows.filter((r) => parseImpactStepContent(r.content)?.frameworkId === frameworkId);
}

export async function deleteFramework(db: Db, actor: AuditActor, id: string) {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: impactFrameworks.id, name: impactFrameworks.name })
      .from(impactFrameworks)
      .where(eq(impactFrameworks.id, id))
      .for('update');
    if (!row) throw notFound('errors.impact.frameworkNotFound');
    if ((await stepsUsing(tx, id)).length) throw conflict('errors.impact.frameworkInUse');
    await tx.delete(impactFrameworks).where(eq(impactFrameworks.id, id));
    await audit(tx, actor, 'framework.delete', id, { name: row.name });
  });
}

async function frameworks(db: Db, frameworkId?: string) {
  if (frameworkId) return [await getFramework(db, frameworkId)];
  return (await db.select().from(impactFrameworks)).map(toFramework);
}

export async function stakeholderTypes(db: Db, frameworkId?: string) {
  return (await frameworks(db, frameworkId)).flatMap((f) =>
    f.stakeholders.map((s) => ({ id: s.id, name: s.name, description: s.description })),
  );
}

/** SPEC 7 Outcome/GetOutcomeType: the outcomes of a framework that serve any of the given SDGs. */
export async function outcomeTypes(db: Db, frameworkId: string | undefined, sdgCodes: number[]) {
  return (await frameworks(db, frameworkId)).flatMap((f) =>
    f.outcomes
      .filter((o) => sdgCodes.length === 0 || o.sdg.some((c) => sdgCodes.includes(c)))
      .map((o) => ({ id: o.id, name: o.name, description: o.description, sdg: o.sdg })),
  );
}

/** SPEC 7 Indicator/GetIndicatorType: the indicators (with their proxies) of the given outcomes. */
export async function indicatorTypes(db: Db, frameworkId: string | undefined, outcomeIds: string[]) {
  const wanted = new Set(outcomeIds);
  return (await frameworks(db, frameworkId)).flatMap((f) =>
    f.outcomes
      .filter((o) => wanted.has(o.id))
      .flatMap((o) =>
        o.indicators.map((i) => ({
          id: i.id,
          outcomeId: o.id,
          name: i.name,
          description: i.description,
          proxies: i.proxies,
        })),
      ),
  );
}

// ---- The applicant's impact step ----

async function impactStep(
  db: Db | Tx,
  call: Parameters<typeof stepOfSubmission>[1],
  stepId: string,
  submission: Parameters<typeof stepOfSubmission>[3],
) {
  const step = await stepOfSubmission(db, call, stepId, submission);
  if (!isImpactStepType(step.stepType?.name)) throw conflict('errors.impact.notAnImpactStep');
  return step;
}

async function response(
  db: Db | Tx,
  submissionId: string,
  stepId: string,
  step: Awaited<ReturnType<typeof impactStep>>,
  row: { id: string; version: number; content: string } | null,
  hideScore: boolean,
): Promise<TMiniDyiResponse> {
  const { def } = await frameworkOfStep(db, step);
  const answer: TMiniDyiAnswer = (row && parseMiniDyiAnswer(row.content)) || EMPTY_MINI_DYI;
  const estimate = estimateMiniDyi(answer, def?.sroiParams ?? DEFAULT_SROI_PARAMS);
  const range = sroiScoreRange(estimate);
  return {
    submissionId,
    stepId,
    stepResultId: row?.id ?? null,
    version: row?.version ?? 0,
    frameworkId: def?.frameworkId ?? null,
    answer,
    estimate,
    score: hideScore ? null : range.score,
    lowerScore: hideScore ? null : range.lowerScore,
    upperScore: hideScore ? null : range.upperScore,
  };
}

/** SPEC 7 GET ImpactFramework/MiniDYI: the owner's (or an admin's) view of the answer and its SROI range. */
export async function getMiniDyi(db: Db, user: SessionUser, submissionId: string, stepId: string) {
  const { call, submission } = await loadSubmissionFor(db, user, submissionId, { allowAdmin: true, need: 'read' });
  const step = await impactStep(db, call, stepId, submission);
  const [row] = await db
    .select()
    .from(stepResults)
    .where(and(eq(stepResults.callSubmissionId, submissionId), eq(stepResults.stepId, stepId)));
  return response(db, submissionId, stepId, step, row ?? null, !user.isAdmin && isCallLocked(call));
}

/**
 * SPEC 7 PUT ImpactFramework/PutMiniDYI. Same checks as UpsertCallStepResult: the owner only (404
 * otherwise), open submission before the closing date (409), the version the edit started from
 * (409 when stale), then the impact rules (400). The answer is the step result's content and the
 * central SROI ratio its score.
 */
export async function putMiniDyi(db: Db, user: SessionUser, input: TPutMiniDyiRequest, now = new Date()) {
  let submissionId = input.submissionId;
  let stepId = input.stepId;
  if (input.stepResultID) {
    const [existing] = await db.select().from(stepResults).where(eq(stepResults.id, input.stepResultID));
    if (!existing) throw notFound('errors.submissions.noStepResult');
    submissionId = existing.callSubmissionId;
    stepId = existing.stepId;
  }
  if (!submissionId || !stepId) {
    throw invalid([{ path: input.submissionId ? 'stepId' : 'submissionId', messageKey: 'errors.field.required' }]);
  }
  const answer: TMiniDyiAnswer = {
    budget: input.budget,
    budgetSpent: input.budgetSpent,
    sdg: input.sdg,
    selectedOutcomes: input.outcomes,
  };
  const written = JSON.stringify(answer);
  const sid = submissionId;
  const stid = stepId;
  return db.transaction(async (tx) => {
    const { submission, call } = await loadSubmissionFor(tx, user, sid, { forUpdate: true });
    const step = await impactStep(tx, call, stid, submission);
    assertStepWritable(await withOpenChangeRequest(tx, submission, now), call, step, now);
    // With a budget step in the call, the investment is its total cost (decision 0041).
    const { content, score } = await checkImpactAnswer(
      tx,
      step,
      await impactContentWithBudget(tx, stid, written, { submissionId: sid }),
    );
    const saved = await writeStepResult(tx, sid, stid, content, score, input.version, user);
    return response(tx, sid, stid, step, saved, isCallLocked(call, now));
  });
}
