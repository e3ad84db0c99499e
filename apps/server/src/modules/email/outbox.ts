import type { TLanguage } from '@impact/domain';
import { and, asc, desc, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { emailOutbox } from '../../db/schema';
import { withCleanHeaders } from '../../lib/mail-headers';
import { attachmentsOf, type MailAttachment } from './attachments';
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

/**
 * Hands one mail to the transport. `id` is the outbox row's: the worker derives the Message-ID
 * from it, so a mail sent again after a crash is recognisably the same message.
 */
export type MailSender = (mail: {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Files attached to the mail (email_attachments), looked up by the mail's id when it is sent. */
  attachments: MailAttachment[];
}) => Promise<void>;

const MAX_ATTEMPTS = 8;

/** The Message-ID of an outbox mail: stable across retries and instances. */
export function messageIdFor(mailId: string, from: string): string {
  const domain = /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? 'localhost';
  return `<${mailId}@${domain}>`;
}

/**
 * Sends what is due, up to `batchSize` mails, ONE MAIL PER TRANSACTION: the row is claimed with
 * SKIP LOCKED (another instance takes the next one), sent, and marked sent in the same
 * transaction. A crash mid-send rolls the claim back and the mail is retried; the only window
 * for a second delivery is between the SMTP server accepting it and our commit, and then the
 * repeated Message-ID lets mail systems recognise it. A failure is retried with back-off.
 */
export async function sendDueMails(db: Db, send: MailSender, batchSize = 10): Promise<number> {
  let handled = 0;
  while (handled < batchSize) {
    const claimed = await db.transaction(async (tx) => {
      const [mail] = await tx
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
        .limit(1)
        .for('update', { skipLocked: true });
      if (!mail) return false;
      try {
        await send(withCleanHeaders({ ...mail, attachments: await attachmentsOf(tx, mail.id) }));
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
      return true;
    });
    if (!claimed) break;
    handled += 1;
  }
  return handled;
}
