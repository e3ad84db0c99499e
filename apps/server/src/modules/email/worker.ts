import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Db } from '../../db/client';
import { startBackgroundLoop } from '../../lib/background-loop';
import type { RenderRecordPdf } from './attachments';
import { messageIdFor, sendDueMails } from './outbox';

const POLL_MS = 5_000;

/**
 * Polls the outbox and sends through SMTP (a background loop: an outage of the database or of the
 * SMTP server is retried with a growing pause). Started by main.ts only when SMTP_URL is set.
 */
export function startMailWorker(
  db: Db,
  options: {
    smtpUrl: string;
    from: string;
    log: FastifyBaseLogger;
    /** Makes the submission PDFs that receipts attach (modules/pdf, passed in by background-jobs.ts). */
    renderRecord: RenderRecordPdf;
    pollMs?: number;
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
  const stop = startBackgroundLoop(
    'sending mail',
    () =>
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
        { leaseMs: options.leaseMs, renderRecord: options.renderRecord },
      ),
    options.log,
    { everyMs: options.pollMs ?? POLL_MS },
  );
  return () => {
    stop();
    transport.close();
  };
}
