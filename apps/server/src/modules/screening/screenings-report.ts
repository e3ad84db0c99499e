import type { TLanguage, TScreenings } from '@impact/domain';
import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { callScreenings, calls, organizations, users } from '../../db/schema';
import { notFound } from '../../lib/app-error';
import { reasonsIn } from './screen';
import { screenerOf } from './screener-store';

/**
 * GET Call/GetScreenings: every attempt with its answers (newest first), and the figures over each
 * organization's latest one: how many organizations screened, how many are eligible now, and how
 * often each reason stopped one (counted in the admin's language, so a message is one line).
 */
export async function getScreenings(db: Db, callId: string, language: TLanguage): Promise<TScreenings> {
  const [call] = await db.select({ id: calls.id }).from(calls).where(eq(calls.id, callId));
  if (!call) throw notFound('errors.calls.notFound');
  const screener = await screenerOf(db, callId);
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
    .orderBy(desc(callScreenings.createdAt));
  const seen = new Set<string>();
  const reasonCounts = new Map<string, number>();
  let eligible = 0;
  const screenings = rows.map(({ screening: s, organizationName, firstName, lastName, email }) => {
    const latest = !seen.has(s.organizationId);
    const reasons = reasonsIn(s.reasons, language);
    if (latest) {
      seen.add(s.organizationId);
      if (s.eligible) eligible += 1;
      for (const reason of new Set(reasons)) reasonCounts.set(reason, (reasonCounts.get(reason) ?? 0) + 1);
    }
    return {
      id: s.id,
      organizationId: s.organizationId,
      organizationName,
      screenedBy: email !== null ? { firstName: firstName ?? '', lastName: lastName ?? '', email } : null,
      answers: s.answers,
      eligible: s.eligible,
      reasons,
      current: screener !== null && s.screenerVersion === screener.version,
      latest,
      at: s.createdAt.toISOString(),
    };
  });
  return {
    screened: seen.size,
    eligible,
    reasons: [...reasonCounts]
      .map(([message, count]) => ({ message, count }))
      .sort((a, b) => b.count - a.count || a.message.localeCompare(b.message)),
    screenings,
  };
}
