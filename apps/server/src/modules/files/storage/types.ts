import type { Readable } from 'node:stream';

export type StorageBackend = 'postgres' | 's3';

/**
 * Where file bytes live. Rows (files, admin_files) keep the name, type, size, SHA-256, owner and
 * which backend holds the bytes under which key; a backend only stores and streams bytes.
 * Every method streams: no whole file is ever held in memory.
 */
export interface BlobStore {
  readonly backend: StorageBackend;
  /** Stores the stream under `key` (replacing any earlier bytes); rejects if the stream errors. */
  put(key: string, body: Readable, contentType: string): Promise<void>;
  /** The bytes under `key`, as a stream; rejects if there are none. */
  get(key: string): Promise<Readable>;
  /** Removes the bytes under `key`; no error if there are none. */
  delete(key: string): Promise<void>;
  /** Cheap reachability check for /readyz. */
  check(): Promise<void>;
  close(): Promise<void>;
}

/** The backend new files go to, and every configured backend (a row is read from its own). */
export interface FileStorage {
  readonly primary: BlobStore;
  backend(name: string): BlobStore;
  close(): Promise<void>;
}
