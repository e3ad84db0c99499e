import { STEP_TYPE_NAMES, type TStepType } from '@impact/domain';
import { asc, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { stepTypes } from '../../db/schema';
import { conflict } from '../../lib/app-error';
import { type AuditActor, audit } from '../audit/record';

/** Idempotent: the built-in step types exist after every start (SPEC 3). */
export async function seedStepTypes(db: Db): Promise<void> {
  await db
    .insert(stepTypes)
    .values(STEP_TYPE_NAMES.map((name) => ({ name })))
    .onConflictDoNothing();
}

/** Built-in types first, in the spec's order, then the ones admins added, oldest first. */
export async function listStepTypes(db: Db): Promise<TStepType[]> {
  const rows = await db
    .select({ id: stepTypes.id, name: stepTypes.name })
    .from(stepTypes)
    .orderBy(asc(stepTypes.createdAt), asc(stepTypes.name));
  const rank = (name: string) => {
    const i = (STEP_TYPE_NAMES as readonly string[]).indexOf(name);
    return i === -1 ? STEP_TYPE_NAMES.length : i;
  };
  return rows
    .map((r, i) => ({ r, i }))
    .sort((a, b) => rank(a.r.name) - rank(b.r.name) || a.i - b.i)
    .map(({ r }) => r);
}

export async function createStepType(db: Db, actor: AuditActor, name: string): Promise<TStepType> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(stepTypes)
      .values({ name: name.trim() })
      .onConflictDoNothing()
      .returning({ id: stepTypes.id, name: stepTypes.name });
    if (!row) throw conflict('errors.calls.stepTypeExists');
    await audit(tx, actor, 'stepType.create', row.id, { name: row.name });
    return row;
  });
}

export async function stepTypeNamesById(db: Db): Promise<Map<string, string>> {
  const rows = await db.select({ id: stepTypes.id, name: stepTypes.name }).from(stepTypes).where(sql`true`);
  return new Map(rows.map((r) => [r.id, r.name]));
}
