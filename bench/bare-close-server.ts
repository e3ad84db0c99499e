import { randomUUID } from 'node:crypto';
import { PDF_FILE_NAME } from '@impact/domain';
import Fastify from 'fastify';
import { executeText, textTransaction } from '../apps/server/src/db/client';
import { CLOSE, LOAD_FOR_CLOSE, LOCK_FOR_CLOSE } from '../apps/server/src/modules/submissions/close-statements';
import { openYardstickDatabase, serveYardstick } from './yardstick-server';

/**
 * The yardstick of Submit: a bare Fastify route running the very statements the real close runs
 * (close-statements.ts: the read, then the lock and the closing write in one transaction, with
 * the same triggers firing), on a pool of the same size, with a fixed record and receipt. No
 * sign-in, ownership check, answers' check, record or mail building, queue or serializer: what
 * the real route costs beyond it is what those cost. The submission comes in x-bench-submission,
 * its owner in x-bench-user.
 */
const database = await openYardstickDatabase();
const record = JSON.stringify({ callName: 'Bando', sectionsForPDF: [], attachments: [], miniDyi: [] });
const app = Fastify({ logger: false });
app.post('/bare-close', async (request, reply) => {
  const submissionId = String(request.headers['x-bench-submission'] ?? '');
  const userId = String(request.headers['x-bench-user'] ?? '');
  const [loaded] = await executeText<{ results: Array<[string, string, number]> }>(
    database.db,
    LOAD_FOR_CLOSE.name,
    LOAD_FOR_CLOSE.text,
    [submissionId, userId],
  );
  if (!loaded) return reply.code(404).send();
  const checked = loaded.results
    .map(([stepId, , version]) => `${stepId}:${version}`)
    .sort()
    .join(',');
  const now = new Date().toISOString();
  // Two receipts, as the real close queues (the submitter and the organization's contact).
  const mails = JSON.stringify(
    ['a@bench.example', 'b@bench.example'].map((to) => ({
      to,
      template: 'submission-receipt',
      subject: 'Ricevuta',
      text: 'Ricevuta',
      html: '<p>Ricevuta</p>',
    })),
  );
  const closed = await textTransaction(database.db, async (query, commitWith) => {
    await query(LOCK_FOR_CLOSE.name, LOCK_FOR_CLOSE.text, [submissionId, userId]);
    // Stage 1, no request for changes answered: the real close's last two arguments.
    const args = [
      submissionId,
      checked,
      '[]',
      now,
      userId,
      'a@bench.example',
      record,
      mails,
      PDF_FILE_NAME,
      'it',
      1,
      null,
      // The submission.submitted event, recorded for the endpoints subscribed (none in the bench).
      randomUUID(),
      'submission.submitted',
      '{}',
      now,
    ];
    return (await commitWith(CLOSE.name, CLOSE.text, args)).length > 0;
  });
  return reply.code(closed ? 200 : 409).send({ id: submissionId, closed });
});
await serveYardstick(app, database);
