import { Readable } from 'node:stream';
import { and, asc, eq, gt } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { fileChunks } from '../../../db/schema';
import type { BlobStore } from './types';

/** 256 KiB: small enough to keep memory flat, large enough that a 30 MB file is ~120 rows. */
export const CHUNK_BYTES = 256 * 1024;

/**
 * The default backend (nothing to set up): bytes as numbered chunks in `file_chunks`, written and
 * read one chunk at a time. Backed up with the database.
 */
export class PostgresBlobStore implements BlobStore {
  readonly backend = 'postgres' as const;
  constructor(private readonly db: Db) {}

  async put(key: string, body: Readable): Promise<void> {
    await this.delete(key);
    let seq = 0;
    let pending: Buffer[] = [];
    let pendingBytes = 0;
    const flush = async (buf: Buffer) => {
      await this.db.insert(fileChunks).values({ key, seq, bytes: buf });
      seq += 1;
    };
    try {
      for await (const chunk of body) {
        const b = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
        pending.push(b);
        pendingBytes += b.length;
        while (pendingBytes >= CHUNK_BYTES) {
          const all = Buffer.concat(pending);
          await flush(all.subarray(0, CHUNK_BYTES));
          const rest = all.subarray(CHUNK_BYTES);
          pending = rest.length ? [Buffer.from(rest)] : [];
          pendingBytes = rest.length;
        }
      }
      if (pendingBytes > 0 || seq === 0) await flush(Buffer.concat(pending));
    } catch (err) {
      await this.delete(key).catch(() => {});
      throw err;
    }
  }

  async get(key: string): Promise<Readable> {
    const [first] = await this.db
      .select({ seq: fileChunks.seq, bytes: fileChunks.bytes })
      .from(fileChunks)
      .where(eq(fileChunks.key, key))
      .orderBy(asc(fileChunks.seq))
      .limit(1);
    if (!first) throw new Error(`no stored bytes for ${key}`);
    const db = this.db;
    // One chunk per query, fetched when the reader wants more: memory stays one chunk deep.
    async function* chunks() {
      let current: { seq: number; bytes: Buffer } | undefined = first;
      while (current) {
        yield current.bytes;
        const after: number = current.seq;
        [current] = await db
          .select({ seq: fileChunks.seq, bytes: fileChunks.bytes })
          .from(fileChunks)
          .where(and(eq(fileChunks.key, key), gt(fileChunks.seq, after)))
          .orderBy(asc(fileChunks.seq))
          .limit(1);
      }
    }
    return Readable.from(chunks(), { objectMode: false, highWaterMark: CHUNK_BYTES });
  }

  async delete(key: string): Promise<void> {
    await this.db.delete(fileChunks).where(eq(fileChunks.key, key));
  }

  async check(): Promise<void> {}
  async close(): Promise<void> {}
}
