/**
 * One instance's mail worker as its own process (the crash test kills it with SIGKILL):
 * DATABASE_URL and SMTP_URL from the environment, polling every 100 ms.
 */
import Fastify from 'fastify';
import { openDatabase } from '../src/db/client';
import { startMailWorker } from '../src/modules/email/worker';
import { createFileStorage } from '../src/modules/files/storage';
import { recordAttachment } from '../src/modules/pdf/service';

const database = await openDatabase({ kind: 'postgres', url: process.env.DATABASE_URL ?? '', poolSize: 2 });
startMailWorker(database.db, {
  smtpUrl: process.env.SMTP_URL ?? '',
  from: 'Impact Calls <no-reply@impact-calls.test>',
  log: Fastify({ logger: false }).log,
  renderRecord: recordAttachment(createFileStorage(database.db, { primary: 'postgres', s3: null })),
  pollMs: 100,
  leaseMs: Number(process.env.MAIL_LEASE_MS ?? 2_000),
});
console.log('worker started');
setInterval(() => {}, 1 << 30);
