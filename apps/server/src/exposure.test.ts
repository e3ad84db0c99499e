import { afterAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import { createVerifiedAccount } from '../test/sign-in';
import { loadConfig } from './config';
import { idpAccounts } from './db/schema';
import { signIn } from './modules/idp/accounts';
import { seed } from './seed';
import { DEMO_ACCOUNTS } from './seed-demo';

/** What an exposed install serves, through the real server: demo accounts, dev outbox and API docs only where safe. */
describe('safe defaults for exposure', { timeout: 120_000 }, () => {
  const apps: TestApp[] = [];
  let local: TestApp;
  const start = async (env: Record<string, string>) => {
    const t = await buildTestApp(env);
    apps.push(t);
    return t;
  };
  afterAll(async () => {
    for (const t of apps) await t.close();
  });

  it('HOST=0.0.0.0 (no PUBLIC_URL, no NODE_ENV): /dev/outbox is not served', async () => {
    const exposed = await start({ HOST: '0.0.0.0' });
    expect((await exposed.app.inject('/dev/outbox')).statusCode).toBe(404);
    local = await start({ HOST: 'localhost' });
    expect((await local.app.inject('/dev/outbox')).statusCode).toBe(200);
  });

  it('production serves /api/docs only with API_DOCS=true', async () => {
    const prod = { NODE_ENV: 'production', AUTH_SECRET: 'a'.repeat(40), PUBLIC_URL: 'https://calls.example.org' };
    const closed = await start(prod);
    expect((await closed.app.inject('/api/docs')).statusCode).toBe(404);
    expect((await closed.app.inject('/api/docs/json')).statusCode).toBe(404);
    const open = await start({ ...prod, API_DOCS: 'true' });
    expect((await open.app.inject('/api/docs/json')).statusCode).toBe(200);
  });

  it('demo accounts left by a local run lose their published password once the install is exposed', async () => {
    const t = local;
    const [admin] = DEMO_ACCOUNTS;
    await createVerifiedAccount(t.database.db, { email: admin.email, password: admin.password, roles: ['admin'] });
    expect((await signIn(t.database.db, admin.email, admin.password)).kind).toBe('ok');
    // The same data, restarted with HOST=0.0.0.0.
    const report = await seed(t.database.db, loadConfig({ NODE_ENV: 'test', HOST: '0.0.0.0', LOG_LEVEL: 'silent' }));
    expect(report.demoAccounts).toEqual([]);
    expect(report.demoAccountsRetired).toBe(1);
    expect((await signIn(t.database.db, admin.email, admin.password)).kind).toBe('invalid');
    expect(await t.database.db.select().from(idpAccounts)).toHaveLength(1);
  });
});
