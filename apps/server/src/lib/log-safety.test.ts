import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/test-database';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { runMigrations } from '../db/migrate';
import { idpAccounts } from '../db/schema';
import { seed } from '../seed';
import { queryName, scrub } from './log-safety';

/** What reaches the log when things fail carries no personal data and no secrets. */
describe('logs without personal data', () => {
  const lines: string[] = [];
  let app: Awaited<ReturnType<typeof buildApp>>;
  let drop: () => Promise<void>;
  const PERSONAL = ['maria.rossi@example.org', 'Mariangela', 'Rossini-Bianchi', 'the-answer-to-a-private-question'];

  beforeAll(async () => {
    const created = await createTestDatabase();
    drop = created.drop;
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      SEED_DEMO: 'false',
      WEB_DIST_DIR: '/nonexistent',
    });
    await runMigrations(created.database);
    await seed(created.database.db, config);
    app = await buildApp(config, created.database, { logStream: { write: (line) => lines.push(line) } });
    const row = {
      email: 'maria.rossi@example.org',
      firstName: 'Mariangela',
      lastName: 'Rossini-Bianchi',
      passwordHash: 'the-answer-to-a-private-question',
    };
    // A handler whose query fails on a row full of personal data (a unique violation quotes the value).
    app.get('/test/failing-query', { config: { access: 'public' } }, async () => {
      await created.database.db.insert(idpAccounts).values(row);
      await created.database.db.insert(idpAccounts).values({ ...row, email: 'MARIA.ROSSI@example.org' });
      return 'unreachable';
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await drop();
  });

  it('a failed query is logged by its name and error code, without its parameters or the values it quotes', async () => {
    const res = await app.inject({ url: '/test/failing-query' });
    expect(res.statusCode).toBe(500);
    const log = lines.join('\n');
    const errorLine = lines.find((l) => l.includes('unhandled error'));
    expect(errorLine).toBeDefined();
    expect(errorLine).toContain('insert idp_accounts');
    expect(errorLine).toContain('23505'); // unique_violation: enough to act on
    for (const value of PERSONAL) expect(log, value).not.toContain(value);
    expect(log.toLowerCase()).not.toContain('maria.rossi');
  });

  it('tokens in URLs and headers never reach the log', async () => {
    const before = lines.length;
    const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJlLXNpZ25hdHVyZQ';
    await app.inject({ url: '/idp/reset?token=reset-token-that-opens-an-account&lang=it' });
    await app.inject({ url: '/login-callback?code=one-time-code-123&state=st4te', headers: { accept: 'text/html' } });
    await app.inject({ url: '/api/User', headers: { authorization: `Bearer ${jwt}` } });
    const log = lines.slice(before).join('\n');
    expect(log).toContain('/idp/reset?token=[redacted]');
    for (const secret of ['reset-token-that-opens-an-account', 'one-time-code-123', 'st4te', jwt]) {
      expect(log, secret).not.toContain(secret);
    }
  });

  it('scrub and queryName', () => {
    expect(scrub('mail to a.b+c@d.example.org failed')).toBe('mail to [email] failed');
    expect(scrub('Authorization: Bearer abc.def')).toBe('Authorization: Bearer [redacted]');
    expect(queryName('select "id" from "step_results" where "id" = $1')).toBe('select step_results');
    expect(queryName('update "calls" set "name" = $1')).toBe('update calls');
    expect(queryName('delete from "files" where 1=1')).toBe('delete files');
  });
});
