import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { type SQL, sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgDialect, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { type AppConfig, DEFAULT_DATABASE_TIMEOUTS } from '../config';
import * as schema from './schema';

export type Schema = typeof schema;
/** Both drivers give the same query builder; services only see this type. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Cheap round trip used by /readyz. */
  ping(): Promise<void>;
  close(): Promise<void>;
  /** The raw client, for the migrator only. */
  raw: { kind: 'pglite'; client: PGlite } | { kind: 'postgres'; pool: pg.Pool };
};

/** Where errors of connections nobody is waiting on go (main.ts hands them to the app's log). */
export type ConnectionErrorSink = (err: Error) => void;

/**
 * `loadDataDir` starts an embedded database from a dump of another one's data directory
 * (`PGlite.dumpDataDir()`) instead of an empty one: tests start from a migrated template this way.
 */
export async function openDatabase(
  config: AppConfig['database'],
  options: { loadDataDir?: Blob; onConnectionError?: ConnectionErrorSink } = {},
): Promise<Database> {
  const onConnectionError = options.onConnectionError ?? (() => {});
  if (config.kind === 'postgres') {
    const timeouts = config.timeouts ?? DEFAULT_DATABASE_TIMEOUTS;
    // A frozen or unreachable server fails a request within these instead of hanging it; the
    // error handler answers 503 with Retry-After (lib/database-errors.ts).
    const pool = new pg.Pool({
      connectionString: config.url,
      max: config.poolSize,
      connectionTimeoutMillis: timeouts.connectMs,
      statement_timeout: timeouts.statementMs,
      // Client-side too: a server that stopped answering cannot cancel its own statement.
      query_timeout: timeouts.statementMs + 1_000,
      idle_in_transaction_session_timeout: timeouts.idleInTransactionMs,
      // Statements queued on one connection go out without waiting for the one before (each keeps
      // its own result and error): what textTransaction sends together. Awaited one by one, as
      // everywhere else, they run exactly as without it.
      pipeline: true,
    });
    // A connection that fails while nobody waits on it must not end the process: an idle one
    // (server restart) is reported by the pool; one checked out is not, since node-postgres
    // drops the pool's listener on checkout, and an EventEmitter's 'error' without a listener
    // throws. PostgreSQL ends a connection idle in a transaction past its timeout exactly then.
    pool.on('error', (err) => onConnectionError(err));
    pool.on('connect', (client) => {
      client.on('error', (err) => onConnectionError(err));
      // No JIT compilation: every statement here answers a person within a budget of milliseconds,
      // and one whose estimate passes jit_above_cost (100,000) spends more compiling than running:
      // the portfolio's with the unpaid tranches in it ran in 45 ms and compiled for 82 ms on the
      // 2-core machine (docs/OPERATIONS.md, "The funder's portfolio"). Sent first on each new
      // connection rather than as a startup option, which PgBouncer refuses and a DATABASE_URL's
      // own `options` replace; behind a transaction-mode pooler the role's setting does it.
      client.query('set jit = off').catch((err: unknown) => onConnectionError(err as Error));
    });
    let ended = false;
    const db = drizzleNodePg(pool, { schema, casing: 'snake_case' }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      raw: { kind: 'postgres', pool },
      ping: async () => {
        await db.execute(sql`select 1`);
      },
      close: async () => {
        if (ended) return;
        ended = true;
        await pool.end();
      },
    };
  }
  if (config.dataDir) fs.mkdirSync(config.dataDir, { recursive: true });
  const client = newPglite(config.dataDir, options.loadDataDir);
  await client.waitReady;
  const db = drizzlePglite(client, { schema, casing: 'snake_case' }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    raw: { kind: 'pglite', client },
    ping: async () => {
      if (client.closed) throw new Error('database closed');
      await db.execute(sql`select 1`);
    },
    close: async () => {
      if (!client.closed) await client.close();
    },
  };
}

/** Rows of a raw query; both drivers (PGlite and node-postgres) answer `{ rows }`. */
export async function rows<T>(db: Db | Tx, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/**
 * Runs one raw statement whose text never changes, prepared once per connection on PostgreSQL
 * (node-postgres names it) instead of parsed and planned on every call; as it is on the embedded
 * database. For the hottest statements only (the autosave's write, the applicant's call list).
 */
export async function executePrepared<T>(db: Db, name: string, query: SQL): Promise<T[]> {
  const client = (db as unknown as { $client?: unknown }).$client;
  if (client instanceof pg.Pool) {
    const { sql: text, params } = (db as unknown as { dialect: PgDialect }).dialect.sqlToQuery(query);
    return (await client.query({ name, text, values: params })).rows as T[];
  }
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/**
 * Runs a statement already rendered to text with its values ($1, $2, …), prepared once per
 * connection on PostgreSQL under `name`: for statements whose rendering is itself worth saving on
 * every request (the applicant's call list).
 */
export async function executeText<T>(db: Db, name: string, text: string, values: unknown[]): Promise<T[]> {
  const client = (db as unknown as { $client?: unknown }).$client;
  if (client instanceof pg.Pool) return (await client.query({ name, text, values })).rows as T[];
  return (await (client as PGlite).query<T>(text, values)).rows;
}

/** Runs one prepared statement (its name, its text with $1, $2, …, its values) inside a transaction. */
export type TextQuery = <T>(name: string, text: string, values: unknown[]) => Promise<T[]>;

/**
 * A transaction of statements already rendered to text, each prepared once per connection on
 * PostgreSQL as executeText's are: for a write whose every round trip counts (Submit). It commits
 * when `work` resolves and rolls back when it throws. On PostgreSQL the BEGIN travels with the
 * first statement and `commitWith`'s statement with the COMMIT (node-postgres pipelining: each
 * keeps its own result and error), so a transaction of two statements costs two round trips, not
 * four. `commitWith` is the last statement `work` runs: what follows it is outside the transaction.
 */
export async function textTransaction<R>(
  db: Db,
  work: (query: TextQuery, commitWith: TextQuery) => Promise<R>,
): Promise<R> {
  const client = (db as unknown as { $client?: unknown }).$client;
  let committed = false;
  const open = () => {
    if (committed) throw new Error('textTransaction: a statement after commitWith would run outside the transaction');
  };
  if (client instanceof pg.Pool) {
    const connection = await client.connect();
    let broken: unknown;
    // PostgreSQL answers COMMIT with ROLLBACK when the transaction failed earlier (a statement's
    // error that `work` caught): that is no success.
    const assertCommitted = (answer: pg.QueryResult) => {
      if (answer.command !== 'COMMIT') throw new Error('textTransaction: rolled back at its commit');
    };
    try {
      const begun = connection.query('begin');
      // Its failure reaches the caller through the statement sent behind it, which waits on it.
      begun.catch(() => {});
      const query: TextQuery = async <T>(name: string, text: string, values: unknown[]) => {
        open();
        return (await Promise.all([begun, connection.query({ name, text, values })]))[1].rows as T[];
      };
      // A statement that fails aborts the transaction: the COMMIT behind it then rolls back.
      const commitWith: TextQuery = async <T>(name: string, text: string, values: unknown[]) => {
        open();
        committed = true;
        const [, result, commit] = await Promise.all([
          begun,
          connection.query({ name, text, values }),
          connection.query('commit'),
        ]);
        assertCommitted(commit);
        return result.rows as T[];
      };
      const result = await work(query, commitWith);
      if (!committed) {
        committed = true;
        assertCommitted(await connection.query('commit'));
      }
      return result;
    } catch (err) {
      await connection.query('rollback').catch((rollbackFailed: unknown) => {
        broken = rollbackFailed;
      });
      throw err;
    } finally {
      // A connection that could not even roll back is dropped, not handed to the next request.
      connection.release(broken instanceof Error ? broken : undefined);
    }
  }
  return (client as PGlite).transaction((tx) => {
    const query: TextQuery = async <T>(_name: string, text: string, values: unknown[]) => {
      open();
      return (await tx.query<T>(text, values)).rows;
    };
    const commitWith: TextQuery = async <T>(name: string, text: string, values: unknown[]) => {
      const rows = await query<T>(name, text, values);
      committed = true;
      return rows;
    };
    return work(query, commitWith);
  });
}

/** An embedded database with the extensions the migrations need (pg_trgm: the admin search's indexes, 0023). */
export function newPglite(dataDir: string | null = null, loadDataDir?: Blob): PGlite {
  const options = { extensions: { pg_trgm }, ...(loadDataDir ? { loadDataDir } : {}) };
  return dataDir ? new PGlite(dataDir, options) : new PGlite(options);
}
