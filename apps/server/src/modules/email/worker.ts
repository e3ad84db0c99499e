import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Db } from '../../db/client';
import { messageIdFor, sendDueMails } from './outbox';

const POLL_MS = 5_000;

/** Polls the outbox and sends through SMTP. Started by main.ts only when SMTP_URL is set. */
export function startMailWorker(
  db: Db,
  options: { smtpUrl: string; from: string; log: FastifyBaseLogger; pollMs?: number; leaseMs?: number },
) {
  // Bounded SMTP waits: a server that stops answering fails the attempt well within the mail's
  // lease (outbox.ts), and the mail is retried later instead of being held.
  const transport = nodemailer.createTransport({
    url: options.smtpUrl,
    connectionTimeout: 30_000,
    greetingTimeout: 30_000,
    socketTimeout: 60_000,
  });
  let running = false;
  const timer = setInterval(async () => {
    if (running) return;
    running = true;
    try {
      await sendDueMails(
        db,
        async (mail) => {
          await transport.sendMail({
            from: options.from,
            messageId: messageIdFor(mail.id, options.from),
            to: mail.to,
            subject: mail.subject,
            text: mail.text,
            html: mail.html,
            attachments: mail.attachments.map((a) => ({
              filename: a.filename,
              content: a.content,
              contentType: a.contentType,
            })),
          });
        },
        undefined,
        options.leaseMs,
      );
    } catch (err) {
      options.log.error({ err }, 'mail worker batch failed');
    } finally {
      running = false;
    }
  }, options.pollMs ?? POLL_MS);
  timer.unref();
  return () => {
    clearInterval(timer);
    transport.close();
  };
}
