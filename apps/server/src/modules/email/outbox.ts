import type { TLanguage } from '@impact/domain';
import { desc, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { emailOutbox } from '../../db/schema';
import { withCleanHeaders } from '../../lib/mail-headers';
import { attachmentsOf, type MailAttachment, type RenderRecordPdf } from './attachments';
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
  /** A mailing's one-click unsubscribe address (RFC 8058); null for other mails. */
  unsubscribeUrl: string | null;
  /** Files attached to the mail (email_attachments), looked up by the mail's id when it is sent. */
  attachments: MailAttachment[];
}) => Promise<void>;

const MAX_ATTEMPTS = 8;
/**
 * How long a claimed mail stays with the instance that claimed it. Longer than making its
 * attachments (the PDF pool's time limit) plus an SMTP conversation (the worker's timeouts), so
 * a live sender never loses its claim; a sender that died gives the mail back after it.
 */
export const MAIL_LEASE_MS = 10 * 60_000;

/** The Message-ID of an outbox mail: stable across retries and instances. */
export function messageIdFor(mailId: string, from: string): string {
  const domain = /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? 'localhost';
  return `<${mailId}@${domain}>`;
}

type OutboxRow = typeof emailOutbox.$inferSelect;

/**
 * Claims the oldest due mail for this sender in one statement: SKIP LOCKED lets another
 * instance take the next one, and the lease (next_attempt_at moved ahead) keeps it from others
 * while it is sent. No transaction stays open while the mail is made and sent: a PDF to render
 * or a slow SMTP server would hold a connection idle in a transaction, which PostgreSQL ends.
 */
async function claimNextMail(db: Db, leaseMs: number): Promise<OutboxRow | null> {
  const claimed = await db
    .update(emailOutbox)
    .set({
      attempts: sql`${emailOutbox.attempts} + 1`,
      nextAttemptAt: sql`now() + make_interval(secs => ${leaseMs / 1000})`,
    })
    .where(
      sql`${emailOutbox.id} = (
        select ${emailOutbox.id} from ${emailOutbox}
        where ${emailOutbox.sentAt} is null and ${emailOutbox.nextAttemptAt} <= now() and ${emailOutbox.attempts} <= ${MAX_ATTEMPTS}
        order by ${emailOutbox.createdAt} limit 1 for update skip locked)`,
    )
    .returning();
  return claimed[0] ?? null;
}

/**
 * Sends what is due, up to `batchSize` mails, one at a time: each is claimed (above), its
 * attachments made and the mail handed to the transport outside any transaction, then marked
 * sent. A sender that dies mid-send leaves the claim to expire and the mail is sent again; the
 * only window for a second delivery is between the SMTP server accepting it and our update, and
 * then the repeated Message-ID lets mail systems recognise it. A failure is retried with back-off.
 */
export async function sendDueMails(
  db: Db,
  send: MailSender,
  {
    batchSize = 10,
    leaseMs = MAIL_LEASE_MS,
    renderRecord,
  }: {
    batchSize?: number;
    leaseMs?: number;
    /** Makes a submission's PDF attached by reference; a mail that has one fails (and is retried) without it. */
    renderRecord?: RenderRecordPdf;
  } = {},
): Promise<number> {
  let handled = 0;
  while (handled < batchSize) {
    const mail = await claimNextMail(db, leaseMs);
    if (!mail) break;
    handled += 1;
    try {
      await send(withCleanHeaders({ ...mail, attachments: await attachmentsOf(db, mail.id, renderRecord) }));
      await db.update(emailOutbox).set({ sentAt: sql`now()` }).where(sql`${emailOutbox.id} = ${mail.id}`);
    } catch (err) {
      const delaySeconds = Math.min(3600, 30 * 2 ** (mail.attempts - 1));
      await db
        .update(emailOutbox)
        .set({
          lastError: String((err as Error).message ?? err).slice(0, 500),
          nextAttemptAt: sql`now() + make_interval(secs => ${delaySeconds})`,
        })
        .where(sql`${emailOutbox.id} = ${mail.id}`);
    }
  }
  return handled;
}
