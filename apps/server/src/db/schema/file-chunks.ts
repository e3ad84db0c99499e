import { customType, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * The PostgreSQL file backend: a file's bytes as numbered chunks, so writing and reading stream
 * through a fixed buffer instead of holding a whole file in memory (a bytea column is read whole).
 * `key` is the storage key kept by the file's row (`files/<id>`, `admin-files/<id>`).
 */
export const fileChunks = pgTable(
  'file_chunks',
  {
    key: text('key').notNull(),
    seq: integer('seq').notNull(),
    bytes: bytea('bytes').notNull(),
  },
  (t) => [primaryKey({ columns: [t.key, t.seq] })],
);
