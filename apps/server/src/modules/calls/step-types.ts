import { STEP_TYPE_NAMES, type TStepType } from '@impact/domain';
import { asc, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { stepTypes } from '../../db/schema';
import { conflict } from '../../lib/app-error';

/** Idempotent: the built-in step types exist after every start (SPEC 3). */
export async function seedStepTypes(db: Db): Promise<void> {
  await db
    .insert(stepTypes)
    .values(STEP_TYPE_NAMES.map((name) => ({ name })))
    .onConflictDoNothing();
}

export async function listStepTypes(db: Db): Promise<TStepType[]> {
  return db
    .select({ id: stepTypes.id, name: stepTypes.name })
    .from(stepTypes)
    .orderBy(asc(stepTypes.createdAt), asc(stepTypes.name));
}

export async function createStepType(db: Db, name: string): Promise<TStepType> {
  const [row] = await db
    .insert(stepTypes)
    .values({ name: name.trim() })
    .onConflictDoNothing()
    .returning({ id: stepTypes.id, name: stepTypes.name });
  if (!row) throw conflict('errors.calls.stepTypeExists');
  return row;
}

export async function stepTypeNamesById(db: Db): Promise<Map<string, string>> {
  const rows = await db.select({ id: stepTypes.id, name: stepTypes.name }).from(stepTypes).where(sql`true`);
  return new Map(rows.map((r) => [r.id, r.name]));
}
