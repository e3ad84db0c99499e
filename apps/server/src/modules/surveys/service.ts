import type { TCreateSurveyTypeRequest, TSurveyType, TUpdateSurveyTypeRequest } from '@impact/domain';
import { asc, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { surveyTypes } from '../../db/schema';
import { invalid, notFound } from '../../lib/app-error';
import { type AuditActor, audit } from '../audit/record';
import { unsafePatternIssuesInText } from '../step-types/validator-patterns';

type Row = typeof surveyTypes.$inferSelect;

/** A new survey type without a model starts empty: one page, no questions. */
const EMPTY_MODEL = JSON.stringify({ pages: [{ name: 'page1', elements: [] }] });

function toSurveyType(row: Row): TSurveyType {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    model: row.model,
    isQuiz: row.isQuiz,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** POST SJSurvey/CreateSurveyType: the model is stored exactly as sent (any SurveyJS JSON object). */
/** A model whose validators would freeze a browser or the server is refused (400 on `model`). */
function assertSafeModel(model: string | undefined) {
  const issues = model ? unsafePatternIssuesInText(model) : [];
  if (issues.length)
    throw invalid(issues.map((i) => ({ path: 'model', messageKey: i.messageKey ?? 'errors.field.invalid' })));
}

export async function createSurveyType(db: Db, actor: AuditActor, input: TCreateSurveyTypeRequest) {
  assertSafeModel(input.model);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(surveyTypes)
      .values({
        name: input.name,
        description: input.description,
        model: input.model ?? EMPTY_MODEL,
        isQuiz: input.isQuiz ?? false,
      })
      .returning();
    if (!row) throw new Error('insert failed');
    await audit(tx, actor, 'surveyType.create', row.id, { name: row.name });
    return toSurveyType(row);
  });
}

export async function updateSurveyType(db: Db, actor: AuditActor, input: TUpdateSurveyTypeRequest) {
  assertSafeModel(input.model);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(surveyTypes)
      .set({
        name: input.name,
        description: input.description,
        model: input.model,
        isQuiz: input.isQuiz ?? false,
        updatedAt: sql`now()`,
      })
      .where(eq(surveyTypes.id, input.id))
      .returning();
    if (!row) throw notFound('errors.surveys.typeNotFound');
    await audit(tx, actor, 'surveyType.update', row.id, { name: row.name });
    return toSurveyType(row);
  });
}

export async function getSurveyType(db: Db, id: string) {
  const [row] = await db.select().from(surveyTypes).where(eq(surveyTypes.id, id));
  if (!row) throw notFound('errors.surveys.typeNotFound');
  return toSurveyType(row);
}

/** By name, paged (the list carries no models: the step form loads the one picked). */
export async function listSurveyTypes(db: Db, page: number, pageSize: number) {
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: surveyTypes.id,
        name: surveyTypes.name,
        description: surveyTypes.description,
        isQuiz: surveyTypes.isQuiz,
        updatedAt: surveyTypes.updatedAt,
      })
      .from(surveyTypes)
      .orderBy(asc(sql`lower(${surveyTypes.name})`), asc(surveyTypes.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(surveyTypes),
  ]);
  return { items: rows.map((r) => ({ ...r, updatedAt: r.updatedAt.toISOString() })), total: total?.n ?? 0 };
}
