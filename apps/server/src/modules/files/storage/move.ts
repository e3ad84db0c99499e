import { pipeline } from 'node:stream/promises';
import { and, asc, eq, gt, ne } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { adminFiles, files } from '../../../db/schema';
import { Meter } from './meter';
import type { FileStorage, StorageBackend } from './types';

export type MoveReport = { moved: number; failed: Array<{ key: string; reason: string }> };

const tables = [files, adminFiles] as const;
const BATCH = 50;

/**
 * Moves every file not yet in `to` there: copies the bytes (hashing them on the way), reads the
 * copy back and hashes it again, and only when both equal the row's SHA-256 points the row at
 * the new backend and removes the old bytes. A mismatch leaves the row and the old bytes alone.
 * Safe to run while the app serves (a row changed meanwhile is skipped) and to run again.
 */
export async function moveFiles(
  db: Db,
  storage: FileStorage,
  to: StorageBackend,
  log: (line: string) => void = () => {},
): Promise<MoveReport> {
  const target = storage.backend(to);
  const report: MoveReport = { moved: 0, failed: [] };
  for (const table of tables) {
    let after = '00000000-0000-0000-0000-000000000000';
    for (;;) {
      const rows = await db
        .select({
          id: table.id,
          storage: table.storage,
          storageKey: table.storageKey,
          sha256: table.sha256,
          mimeType: table.mimeType,
        })
        .from(table)
        .where(and(ne(table.storage, to), gt(table.id, after)))
        .orderBy(asc(table.id))
        .limit(BATCH);
      if (!rows.length) break;
      for (const row of rows) {
        after = row.id;
        try {
          await moveOne(db, storage, target, table, row);
          report.moved += 1;
          log(`moved ${row.storageKey} to ${to}`);
        } catch (err) {
          const reason = err instanceof Error ? err.message : String(err);
          report.failed.push({ key: row.storageKey, reason });
          log(`NOT moved ${row.storageKey}: ${reason}`);
        }
      }
    }
  }
  return report;
}

async function hashOf(stream: NodeJS.ReadableStream): Promise<string> {
  const meter = new Meter(Number.MAX_SAFE_INTEGER);
  meter.resume();
  await pipeline(stream, meter);
  return meter.digest();
}

async function moveOne(
  db: Db,
  storage: FileStorage,
  target: ReturnType<FileStorage['backend']>,
  table: (typeof tables)[number],
  row: { id: string; storage: string; storageKey: string; sha256: string; mimeType: string },
) {
  const source = storage.backend(row.storage);
  const copy = new Meter(Number.MAX_SAFE_INTEGER);
  await Promise.all([pipeline(await source.get(row.storageKey), copy), target.put(row.storageKey, copy, row.mimeType)]);
  const copied = copy.digest();
  const readBack = copied === row.sha256 ? await hashOf(await target.get(row.storageKey)) : copied;
  if (copied !== row.sha256 || readBack !== row.sha256) {
    await target.delete(row.storageKey).catch(() => {});
    throw new Error(`checksum mismatch (row ${row.sha256.slice(0, 12)}, source ${copied.slice(0, 12)})`);
  }
  const updated = await db
    .update(table)
    .set({ storage: target.backend })
    .where(and(eq(table.id, row.id), eq(table.storage, row.storage), eq(table.storageKey, row.storageKey)))
    .returning({ id: table.id });
  if (!updated.length) {
    // Deleted or replaced meanwhile: the copy belongs to nobody.
    await target.delete(row.storageKey).catch(() => {});
    throw new Error('the file changed while it was moved; run again');
  }
  await source.delete(row.storageKey);
}
