import type { TLanguage, TPdfExportData, TSubmissionRecord } from '@impact/domain';
import { and, desc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { callSubmissions, submissionRecords } from '../../db/schema';
import { AppError, notFound } from '../../lib/app-error';
import { InFlightLimit } from '../../lib/in-flight-limit';
import { ThreadOutOfMemory, ThreadPoolBusy, ThreadTaskTimedOut } from '../../lib/thread-pool';
import type { SessionUser } from '../../plugins/authentication';
import type { RenderRecordPdf } from '../email/attachments';
import type { FileStorage } from '../files/storage';
import { type CallRow, loadSubmissionFor, type SubmissionRow } from '../submission-core/access';
import { buildExportData, withoutAnswerKeys } from './export-data';
import { localisedRecord } from './localised-record';
import { renderOnThread } from './render-pool';
import type { RenderTask } from './render-worker';
import { type PdfBody, storedOrRendered, wholePdf } from './stored-pdfs';

/** A record's identity without its (large) data: enough to find its stored PDF. */
const recordKey = {
  id: submissionRecords.id,
  language: submissionRecords.language,
  dataMd5: submissionRecords.dataMd5,
};
type RecordKey = { id: string; language: TLanguage; dataMd5: string };

/**
 * The named record of the submission (404 if it is another's), else its latest one (of `stage`
 * when asked: a two-stage call keeps one per stage, decision 0034), else null.
 */
async function recordFor(db: Db, submissionId: string, recordId?: string, stage?: number): Promise<RecordKey | null> {
  if (recordId) {
    const [row] = await db
      .select(recordKey)
      .from(submissionRecords)
      .where(and(eq(submissionRecords.id, recordId), eq(submissionRecords.callSubmissionId, submissionId)));
    if (!row) throw notFound('errors.pdf.recordNotFound');
    return row;
  }
  const [row] = await db
    .select(recordKey)
    .from(submissionRecords)
    .where(
      and(
        eq(submissionRecords.callSubmissionId, submissionId),
        stage === undefined ? undefined : eq(submissionRecords.stage, stage),
      ),
    )
    .orderBy(desc(submissionRecords.closedAt))
    .limit(1);
  if (!row && stage !== undefined) throw notFound('errors.pdf.recordNotFound');
  return row ?? null;
}

async function recordData(db: Db | Tx, recordId: string): Promise<TPdfExportData> {
  const [row] = await db
    .select({ data: submissionRecords.data })
    .from(submissionRecords)
    .where(eq(submissionRecords.id, recordId));
  if (!row) throw notFound('errors.pdf.recordNotFound');
  return row.data;
}

/** A submission never closed since records exist (or still a draft) shows its answers as they are now. */
async function liveData(db: Db, submission: SubmissionRow, call: CallRow): Promise<TPdfExportData> {
  return buildExportData(db, submission, call, submission.createdByUserId, submission.closedAt, submission.stage);
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
  const { submission, call } = await loadSubmissionFor(db, user, id, { allowAdmin: true, need: 'read' });
  if (submission.callId !== callId) throw notFound('errors.submissions.notFound');
  const record = await recordFor(db, id);
  return record ? withoutAnswerKeys(await recordData(db, record.id)) : liveData(db, submission, call);
}

/**
 * Renders a record on a thread. A full queue is a 503 with Retry-After; a document past its
 * thread's deadline or heap is a 422 (the record itself is too heavy: retrying will not help);
 * any other failure a 500. Never a blank file; the cause stays in the log.
 */
export function renderRecordPdf(data: TPdfExportData, language: TLanguage): Promise<Buffer> {
  return renderChecked({ data: localisedRecord(data, language), language });
}

async function renderChecked(task: RenderTask): Promise<Buffer> {
  try {
    const bytes = await renderOnThread(task);
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
 * The receipt's PDF, the record's open view in its own language: the stored copy, made now if
 * there is none yet. The mail module is handed this (app.ts, background-jobs.ts).
 */
export function recordAttachment(storage: FileStorage): RenderRecordPdf {
  return async (db, recordId) => {
    const [record] = await db.select(recordKey).from(submissionRecords).where(eq(submissionRecords.id, recordId));
    if (!record) throw new Error('attachment record missing');
    const copy = { recordId, language: record.language, view: 'open' as const, dataMd5: record.dataMd5 };
    const pdf = await storedOrRendered(db as Db, storage, copy, async () =>
      renderRecordPdf(await recordData(db, recordId), record.language),
    );
    return wholePdf(pdf);
  };
}

/** Two PDFs at a time per person: more would only queue ahead of other people's. */
const perPerson = new InFlightLimit(2);

/** A PDF for a person's download: refused with 429 while two of theirs are being made. */
export function renderPdfFor(userId: string, data: TPdfExportData, language: TLanguage): Promise<Buffer> {
  return oneOfTwoAtOnce(userId, () => renderRecordPdf(data, language));
}

/** A letter's PDF (the award letter) for a person's download, on a render thread, two at a time per person. */
export function renderLetterFor(userId: string, text: string): Promise<Buffer> {
  return oneOfTwoAtOnce(userId, () => renderChecked({ letter: text }));
}

function oneOfTwoAtOnce(userId: string, render: () => Promise<Buffer>) {
  return perPerson.run(userId, render, () => {
    throw new AppError('rateLimited', { messageKey: 'errors.pdf.tooManyAtOnce', retryAfterSeconds: 5 });
  });
}

/**
 * GET Call/GetSubmissionPdf: owner of the organization or admin; anyone else 404. A record's PDF
 * is rendered once per language and kept (stored-pdfs.ts); a draft's is made on each request.
 */
export async function getSubmissionPdf(
  db: Db,
  storage: FileStorage,
  user: SessionUser,
  query: {
    submissionId: string;
    recordId?: string | undefined;
    stage?: '1' | '2' | undefined;
    lang?: TLanguage | undefined;
  },
  /** A draft's language without `lang`: the page's (a record keeps the one it was sent in). */
  pageLanguage: TLanguage,
): Promise<PdfBody> {
  const { submission, call } = await loadSubmissionFor(db, user, query.submissionId, {
    allowAdmin: true,
    need: 'read',
  });
  const stage = query.recordId || !query.stage ? undefined : Number(query.stage);
  // The applicant's stage 2 does not exist before the invitation, nor its PDF (decision 0034).
  if (stage !== undefined && stage > submission.stage) throw notFound('errors.pdf.recordNotFound');
  const record = await recordFor(db, query.submissionId, query.recordId, stage);
  if (!record) {
    const bytes = await renderPdfFor(user.id, await liveData(db, submission, call), query.lang ?? pageLanguage);
    return { body: bytes, size: bytes.length };
  }
  const language = query.lang ?? record.language;
  const copy = { recordId: record.id, language, view: 'open' as const, dataMd5: record.dataMd5 };
  return storedOrRendered(db, storage, copy, async () =>
    renderPdfFor(user.id, await recordData(db, record.id), language),
  );
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
      stage: submissionRecords.stage,
    })
    .from(submissionRecords)
    .where(eq(submissionRecords.callSubmissionId, submissionId))
    .orderBy(desc(submissionRecords.closedAt));
  return rows.map((r) => ({ ...r, submissionId, closedAt: r.closedAt.toISOString() }));
}
