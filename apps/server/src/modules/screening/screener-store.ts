import {
  parseJsonObject,
  SCREENER_ORG_FIELDS,
  SCREENER_ORG_VARIABLE,
  surveyModelBoundIssue,
  type TFieldError,
  type TScreener,
  type TScreenerAdmin,
} from '@impact/domain';
import { eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { callScreeners, callScreenings, calls } from '../../db/schema';
import { invalid, notFound } from '../../lib/app-error';
import type { SessionUser } from '../../plugins/authentication';
import { audit } from '../audit/record';
import { conditionIssuesOffThread } from '../step-types/survey-check-pool';
import { unsafePatternIssues } from '../step-types/validator-patterns';

export type ScreenerRow = typeof callScreeners.$inferSelect;

/** The variables a rule may name besides the screener's answers: `org.country`, `org.yearsSinceFoundation`, … */
export const ORG_VARIABLES = SCREENER_ORG_FIELDS.map((f) => `${SCREENER_ORG_VARIABLE}.${f.name}`);

export async function screenerOf(db: Db | Tx, callId: string): Promise<ScreenerRow | null> {
  const [row] = await db.select().from(callScreeners).where(eq(callScreeners.callId, callId));
  return row ?? null;
}

/** The stored screener as the API writes it. */
export function toScreener(row: ScreenerRow): TScreener {
  return { model: parseJsonObject(row.model) ?? {}, rules: row.rules, contact: row.contact };
}

/**
 * Why a screener cannot be saved, as field errors under `screener.`: the model past its bounds or
 * holding an unsafe pattern (the same rules as a survey step's), and what SurveyJS itself says of
 * the model and of each rule's expression (on the survey-check thread).
 */
export async function screenerProblems(screener: TScreener, modelText: string): Promise<TFieldError[]> {
  const bound = surveyModelBoundIssue(modelText, screener.model);
  if (bound) return [{ path: 'screener.model', ...bound }];
  const unsafe = unsafePatternIssues(screener.model);
  if (unsafe.length)
    return unsafe.map((i) => ({ path: 'screener.model', messageKey: i.messageKey ?? 'errors.limits.unsafePattern' }));
  const issues = await conditionIssuesOffThread({
    model: screener.model,
    expressions: screener.rules.map((r) => r.expression),
    reserved: SCREENER_ORG_VARIABLE,
    variables: ORG_VARIABLES,
  });
  return issues.map((i) => ({ ...i, path: `screener.${i.path}` }));
}

/**
 * PUT Call/SaveScreener: the call's screener replaced (its version grows, so screenings made
 * against the one before no longer decide) or, with null, removed. Applications already started
 * are never touched: the screener is asked only when one is started.
 */
export async function saveScreener(db: Db, actor: SessionUser, callId: string, screener: TScreener | null) {
  const modelText = screener ? JSON.stringify(screener.model) : '';
  if (screener) {
    const problems = await screenerProblems(screener, modelText);
    if (problems.length) throw invalid(problems, 'errors.screening.invalid');
  }
  return db.transaction(async (tx): Promise<TScreenerAdmin> => {
    const [call] = await tx.select({ id: calls.id, name: calls.name }).from(calls).where(eq(calls.id, callId));
    if (!call) throw notFound('errors.calls.notFound');
    if (!screener) {
      const [removed] = await tx.delete(callScreeners).where(eq(callScreeners.callId, callId)).returning();
      await audit(tx, actor, 'call.screener', callId, { name: call.name, removed: true });
      return { screener: null, version: removed?.version ?? 0 };
    }
    const values = { model: modelText, rules: screener.rules, contact: screener.contact, updatedAt: new Date() };
    // A screener saved after one was removed starts past every version screened before, so no
    // old screening counts against it.
    const firstVersion = sql<number>`(select coalesce(max(${callScreenings.screenerVersion}), 0) + 1 from ${callScreenings} where ${callScreenings.callId} = ${callId})`;
    const [saved] = await tx
      .insert(callScreeners)
      .values({ callId, ...values, version: firstVersion })
      .onConflictDoUpdate({
        target: callScreeners.callId,
        set: { ...values, version: sql`${callScreeners.version} + 1` },
      })
      .returning();
    if (!saved) throw new Error('screener upsert returned nothing');
    await audit(tx, actor, 'call.screener', callId, { name: call.name, rules: screener.rules.length });
    return { screener: toScreener(saved), version: saved.version };
  });
}

/** GET Call/GetScreenerAdmin. */
export async function getScreenerAdmin(db: Db, callId: string): Promise<TScreenerAdmin> {
  const [call] = await db.select({ id: calls.id }).from(calls).where(eq(calls.id, callId));
  if (!call) throw notFound('errors.calls.notFound');
  const row = await screenerOf(db, callId);
  return { screener: row ? toScreener(row) : null, version: row?.version ?? 0 };
}
