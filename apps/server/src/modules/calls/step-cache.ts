import type { TStep } from '@impact/domain';
import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { steps, stepTypes } from '../../db/schema';
import { toStep } from './step-row';

/**
 * Step definitions for the autosave's hot path: every write needs its step's type and limits, and
 * they change only when an admin saves a call type. Kept a few seconds per instance; this instance
 * forgets them at once when it saves a call type, other instances within `STEP_CACHE_MS`
 * (docs/decisions/0012-autosave-in-one-statement.md). The write itself still checks in SQL that the step belongs to the call.
 */
export const STEP_CACHE_MS = 5_000;
const MAX_ENTRIES = 10_000;

export type CachedStep = { step: TStep; callTypeId: string };
const cache = new Map<string, { at: number; value: CachedStep | null }>();

export async function cachedStep(db: Db | Tx, stepId: string, now = Date.now()): Promise<CachedStep | null> {
  const hit = cache.get(stepId);
  if (hit && now - hit.at < STEP_CACHE_MS) return hit.value;
  // One read per step at a time: when the copy expires under load, the writes waiting share it.
  const running = reading.get(stepId);
  if (running) return running;
  const read = readStep(db, stepId, now, forgotten).finally(() => {
    if (reading.get(stepId) === read) reading.delete(stepId);
  });
  reading.set(stepId, read);
  return read;
}

const reading = new Map<string, Promise<CachedStep | null>>();
/** Bumped by forgetCachedSteps: a read that started before is answered but not kept. */
let forgotten = 0;

async function readStep(db: Db | Tx, stepId: string, now: number, generation: number): Promise<CachedStep | null> {
  const [row] = await db
    .select({ step: steps, typeName: stepTypes.name })
    .from(steps)
    .leftJoin(stepTypes, eq(stepTypes.id, steps.stepTypeId))
    .where(eq(steps.id, stepId));
  const value = row ? { step: toStep(row.step, row.typeName), callTypeId: row.step.callTypeId } : null;
  if (generation !== forgotten) return value;
  // Oldest first out: a Map keeps insertion order.
  if (cache.size >= MAX_ENTRIES) cache.delete(cache.keys().next().value as string);
  cache.delete(stepId);
  cache.set(stepId, { at: now, value });
  return value;
}

/** A call type's steps changed (or were removed): read them afresh. */
export function forgetCachedSteps(): void {
  cache.clear();
  // A read under way may predate the save: later callers must not join it, nor it be kept.
  reading.clear();
  forgotten++;
}
