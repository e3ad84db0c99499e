import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/test-database';
import { rows, textTransaction } from './client';

const INSERT = { name: 'probe_insert', text: 'insert into text_transaction_probe (n) values ($1::int) returning n' };
const stored = async (created: TestDatabase) =>
  (await rows<{ n: number }>(created.database.db, sql`select n from text_transaction_probe order by n`)).map(
    (r) => r.n,
  );

/**
 * Submit's transaction (on PostgreSQL the BEGIN sent with the first statement and the COMMIT with
 * the last): all or nothing, whichever statement fails, and the connection fit for the next one.
 */
describe('a transaction of prepared statements (textTransaction)', () => {
  let created: TestDatabase;

  beforeAll(async () => {
    created = await createTestDatabase();
    await created.database.db.execute(sql`create table text_transaction_probe (n int primary key)`);
  });
  afterAll(() => created.drop());

  it('commits what the statements wrote, the last one sent with the commit', async () => {
    const written = await textTransaction(created.database.db, async (query, commitWith) => {
      await query(INSERT.name, INSERT.text, [1]);
      return commitWith<{ n: number }>(INSERT.name, INSERT.text, [2]);
    });
    expect(written).toEqual([{ n: 2 }]);
    expect(await stored(created)).toEqual([1, 2]);
  });

  it('keeps nothing when the statement sent with the commit fails, and the next transaction runs', async () => {
    await expect(
      textTransaction(created.database.db, async (query, commitWith) => {
        await query(INSERT.name, INSERT.text, [3]);
        // 1 is taken: the insert fails, and the commit behind it rolls back the 3.
        return commitWith(INSERT.name, INSERT.text, [1]);
      }),
    ).rejects.toThrow(/duplicate key/);
    expect(await stored(created)).toEqual([1, 2]);
    await textTransaction(created.database.db, (_query, commitWith) => commitWith(INSERT.name, INSERT.text, [4]));
    expect(await stored(created)).toEqual([1, 2, 4]);
  });

  it('keeps nothing when the work throws after a statement, and commits without commitWith', async () => {
    await expect(
      textTransaction(created.database.db, async (query) => {
        await query(INSERT.name, INSERT.text, [5]);
        throw new Error('changed its mind');
      }),
    ).rejects.toThrow('changed its mind');
    await textTransaction(created.database.db, (query) => query(INSERT.name, INSERT.text, [6]));
    expect(await stored(created)).toEqual([1, 2, 4, 6]);
  });

  it('refuses a statement after commitWith (it would run outside the transaction)', async () => {
    await expect(
      textTransaction(created.database.db, async (query, commitWith) => {
        await commitWith(INSERT.name, INSERT.text, [7]);
        await query(INSERT.name, INSERT.text, [8]);
      }),
    ).rejects.toThrow(/after commitWith/);
    expect(await stored(created)).not.toContain(8);
  });

  it('is no success when a statement failed and the work went on (the commit rolls back)', async () => {
    const before = await stored(created);
    await expect(
      textTransaction(created.database.db, async (query) => {
        await query(INSERT.name, INSERT.text, [1]).catch(() => null);
        return 'done';
      }),
    ).rejects.toThrow();
    expect(await stored(created)).toEqual(before);
  });
});
