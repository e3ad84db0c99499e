import Fastify from 'fastify';
import { callListPage } from '../apps/server/src/modules/submissions/user-call-list';
import { openYardstickDatabase, serveYardstick } from './yardstick-server';

/**
 * The yardstick of the applicant call list: a bare Fastify route running the very statement the
 * real route runs for a page (callListPage: the e-mail filter, the organization's submissions and
 * decisions, ordered and paged in SQL) on a pool of the same size, and sending the page as JSON.
 * No sign-in, ownership check, contract serializer, compression or ETag: what the real route
 * reaches beyond it is what those buy. The applicant's address comes in x-bench-email.
 */
const database = await openYardstickDatabase();
const app = Fastify({ logger: false });
app.get('/bare-sql', async (request, reply) => {
  const email = String(request.headers['x-bench-email'] ?? '');
  const organizationId = String(request.headers['x-organization-id'] ?? '') || null;
  const page = await callListPage(
    database.db,
    { id: '', email, roles: [], isAdmin: false, sessionId: '' },
    organizationId,
    'it',
    { page: 1, pageSize: 20 },
  );
  return reply
    .type('application/json; charset=utf-8')
    .header('x-total-count', page.total)
    .send(JSON.stringify(page.items));
});
await serveYardstick(app, database);
