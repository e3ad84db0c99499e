/**
 * One instance's mail sending as its own process (the crash test kills it with SIGKILL):
 * DATABASE_URL and SMTP_URL from the environment, the mail job's run every 100 ms.
 */
import { openDatabase } from '../src/db/client';
import { mailSender } from '../src/modules/email/worker';
import { createFileStorage } from '../src/modules/files/storage';
import { recordAttachment } from '../src/modules/pdf/service';

const database = await openDatabase({ kind: 'postgres', url: process.env.DATABASE_URL ?? '', poolSize: 2 });
const sender = mailSender(database.db, {
  smtpUrl: process.env.SMTP_URL ?? '',
  from: 'Impact Calls <no-reply@impact-calls.test>',
  renderRecord: recordAttachment(createFileStorage(database.db, { primary: 'postgres', s3: null })),
  leaseMs: Number(process.env.MAIL_LEASE_MS ?? 2_000),
});
console.log('worker started');
for (;;) {
  await sender.sendDue().catch(() => undefined);
  await new Promise((resolve) => setTimeout(resolve, 100));
}
