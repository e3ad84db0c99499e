import nodemailer from 'nodemailer';
import type { Db } from '../../db/client';
import type { RenderRecordPdf } from './attachments';
import { messageIdFor, sendDueMails } from './outbox';

/** Mails sent per run of the mail job before it hands the worker back (the next run goes on). */
const MAILS_PER_RUN = 200;

/**
 * The mail job's work (registered in background-jobs.ts, run by the job queue every minute and
 * sent again while mail is left): sends what the outbox has due through SMTP. The outbox stays
 * the source of truth: a mail is a row written in its cause's transaction (decision 0004), claimed
 * here one at a time with a lease, so any number of instances may run this at once. Returns the
 * job's function and the transport's close for shutdown.
 */
export function mailSender(
  db: Db,
  options: {
    smtpUrl: string;
    from: string;
    /** Makes the submission PDFs that receipts attach (modules/pdf, passed in by background-jobs.ts). */
    renderRecord: RenderRecordPdf;
    leaseMs?: number;
  },
) {
  // Bounded SMTP waits: a server that stops answering fails the attempt well within the mail's
  // lease (outbox.ts), and the mail is retried later instead of being held.
  const transport = nodemailer.createTransport({
    url: options.smtpUrl,
    connectionTimeout: 30_000,
    greetingTimeout: 30_000,
    socketTimeout: 60_000,
  });
  const sendOnce = () =>
    sendDueMails(
      db,
      async (mail) => {
        await transport.sendMail({
          from: options.from,
          messageId: messageIdFor(mail.id, options.from),
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          // RFC 8058: mail clients show an unsubscribe button that POSTs to the address.
          ...(mail.unsubscribeUrl
            ? {
                headers: {
                  'List-Unsubscribe': `<${mail.unsubscribeUrl}>`,
                  'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
                },
              }
            : {}),
          attachments: mail.attachments.map((a) => ({
            filename: a.filename,
            content: a.content,
            contentType: a.contentType,
          })),
        });
      },
      { leaseMs: options.leaseMs, renderRecord: options.renderRecord, batchSize: MAILS_PER_RUN },
    );
  return { sendDue: sendOnce, close: () => transport.close() };
}
