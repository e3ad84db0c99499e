import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { signInAs } from '../../test/sign-in';
import { routeAccess } from './route-access';

/**
 * Access is declared on every route and enforced by one hook: a route that states none stops the
 * app from starting, and a route's declaration holds whichever module it is registered in.
 */
describe('access declared on every route', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('a route that states no access stops the app at start', async () => {
    const app = Fastify();
    await app.register(routeAccess, { table: new Map() });
    expect(() => app.get('/api/Brand/NewFeature', async () => ({ secret: 'anyone?' }))).toThrow(
      /GET \/api\/Brand\/NewFeature states no access/,
    );
    // Declared, it is taken, and the declaration is what the hook will enforce.
    app.get('/api/Brand/Declared', { config: { access: 'admin' } }, async () => ({}));
    await app.ready();
    await app.close();
  });

  it('every route of the real server is in the table with its declaration', async () => {
    const doc = (await t.app.inject('/api/docs/json')).json() as {
      paths: Record<string, Record<string, { 'x-access'?: string }>>;
    };
    const operations = Object.values(doc.paths).flatMap((ops) => Object.values(ops));
    expect(operations.every((op) => typeof op['x-access'] === 'string')).toBe(true);
    // The public API is a short, deliberate list: branding, logo, the sign-in exchange and renewal.
    const publicApi = Object.entries(doc.paths)
      .filter(([path]) => path.startsWith('/api/'))
      .flatMap(([path, ops]) =>
        Object.entries(ops)
          .filter(([, op]) => op['x-access'] === 'public')
          .map(([m]) => `${m} ${path}`),
      );
    expect(publicApi.sort()).toEqual([
      'get /api/Auth/Login',
      // A reminder's signed unsubscribe link: the confirmation page and the one-click POST.
      'get /api/Call/UnsubscribeReminders',
      'get /api/Config/GetConfig',
      'get /api/Config/GetLogo',
      // Public calls: what anyone may read without signing in (decision 0038).
      'get /api/Public/OpenCalls',
      'post /api/Call/UnsubscribeReminders',
      'post /api/Jwt/logout',
      'post /api/Jwt/refresh',
      'post /api/Jwt/token-exchange',
    ]);
  });

  it('the declarations change only on purpose (the snapshot shows every change in review)', async () => {
    const doc = (await t.app.inject('/api/docs/json')).json() as {
      paths: Record<string, Record<string, { 'x-access'?: string; 'x-owns'?: string }>>;
    };
    const lines = Object.entries(doc.paths)
      .flatMap(([path, ops]) =>
        Object.entries(ops).map(
          ([method, op]) =>
            `${method.toUpperCase()} ${path}: ${op['x-access']}${op['x-owns'] ? ` owns ${op['x-owns']}` : ''}`,
        ),
      )
      .sort();
    expect(lines).toMatchSnapshot();
  });

  it('an admin route registered among applicant routes is still admin only', async () => {
    const app = t.app;
    const applicant = await signInAs(t.database.db, { email: 'anna@example.org' });
    const admin = await signInAs(t.database.db, { email: 'boss@example.org', roles: ['admin'] });
    // Call/GetSubmissions (admin) lives in the same module as the applicant's submission routes.
    expect((await app.inject({ url: '/api/Call/GetSubmissions', headers: applicant.headers })).statusCode).toBe(403);
    expect((await app.inject({ url: '/api/Call/GetSubmissions' })).statusCode).toBe(401);
    expect((await app.inject({ url: '/api/Call/GetSubmissions', headers: admin.headers })).statusCode).toBe(200);
    expect((await app.inject({ url: '/api/Config/GetConfigList', headers: admin.headers })).statusCode).toBe(403);
  });
});
