import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAs } from '../../test/sign-in';
import { createTestDatabase } from '../../test/test-database';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { runMigrations } from '../db/migrate';
import { seed } from '../seed';
import { PUBLIC_API_ROUTES } from './api-access';

/** Issue 14 item 10: /api denies by default; only the listed routes answer anonymous callers. */
describe('/api is deny by default', () => {
  let app: Awaited<ReturnType<typeof buildApp>>;
  let drop: () => Promise<void>;
  let database: Awaited<ReturnType<typeof createTestDatabase>>['database'];

  beforeAll(async () => {
    const created = await createTestDatabase();
    drop = created.drop;
    database = created.database;
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      SEED_DEMO: 'false',
      WEB_DIST_DIR: '/nonexistent',
    });
    await runMigrations(created.database);
    await seed(created.database.db, config);
    app = await buildApp(config, created.database);
    // A module someone adds tomorrow, forgetting any hook of its own.
    await app.register(
      async (api) => {
        api.get('/Brand/NewFeature', async () => ({ secret: 'for signed-in users only' }));
      },
      { prefix: '/api' },
    );
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await drop();
  });

  it('a new route that nobody protected answers 401 to an anonymous caller, 200 to a signed-in one', async () => {
    const anonymous = await app.inject({ url: '/api/Brand/NewFeature' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().messageKey).toBe('errors.unauthenticated');
    const expired = await app.inject({ url: '/api/Brand/NewFeature', headers: { authorization: 'Bearer nonsense' } });
    expect(expired.statusCode).toBe(401);
    expect(expired.json().messageKey).toBe('errors.sessionExpired');
    const user = await signInAs(database.db, { email: 'someone@example.org' });
    expect((await app.inject({ url: '/api/Brand/NewFeature', headers: user.headers })).statusCode).toBe(200);
  });

  it('every existing /api route outside the public list answers 401 without a token', async () => {
    const guarded = await collectApiRoutes(app);
    expect(guarded.length).toBeGreaterThan(20);
    const open: string[] = [];
    for (const { method, url } of guarded) {
      const res = await app.inject({ method: method as 'GET', url: url.replace(/:\w+/g, 'x') });
      if (res.statusCode !== 401) open.push(`${method} ${url} → ${res.statusCode}`);
    }
    expect(open).toEqual([]);
  });

  it('the public list is short and each entry exists', async () => {
    const all = new Set((await collectApiRoutes(app, true)).map((r) => `${r.method} ${r.url}`));
    for (const entry of PUBLIC_API_ROUTES) expect(all, entry).toContain(entry);
    expect(PUBLIC_API_ROUTES.length).toBeLessThanOrEqual(8);
  });
});

/** Every /api route the app serves (from Fastify's own table), without or with the public ones. */
async function collectApiRoutes(app: Awaited<ReturnType<typeof buildApp>>, includePublic = false) {
  const out: Array<{ method: string; url: string }> = [];
  // The OpenAPI document lists every route with its method (Swagger UI's own pages excepted).
  const spec = app.swagger() as { paths: Record<string, Record<string, unknown>> };
  for (const [path, methods] of Object.entries(spec.paths)) {
    if (!path.startsWith('/api/')) continue;
    for (const method of Object.keys(methods)) {
      const entry = { method: method.toUpperCase(), url: path.replace(/\{(\w+)\}/g, ':$1') };
      if (includePublic || !PUBLIC_API_ROUTES.includes(`${entry.method} ${entry.url}`)) out.push(entry);
    }
  }
  return out;
}
