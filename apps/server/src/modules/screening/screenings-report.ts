import { SCREENINGS_SHOWN, type TLanguage, type TScreenerMessage, type TScreenings } from '@impact/domain';
import { count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { callScreenings, calls, organizations, users } from '../../db/schema';
import { notFound } from '../../lib/app-error';
import { reasonsIn } from './screen';
import { screenerOf } from './screener-store';

/**
 * GET Call/GetScreenings: the figures over each organization's latest screening (how many
 * organizations screened, how many are eligible now, how often each reason stopped one, counted
 * in the admin's language so a message is one line), and the newest attempts with their answers
 * (SCREENINGS_SHOWN of them; `attempts` says how many there are in all).
 */
export async function getScreenings(db: Db, callId: string, language: TLanguage): Promise<TScreenings> {
  const [call] = await db.select({ id: calls.id }).from(calls).where(eq(calls.id, callId));
  if (!call) throw notFound('errors.calls.notFound');
  const screener = await screenerOf(db, callId);
  // One row per organization: its latest screening (the index on call, organization, time serves it).
  const latest = (await db.execute(sql`
    select distinct on (organization_id) id, eligible, reasons
    from call_screenings where call_id = ${callId}
    order by organization_id, created_at desc`)) as unknown as {
    rows: Array<{ id: string; eligible: boolean; reasons: TScreenerMessage[] }>;
  };
  const latestIds = new Set(latest.rows.map((r) => r.id));
  const reasonCounts = new Map<string, number>();
  for (const row of latest.rows)
    for (const reason of new Set(reasonsIn(row.reasons, language)))
      reasonCounts.set(reason, (reasonCounts.get(reason) ?? 0) + 1);
  const [total] = await db.select({ n: count() }).from(callScreenings).where(eq(callScreenings.callId, callId));
  const rows = await db
    .select({
      screening: callScreenings,
      organizationName: organizations.name,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
    })
    .from(callScreenings)
    .innerJoin(organizations, eq(organizations.id, callScreenings.organizationId))
    .leftJoin(users, eq(users.id, callScreenings.userId))
    .where(eq(callScreenings.callId, callId))
    .orderBy(desc(callScreenings.createdAt))
    .limit(SCREENINGS_SHOWN);
  return {
    screened: latest.rows.length,
    eligible: latest.rows.filter((r) => r.eligible).length,
    reasons: [...reasonCounts]
      .map(([message, n]) => ({ message, count: n }))
      .sort((a, b) => b.count - a.count || a.message.localeCompare(b.message)),
    attempts: Number(total?.n ?? 0),
    screenings: rows.map(({ screening: s, organizationName, firstName, lastName, email }) => ({
      id: s.id,
      organizationId: s.organizationId,
      organizationName,
      screenedBy: email !== null ? { firstName: firstName ?? '', lastName: lastName ?? '', email } : null,
      answers: s.answers,
      eligible: s.eligible,
      reasons: reasonsIn(s.reasons, language),
      current: screener !== null && s.screenerVersion === screener.version,
      latest: latestIds.has(s.id),
      at: s.createdAt.toISOString(),
    })),
  };
}
