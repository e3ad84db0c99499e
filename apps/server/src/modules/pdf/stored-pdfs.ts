import { createHash, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import type { TLanguage, TPdfExportData } from '@impact/domain';
import { and, eq, inArray, ne } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { recordPdfs, submissionRecords, type TPdfView } from '../../db/schema';
import { deleteStored, type FileStorage } from '../files/storage';

/** One copy of a record's PDF: its language, its view, and the md5 of the data it shows. */
export type PdfCopy = { recordId: string; language: TLanguage; view: TPdfView; dataMd5: string };

/** What a download sends: the stored bytes as a stream, or the bytes just rendered. */
export type PdfBody = { body: Readable | Buffer; size: number };

/** The md5 of data made in JavaScript (the blind view's redaction), comparable only with itself. */
export function md5Of(data: TPdfExportData): string {
  return createHash('md5').update(JSON.stringify(data)).digest('hex');
}

async function findCopy(db: Db, copy: PdfCopy) {
  const [row] = await db
    .select({ storage: recordPdfs.storage, storageKey: recordPdfs.storageKey, size: recordPdfs.size })
    .from(recordPdfs)
    .where(
      and(
        eq(recordPdfs.submissionRecordId, copy.recordId),
        eq(recordPdfs.language, copy.language),
        eq(recordPdfs.view, copy.view),
        eq(recordPdfs.dataMd5, copy.dataMd5),
      ),
    );
  return row ?? null;
}

/**
 * Keeps freshly rendered bytes as the copy. Bytes first, row after: a stale copy of the same
 * record, language and view (its data changed since) is replaced; when a concurrent first
 * download stored the same copy first, its row stays and these bytes go again. Storing is a
 * saving, never a condition: a failure leaves the download as it was.
 */
async function storeCopy(db: Db, storage: FileStorage, copy: PdfCopy, bytes: Buffer): Promise<void> {
  const storageKey = `record-pdfs/${randomUUID()}`;
  const mine = { storage: storage.primary.backend, storageKey };
  await storage.primary.put(storageKey, Readable.from([bytes]), 'application/pdf');
  const { kept, stale } = await db.transaction(async (tx) => {
    const stale = await tx
      .delete(recordPdfs)
      .where(
        and(
          eq(recordPdfs.submissionRecordId, copy.recordId),
          eq(recordPdfs.language, copy.language),
          eq(recordPdfs.view, copy.view),
          ne(recordPdfs.dataMd5, copy.dataMd5),
        ),
      )
      .returning({ storage: recordPdfs.storage, storageKey: recordPdfs.storageKey });
    const inserted = await tx
      .insert(recordPdfs)
      .values({
        submissionRecordId: copy.recordId,
        language: copy.language,
        view: copy.view,
        dataMd5: copy.dataMd5,
        size: bytes.length,
        ...mine,
      })
      .onConflictDoNothing()
      .returning({ id: recordPdfs.id });
    return { kept: inserted.length > 0, stale };
  });
  await deleteStored(storage, kept ? stale : [...stale, mine]);
}

/**
 * The copy's PDF: read from storage when it was stored from the same data, else rendered (by
 * `render`) and stored for the next download. The record's data is frozen, so one render per
 * record, language and view serves every later download and the receipt mail.
 */
export async function storedOrRendered(
  db: Db,
  storage: FileStorage,
  copy: PdfCopy,
  render: () => Promise<Buffer>,
): Promise<PdfBody> {
  const found = await findCopy(db, copy);
  if (found) return { body: await storage.backend(found.storage).get(found.storageKey), size: found.size };
  const bytes = await render();
  await storeCopy(db, storage, copy, bytes).catch(() => undefined);
  return { body: bytes, size: bytes.length };
}

/** The PDF as one buffer (a mail attachment). */
export async function wholePdf(pdf: PdfBody): Promise<Buffer> {
  return Buffer.isBuffer(pdf.body) ? pdf.body : buffer(pdf.body);
}

/** The record's own md5 (the database computes it from `data`), for its open view. */
export async function recordMd5(db: Db | Tx, recordId: string): Promise<string | null> {
  const [row] = await db
    .select({ md5: submissionRecords.dataMd5 })
    .from(submissionRecords)
    .where(eq(submissionRecords.id, recordId));
  return row?.md5 ?? null;
}

/**
 * Removes the stored PDFs of these submissions' records, inside the transaction that deletes or
 * rewrites the records (erasure, retention, deleting a submission); returns their bytes' places
 * for `deleteStored` after the commit.
 */
export async function dropStoredPdfs(tx: Tx, submissionIds: string[]) {
  if (!submissionIds.length) return [];
  const records = tx
    .select({ id: submissionRecords.id })
    .from(submissionRecords)
    .where(inArray(submissionRecords.callSubmissionId, submissionIds));
  return tx
    .delete(recordPdfs)
    .where(inArray(recordPdfs.submissionRecordId, records))
    .returning({ storage: recordPdfs.storage, storageKey: recordPdfs.storageKey });
}
