import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { calls } from '../../db/schema';
import { notFound } from '../../lib/app-error';

/** The call a report is about; 404 for an id that names none. */
export async function reportCall(db: Db, callId: string) {
  const [call] = await db
    .select({ id: calls.id, name: calls.name, callTypeId: calls.callTypeId, translations: calls.translations })
    .from(calls)
    .where(eq(calls.id, callId));
  if (!call) throw notFound('errors.reports.callNotFound');
  return call;
}
