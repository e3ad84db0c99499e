import { DEFAULT_REMINDER_HOURS, type TCallReminders, type TSaveRemindersRequest } from '@impact/domain';
import { and, count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  callReminders,
  callSubmissions,
  calls,
  organizations,
  reminderSends,
  reminderUnsubscribes,
} from '../../db/schema';
import { notFound } from '../../lib/app-error';
import { type AuditActor, audit } from '../audit/record';

/** The latest mailings shown to the admin. */
const SENT_SHOWN = 200;

async function requireCall(db: Db, callId: string) {
  const [call] = await db.select({ id: calls.id }).from(calls).where(eq(calls.id, callId));
  if (!call) throw notFound('errors.calls.notFound');
}

/** A call's reminder settings (the defaults while none were saved) and what was sent, newest first. */
export async function readReminders(db: Db, callId: string): Promise<TCallReminders> {
  await requireCall(db, callId);
  const [saved] = await db.select().from(callReminders).where(eq(callReminders.callId, callId));
  const sent = await db
    .select({
      kind: reminderSends.kind,
      hours: reminderSends.hours,
      submissionId: reminderSends.callSubmissionId,
      organizationName: organizations.name,
      recipients: reminderSends.recipients,
      sentAt: reminderSends.sentAt,
    })
    .from(reminderSends)
    .innerJoin(callSubmissions, eq(callSubmissions.id, reminderSends.callSubmissionId))
    .innerJoin(organizations, eq(organizations.id, callSubmissions.organizationId))
    .where(eq(reminderSends.callId, callId))
    .orderBy(desc(reminderSends.sentAt))
    .limit(SENT_SHOWN);
  const [stopped] = await db
    .select({ n: count() })
    .from(reminderUnsubscribes)
    .where(and(eq(reminderUnsubscribes.callId, callId)));
  const hours = saved ? saved.hoursBeforeClosing : [...DEFAULT_REMINDER_HOURS];
  return {
    callId,
    reminders: [...hours].sort((a, b) => b - a).map((h) => ({ hoursBeforeClosing: h })),
    nudgeAfterDays: saved?.nudgeAfterDays ?? null,
    isDefault: !saved,
    sent: sent.map((s) => ({
      kind: s.kind,
      hoursBeforeClosing: s.kind === 'reminder' ? s.hours : null,
      submissionId: s.submissionId,
      organizationName: s.organizationName,
      recipients: s.recipients,
      sentAt: s.sentAt.toISOString(),
    })),
    unsubscribed: stopped?.n ?? 0,
  };
}

/**
 * PUT Call/SaveReminders. Saving changes only what is still to come: a mailing already made stays
 * made (a reminder moved later is not sent again to those who had one at that moment or later).
 */
export async function saveReminders(db: Db, actor: AuditActor, input: TSaveRemindersRequest) {
  await requireCall(db, input.callId);
  const values = {
    hoursBeforeClosing: input.reminders.map((r) => r.hoursBeforeClosing),
    nudgeAfterDays: input.nudgeAfterDays,
    updatedAt: new Date(),
  };
  await db.transaction(async (tx) => {
    await tx
      .insert(callReminders)
      .values({ callId: input.callId, ...values })
      .onConflictDoUpdate({ target: callReminders.callId, set: values });
    await audit(tx, actor, 'call.reminders', input.callId, {
      reminders: values.hoursBeforeClosing,
      nudgeAfterDays: values.nudgeAfterDays,
    });
  });
  return readReminders(db, input.callId);
}

/** One address stops this call's reminders; idempotent. */
export async function unsubscribe(db: Db, callId: string, email: string) {
  await db.insert(reminderUnsubscribes).values({ callId, email: email.trim().toLowerCase() }).onConflictDoNothing();
}
