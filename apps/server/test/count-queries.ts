import type { Database } from '../src/db/client';

/**
 * Counts the statements the app sends to its database from now on (every query goes through the
 * pool's or the embedded client's `query`), until `stop`: for tests that say how many round trips
 * a path makes.
 */
export function countQueries(database: Database) {
  const client = database.raw.kind === 'postgres' ? database.raw.pool : database.raw.client;
  const query = client.query.bind(client) as (...args: unknown[]) => Promise<unknown>;
  const counter = {
    count: 0,
    stop: () => {
      (client as { query: unknown }).query = query;
    },
  };
  (client as { query: unknown }).query = (...args: unknown[]) => {
    counter.count++;
    return query(...args);
  };
  return counter;
}
