import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POSTGRES_URL } from '../../test/postgres-only';
import { createTestDatabase } from '../../test/test-database';
import { type Database, openDatabase } from '../db/client';
import { runMigrations } from '../db/migrate';
import { emailOutbox } from '../db/schema';
import { enqueueMail, sendDueMails } from '../modules/email/outbox';

/**
 * PostgreSQL ends a connection left idle in a transaction past its timeout. node-postgres then
 * emits 'error' on a client that is checked out, where no listener of the pool's is attached: an
 * EventEmitter 'error' with no listener ends the process. These tests run with a 300 ms timeout.
 */
describe.skipIf(!POSTGRES_URL)('connection errors never end the process (PostgreSQL)', () => {
  let created: Awaited<ReturnType<typeof createTestDatabase>>;
  let database: Database;
  const reported: Error[] = [];

  beforeAll(async () => {
    created = await createTestDatabase();
    await runMigrations(created.database);
    database = await openDatabase(
      {
        kind: 'postgres',
        url: created.url ?? '',
        poolSize: 2,
        timeouts: { statementMs: 5_000, connectMs: 5_000, idleInTransactionMs: 300 },
      },
      { onConnectionError: (err) => reported.push(err) },
    );
  });
  afterAll(async () => {
    await database?.close();
    await created?.drop();
  });

  it('a transaction held past the idle timeout fails alone; the error is reported and the pool goes on', async () => {
    const held = database.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      await new Promise((r) => setTimeout(r, 1_000)); // slow work inside a transaction
      await tx.execute(sql`select 1`);
    });
    await expect(held).rejects.toThrow();
    expect(reported.length).toBeGreaterThan(0);
    const rows = (await database.db.execute(sql`select 2 as two`)) as unknown as { rows: Array<{ two: number }> };
    expect(rows.rows[0]?.two).toBe(2);
  });

  it('a mail whose sending takes longer than the idle timeout is sent and marked sent', async () => {
    await enqueueMail(database.db, {
      to: 'slow@example.org',
      template: 'verify-email',
      language: 'en',
      params: { firstName: 'S', appName: 'A', link: 'http://l' },
    });
    const sent: string[] = [];
    const slowSend = async (mail: { to: string }) => {
      await new Promise((r) => setTimeout(r, 1_000)); // a PDF to render, a slow SMTP server
      sent.push(mail.to);
    };
    expect(await sendDueMails(database.db, slowSend)).toBe(1);
    expect(sent).toEqual(['slow@example.org']);
    const [row] = await database.db.select().from(emailOutbox);
    expect(row?.sentAt).toBeInstanceOf(Date);
    expect(row?.lastError).toBeNull();
  });
});
