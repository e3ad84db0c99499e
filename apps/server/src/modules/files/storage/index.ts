import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Db } from '../../../db/client';
import { Meter, TooLargeError } from './meter';
import { PostgresBlobStore } from './postgres-store';
import { S3BlobStore, type S3Settings } from './s3-store';
import type { BlobStore, FileStorage, StorageBackend } from './types';

export { TooLargeError } from './meter';
export type { BlobStore, FileStorage, StorageBackend } from './types';

export type StorageConfig = { primary: StorageBackend; s3: S3Settings | null };

/** The PostgreSQL backend is always there (rows stored before a switch stay readable); S3 when configured. */
export function createFileStorage(db: Db, config: StorageConfig): FileStorage {
  const postgres = new PostgresBlobStore(db);
  const s3 = config.s3 ? new S3BlobStore(config.s3) : null;
  const backend = (name: string): BlobStore => {
    if (name === 'postgres') return postgres;
    if (name === 's3' && s3) return s3;
    throw new Error(`file storage backend ${name} is not configured (set S3_BUCKET)`);
  };
  return {
    primary: backend(config.primary),
    backend,
    close: async () => {
      await s3?.close();
    },
  };
}

export type StoredBlob = { storage: StorageBackend; storageKey: string; size: number; sha256: string };

/**
 * Streams an upload into the primary backend under a fresh key, counting and hashing on the way.
 * Past `maxBytes` it stops with TooLargeError; on any failure nothing is left stored.
 */
export async function storeStream(
  storage: FileStorage,
  prefix: string,
  source: Readable,
  opts: { maxBytes: number; contentType: string; id?: string },
): Promise<StoredBlob> {
  const store = storage.primary;
  const storageKey = `${prefix}/${opts.id ?? randomUUID()}`;
  const meter = new Meter(opts.maxBytes);
  try {
    await Promise.all([pipeline(source, meter), store.put(storageKey, meter, opts.contentType)]);
  } catch (err) {
    source.destroy();
    meter.destroy();
    await store.delete(storageKey).catch(() => {});
    // Whichever side noticed first, a stream cut off for its size is a size problem.
    throw meter.exceeded ? new TooLargeError(opts.maxBytes) : err;
  }
  return { storage: store.backend, storageKey, size: meter.counted, sha256: meter.digest() };
}

/** Removes bytes no row points to any more; a failure leaves an orphan, never a broken row. */
export async function deleteStored(storage: FileStorage, blobs: Array<{ storage: string; storageKey: string }>) {
  for (const b of blobs)
    await storage
      .backend(b.storage)
      .delete(b.storageKey)
      .catch(() => {});
}
