import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from './config';
import type { Db } from './db/client';
import { startBackgroundLoop } from './lib/background-loop';
import { startMailWorker } from './modules/email/worker';
import { createFileStorage } from './modules/files/storage';
import { purgeExpired } from './modules/idp/adapter';
import { recordAttachment } from './modules/pdf/service';
import { startRetentionJob } from './modules/privacy/retention';
import { sendDueReminders } from './modules/reminders/send-due';
import { unsubscribeKeyOf } from './modules/reminders/unsubscribe-link';
import { foldTallies } from './modules/reports/tallies';
import { deliverDueWebhooks } from './modules/webhooks/deliver';

const HOUR_MS = 60 * 60 * 1000;
const MINUTE_MS = 60 * 1000;
/** How often reminders are looked for: a reminder leaves at most this long after its moment. */
const REMINDER_RUN_MS = 5 * MINUTE_MS;
/** How often due webhook deliveries are looked for: a new event leaves within this. */
const WEBHOOK_RUN_MS = 15 * 1000;

/**
 * Work that runs beside the HTTP server, each job a background loop (lib/background-loop.ts: one
 * run at a time, failures logged and retried with a growing pause, never fatal); returns a stop
 * function for graceful shutdown.
 */
export function startBackgroundJobs(db: Db, config: AppConfig, log: FastifyBaseLogger, authSecret: string): () => void {
  const stops: Array<() => void> = [];
  // The receipts' PDFs are the stored copies (made now if a record has none yet).
  if (config.smtpUrl) {
    const storage = createFileStorage(db, config.fileStorage);
    const renderRecord = recordAttachment(storage);
    stops.push(startMailWorker(db, { smtpUrl: config.smtpUrl, from: config.mailFrom, log, renderRecord }));
    stops.push(() => void storage.close().catch(() => {}));
  }
  if (!config.externalOidc) {
    // Expired provider sessions, codes and interactions are invisible already; this reclaims the space.
    stops.push(
      startBackgroundLoop('purging expired provider rows', () => purgeExpired(db), log, {
        everyMs: HOUR_MS,
        firstAfterMs: 0,
        retryAfterMs: MINUTE_MS,
      }),
    );
  }
  // The dashboard's pending changes (modules/reports/tallies.ts), folded while nobody reads it.
  stops.push(startBackgroundLoop('folding report tallies', () => foldTallies(db, null), log, { everyMs: MINUTE_MS }));
  // Reminders before calls close and nudges (modules/reminders/send-due.ts): every instance runs
  // it; each mailing is claimed in the database, so it goes out once.
  const links = { publicUrl: config.publicUrl, unsubscribeKey: unsubscribeKeyOf(authSecret) };
  stops.push(
    startBackgroundLoop('sending reminders', () => sendDueReminders(db, links, new Date(), log), log, {
      everyMs: REMINDER_RUN_MS,
      firstAfterMs: MINUTE_MS,
    }),
  );
  // Webhook deliveries (modules/webhooks/deliver.ts): every instance runs it; each delivery is
  // claimed in the database, so two instances never send it at once.
  stops.push(
    startBackgroundLoop(
      'delivering webhooks',
      () => deliverDueWebhooks(db, new Date(), { allowPrivate: config.webhookAllowPrivate, log }),
      log,
      { everyMs: WEBHOOK_RUN_MS, firstAfterMs: WEBHOOK_RUN_MS },
    ),
  );
  // Per-call retention of applications (modules/privacy/retention.ts).
  stops.push(startRetentionJob(db, config, log));
  return () => {
    for (const stop of stops) stop();
  };
}
