import Fastify from 'fastify';
import { portfolio } from '../apps/server/src/modules/grants/portfolio';
import { openYardstickDatabase, serveYardstick } from './yardstick-server';

/**
 * The yardstick of the funder's portfolio: a bare Fastify route running the very statement and
 * fold the real route runs (`portfolio`: the grants with their paid tranches, impact answer and
 * reports, the totals and the by-SDG view) on a pool of the same size, and sending it as JSON. No
 * sign-in, query validation, contract serializer or compression: what the real route spends beyond
 * it is what those cost. The filters come as the real route's query (callId, sdg, year).
 */
const database = await openYardstickDatabase();
const app = Fastify({ logger: false });
app.get('/bare-sql', async (request, reply) => {
  const q = request.query as Record<string, string | undefined>;
  const data = await portfolio(
    database.db,
    { callId: q.callId, sdg: q.sdg ? Number(q.sdg) : undefined, year: q.year ? Number(q.year) : undefined },
    'it',
  );
  return reply.type('application/json; charset=utf-8').send(JSON.stringify(data));
});
await serveYardstick(app, database);
