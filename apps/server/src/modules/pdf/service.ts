import type { TLanguage, TPdfExportData, TSubmissionRecord } from '@impact/domain';
import { and, desc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { callSubmissions, submissionRecords } from '../../db/schema';
import { AppError, notFound } from '../../lib/app-error';
import { InFlightLimit } from '../../lib/in-flight-limit';
import { ThreadOutOfMemory, ThreadPoolBusy, ThreadTaskTimedOut } from '../../lib/thread-pool';
import type { SessionUser } from '../../plugins/authentication';
import { type CallRow, loadSubmissionFor, type SubmissionRow } from '../submission-core/access';
import { buildExportData } from './export-data';
import { renderOnThread } from './render-pool';

type RecordRow = typeof submissionRecords.$inferSelect;

/**
 * Freezes what is being submitted (called inside the closing transaction): the export data as it
 * is at this moment, so later edits to the call, its steps, the organization or the branding never
 * change the applicant's record. Each closing adds a record.
 */
export async function freezeSubmission(
  tx: Tx,
  submission: SubmissionRow,
  call: CallRow,
  user: SessionUser,
  language: TLanguage,
  now: Date,
): Promise<RecordRow> {
  const data = await buildExportData(tx, submission, call, user.id, now);
  const [row] = await tx
    .insert(submissionRecords)
    .values({
      callSubmissionId: submission.id,
      closedAt: now,
      closedByUserId: user.id,
      closedByEmail: user.email,
      language,
      data,
    })
    .returning();
  if (!row) throw new Error('record insert failed');
  return row;
}

async function latestRecord(db: Db | Tx, submissionId: string): Promise<RecordRow | null> {
  const [row] = await db
    .select()
    .from(submissionRecords)
    .where(eq(submissionRecords.callSubmissionId, submissionId))
    .orderBy(desc(submissionRecords.closedAt))
    .limit(1);
  return row ?? null;
}

/**
 * What the PDF shows: the named record, else the latest one; a submission never closed since
 * records exist (or still a draft) shows its answers as they are now.
 */
async function pdfSource(
  db: Db,
  user: SessionUser,
  submissionId: string,
  recordId?: string,
): Promise<{ data: TPdfExportData; language: TLanguage | null }> {
  const { submission, call } = await loadSubmissionFor(db, user, submissionId, { allowAdmin: true, need: 'read' });
  if (recordId) {
    const [row] = await db
      .select()
      .from(submissionRecords)
      .where(and(eq(submissionRecords.id, recordId), eq(submissionRecords.callSubmissionId, submissionId)));
    if (!row) throw notFound('errors.pdf.recordNotFound');
    return { data: row.data, language: row.language };
  }
  const record = await latestRecord(db, submissionId);
  if (record) return { data: record.data, language: record.language };
  return {
    data: await buildExportData(db, submission, call, submission.createdByUserId, submission.closedAt),
    language: null,
  };
}

/** GET Call/GetAllAnswerForPdf: the export data of the caller's submission to the call (or the named one). */
export async function getExportData(
  db: Db,
  user: SessionUser,
  callId: string,
  submissionId: string | undefined,
  organizationId: string | null,
): Promise<TPdfExportData> {
  let id = submissionId;
  if (!id) {
    if (!organizationId) throw notFound('errors.submissions.notFound');
    const [row] = await db
      .select({ id: callSubmissions.id })
      .from(callSubmissions)
      .where(and(eq(callSubmissions.callId, callId), eq(callSubmissions.organizationId, organizationId)));
    if (!row) throw notFound('errors.submissions.notFound');
    id = row.id;
  }
  const { submission } = await loadSubmissionFor(db, user, id, { allowAdmin: true, need: 'read' });
  if (submission.callId !== callId) throw notFound('errors.submissions.notFound');
  return (await pdfSource(db, user, id)).data;
}

/**
 * Renders a record on a thread. A full queue is a 503 with Retry-After; a document past its
 * thread's deadline or heap is a 422 (the record itself is too heavy: retrying will not help);
 * any other failure a 500. Never a blank file; the cause stays in the log.
 */
export async function renderRecordPdf(data: TPdfExportData, language: TLanguage): Promise<Buffer> {
  try {
    const bytes = await renderOnThread(data, language);
    if (bytes.length < 100 || bytes.subarray(0, 5).toString('latin1') !== '%PDF-') throw new Error('not a PDF');
    return bytes;
  } catch (err) {
    if (err instanceof ThreadPoolBusy)
      throw new AppError('unavailable', { messageKey: 'errors.pdf.busy', retryAfterSeconds: 5, cause: err });
    if (err instanceof ThreadTaskTimedOut || err instanceof ThreadOutOfMemory)
      throw new AppError('unprocessable', { messageKey: 'errors.pdf.tooHeavy', cause: err });
    throw new AppError('internal', { messageKey: 'errors.pdf.failed', cause: err });
  }
}

/**
 * A mail attachment's PDF, made from the frozen record it names: the mail module is handed this
 * (app.ts, background-jobs.ts) to make the receipt's PDF at send time.
 */
export async function renderRecordAttachment(db: Db | Tx, recordId: string): Promise<Buffer> {
  const [record] = await db.select().from(submissionRecords).where(eq(submissionRecords.id, recordId));
  if (!record) throw new Error('attachment record missing');
  return renderRecordPdf(record.data, record.language);
}

/** Two PDFs at a time per person: more would only queue ahead of other people's. */
const perPerson = new InFlightLimit(2);

/** A PDF for a person's download: refused with 429 while two of theirs are being made. */
export function renderPdfFor(userId: string, data: TPdfExportData, language: TLanguage): Promise<Buffer> {
  return perPerson.run(
    userId,
    () => renderRecordPdf(data, language),
    () => {
      throw new AppError('rateLimited', { messageKey: 'errors.pdf.tooManyAtOnce', retryAfterSeconds: 5 });
    },
  );
}

/** GET Call/GetSubmissionPdf: owner of the organization or admin; anyone else 404. */
export async function getSubmissionPdf(
  db: Db,
  user: SessionUser,
  query: { submissionId: string; recordId?: string | undefined; lang?: TLanguage | undefined },
): Promise<Buffer> {
  const { data, language } = await pdfSource(db, user, query.submissionId, query.recordId);
  return renderPdfFor(user.id, data, query.lang ?? language ?? 'it');
}

/** GET Call/GetSubmissionRecords: every closing of the submission, newest first. */
export async function listSubmissionRecords(
  db: Db,
  user: SessionUser,
  submissionId: string,
): Promise<TSubmissionRecord[]> {
  await loadSubmissionFor(db, user, submissionId, { allowAdmin: true, need: 'read' });
  const rows = await db
    .select({
      id: submissionRecords.id,
      closedAt: submissionRecords.closedAt,
      closedByEmail: submissionRecords.closedByEmail,
      language: submissionRecords.language,
    })
    .from(submissionRecords)
    .where(eq(submissionRecords.callSubmissionId, submissionId))
    .orderBy(desc(submissionRecords.closedAt));
  return rows.map((r) => ({ ...r, submissionId, closedAt: r.closedAt.toISOString() }));
}
