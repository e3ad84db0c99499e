import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from './config';
import type { Database } from './db/client';
import { type JobDefinition, startJobQueue } from './lib/job-queue';
import { mailSender } from './modules/email/worker';
import { createFileStorage } from './modules/files/storage';
import { sendReportReminders } from './modules/grants/report-reminders';
import { purgeExpired } from './modules/idp/adapter';
import { recordAttachment } from './modules/pdf/service';
import { retentionRun } from './modules/privacy/retention';
import { sendDueReminders } from './modules/reminders/send-due';
import { unsubscribeKeyOf } from './modules/reminders/unsubscribe-link';
import { foldTallies } from './modules/reports/tallies';
import { deliverDueWebhooks, WEBHOOK_BATCH } from './modules/webhooks/deliver';

/**
 * The background work, one entry per job (lib/job-queue.ts runs them on pg-boss; decision 0040):
 * a name, what it does, and either its cron (UTC; once per tick across every instance) or, for a
 * job the code sends, its retry policy. A job sent with retries is one more line, e.g.
 *   { name: 'webhooks.deliver', run: (data) => deliver(db, data), retry: { limit: 12, delaySeconds: 60, backoff: true } },
 * then `queue.send('webhooks.deliver', { … })`.
 */
export function backgroundJobs(
  database: Database,
  config: AppConfig,
  log: FastifyBaseLogger,
  authSecret: string,
): { jobs: JobDefinition[]; close(): void } {
  const db = database.db;
  // The receipts' PDFs are the stored copies (made now if a record has none yet); retention deletes files.
  const storage = createFileStorage(db, config.fileStorage);
  const links = { publicUrl: config.publicUrl, unsubscribeKey: unsubscribeKeyOf(authSecret) };
  const mail = config.smtpUrl
    ? mailSender(db, { smtpUrl: config.smtpUrl, from: config.mailFrom, renderRecord: recordAttachment(storage) })
    : null;
  const jobs: Array<JobDefinition | false> = [
    // The outbox (decision 0004): each mail claimed and retried by its own row; this drains what is due.
    mail !== null && { name: 'mail.send-due', schedule: '* * * * *', run: () => mail.sendDue(), timeoutSeconds: 1800 },
    // Expired provider sessions, codes and interactions are invisible already; this reclaims the space.
    !config.externalOidc && { name: 'idp.purge-expired', schedule: '7 * * * *', run: () => purgeExpired(db) },
    // The dashboard's pending changes (modules/reports/tallies.ts), folded while nobody reads it.
    { name: 'reports.fold-tallies', schedule: '* * * * *', run: () => foldTallies(db, null) },
    // Reminders before calls close and nudges (decision 0036); each mailing is also claimed in the database.
    {
      name: 'reminders.send-due',
      schedule: '*/5 * * * *',
      run: () => sendDueReminders(db, links, new Date(), log),
      timeoutSeconds: 1800,
    },
    // Reports before their day and once overdue (decision 0044); each reminder is claimed in the database.
    { name: 'grants.report-reminders', schedule: '23 * * * *', run: () => sendReportReminders(db, config.publicUrl) },
    // Webhook deliveries (decision 0042): each delivery is claimed in the database and carries its
    // own backoff (next_attempt_at), so the tick only drains what is due.
    {
      name: 'webhooks.deliver-due',
      schedule: '* * * * *',
      run: () =>
        drainWebhooks(() => deliverDueWebhooks(db, new Date(), { allowPrivate: config.webhookAllowPrivate, log })),
      timeoutSeconds: 1800,
    },
    // Per-call retention of applications (decision 0006).
    {
      name: 'privacy.retention',
      schedule: '17 * * * *',
      run: () => retentionRun(db, storage, log),
      timeoutSeconds: 3 * 3600,
    },
  ];
  return {
    jobs: jobs.filter((j): j is JobDefinition => j !== false),
    close: () => {
      mail?.close();
      void storage.close().catch(() => {});
    },
  };
}

/**
 * Starts this instance's share of the background work (main.ts); the returned stop lets the runs
 * in progress finish (up to the shutdown's grace) and stops the queue.
 */
export async function startBackgroundJobs(
  database: Database,
  config: AppConfig,
  log: FastifyBaseLogger,
  authSecret: string,
): Promise<() => Promise<void>> {
  const { jobs, close } = backgroundJobs(database, config, log, authSecret);
  const queue = await startJobQueue(database, jobs, log);
  return async () => {
    try {
      await queue.stop();
    } finally {
      close();
    }
  };
}

/**
 * A tick is a minute apart, a run sends one batch: keep taking batches while they come full, for
 * up to 50 s, so a burst of events leaves within the minute instead of one batch per tick.
 */
async function drainWebhooks(runBatch: () => Promise<number>, batch = WEBHOOK_BATCH, budgetMs = 50_000) {
  const until = Date.now() + budgetMs;
  while ((await runBatch()) >= batch && Date.now() < until) {}
}
