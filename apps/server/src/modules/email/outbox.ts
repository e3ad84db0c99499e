import type { TLanguage } from '@impact/domain';
import { and, asc, desc, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { emailOutbox } from '../../db/schema';
import { type MailParams, type MailTemplate, renderMail } from './templates';

/** Records a mail; the worker sends it (or, without SMTP, /dev/outbox shows it). */
export async function enqueueMail(
  db: Db,
  mail: { to: string; template: MailTemplate; language: TLanguage; params: MailParams },
) {
  const rendered = renderMail(mail.template, mail.language, mail.params);
  await db.insert(emailOutbox).values({ to: mail.to, template: mail.template, ...rendered });
}

export async function listRecentMails(db: Db, limit = 50) {
  return db.select().from(emailOutbox).orderBy(desc(emailOutbox.createdAt)).limit(limit);
}

export type MailSender = (mail: { to: string; subject: string; text: string; html: string }) => Promise<void>;

const MAX_ATTEMPTS = 8;

/**
 * Sends what is due, one batch. Rows are locked with SKIP LOCKED so several instances share the
 * work without sending a mail twice; a failure is retried with exponential back-off.
 */
export async function sendDueMails(db: Db, send: MailSender, batchSize = 10): Promise<number> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select()
      .from(emailOutbox)
      .where(
        and(
          isNull(emailOutbox.sentAt),
          lte(emailOutbox.nextAttemptAt, sql`now()`),
          lte(emailOutbox.attempts, MAX_ATTEMPTS),
        ),
      )
      .orderBy(asc(emailOutbox.createdAt))
      .limit(batchSize)
      .for('update', { skipLocked: true });
    for (const mail of due) {
      try {
        await send(mail);
        await tx
          .update(emailOutbox)
          .set({ sentAt: sql`now()`, attempts: mail.attempts + 1 })
          .where(sql`${emailOutbox.id} = ${mail.id}`);
      } catch (err) {
        const delaySeconds = Math.min(3600, 30 * 2 ** mail.attempts);
        await tx
          .update(emailOutbox)
          .set({
            attempts: mail.attempts + 1,
            lastError: String((err as Error).message ?? err).slice(0, 500),
            nextAttemptAt: sql`now() + make_interval(secs => ${delaySeconds})`,
          })
          .where(sql`${emailOutbox.id} = ${mail.id}`);
      }
    }
    return due.length;
  });
}
