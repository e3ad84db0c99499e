import fs from 'node:fs';
import Fastify from 'fastify';
import { serveYardstick } from './yardstick-server';

/**
 * The yardstick: a bare Fastify route answering a fixed body (the page the real route answered),
 * in its own process like the real server. What the real route reaches of its throughput is the
 * share left after the work that is ours (auth, database, serialisation).
 */
const body = fs.readFileSync(process.env.BARE_BODY_FILE ?? '', 'utf8');
const app = Fastify({ logger: false });
app.get('/bare', (_request, reply) => reply.type('application/json; charset=utf-8').send(body));
await serveYardstick(app);
