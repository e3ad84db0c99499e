import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from './config';
import type { Db } from './db/client';
import { startMailWorker } from './modules/email/worker';
import { purgeExpired } from './modules/idp/adapter';
import { startRetentionJob } from './modules/privacy/retention';
import { foldTallies } from './modules/reports/tallies';

const HOUR_MS = 60 * 60 * 1000;
const MINUTE_MS = 60 * 1000;

/** Work that runs beside the HTTP server; returns a stop function for graceful shutdown. */
export function startBackgroundJobs(db: Db, config: AppConfig, log: FastifyBaseLogger): () => void {
  const stops: Array<() => void> = [];
  if (config.smtpUrl) stops.push(startMailWorker(db, { smtpUrl: config.smtpUrl, from: config.mailFrom, log }));
  if (!config.externalOidc) {
    // Expired provider sessions, codes and interactions are invisible already; this reclaims the space.
    const purge = () => purgeExpired(db).catch((err) => log.warn({ err }, 'purging expired provider rows failed'));
    void purge();
    const timer = setInterval(purge, HOUR_MS);
    timer.unref();
    stops.push(() => clearInterval(timer));
  }
  // The dashboard's pending changes (modules/reports/tallies.ts), folded while nobody reads it.
  let folding = false;
  const fold = async () => {
    if (folding) return;
    folding = true;
    try {
      await foldTallies(db, null);
    } catch (err) {
      log.warn({ err }, 'folding report tallies failed');
    } finally {
      folding = false;
    }
  };
  const foldTimer = setInterval(fold, MINUTE_MS);
  foldTimer.unref();
  stops.push(() => clearInterval(foldTimer));
  // Per-call retention of applications (modules/privacy/retention.ts).
  stops.push(startRetentionJob(db, config, log));
  return () => {
    for (const stop of stops) stop();
  };
}
