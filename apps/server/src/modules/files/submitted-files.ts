import type { TPdfAttachment } from '@impact/domain';
import { type SQLWrapper, sql } from 'drizzle-orm';
import { type Db, rows, type Tx } from '../../db/client';

type SubmissionFile = { id: string; fileName: string; createdAt: Date };

/**
 * A record's attachment names its file by id. One frozen before ids were kept names it by file
 * name, among the files that existed when it was frozen: a replaced file was deleted then, so every
 * file of the submission older than the record was in it (an evidence file's title is its
 * indicator's name, not its slot, so the slot cannot be compared).
 */
const listsFile = (a: TPdfAttachment, f: SubmissionFile, closedAt: Date) =>
  a.fileDownloadId ? a.fileDownloadId === f.id : a.fileName === f.fileName && f.createdAt <= closedAt;

/** The files a frozen record lists as submitted, among the submission's files. */
export function filesOfRecord<F extends SubmissionFile>(
  record: { data: { attachments: TPdfAttachment[] }; closedAt: Date },
  submissionFiles: F[],
): F[] {
  return submissionFiles.filter((f) => record.data.attachments.some((a) => listsFile(a, f, record.closedAt)));
}

/**
 * Which of these files of the submission a frozen record lists: what was submitted at some
 * Submit. They are kept, row and bytes, when the live answer lets them go (a file replaced or
 * removed while a request for changes or a second stage reopens the step): the record, its PDF,
 * the reviewers and the funder still open what was sent. The submission's deletion takes them.
 */
export async function filesKeptByRecords(db: Db | Tx, submissionId: string, fileIds: string[]) {
  if (!fileIds.length) return new Set<string>();
  const listed = await rows<{ id: string }>(
    db,
    sql`
    select f.id from files f
    where f.call_submission_id = ${submissionId}::uuid
      and exists (
        select 1 from submission_records r, jsonb_array_elements(r.data->'attachments') a
        where r.call_submission_id = f.call_submission_id
          and (a->>'fileDownloadId' = f.id::text
            or (a->>'fileDownloadId' is null and a->>'fileName' = f.file_name and f.created_at <= r.closed_at)))`,
  );
  const asked = new Set(fileIds);
  return new Set(listed.map((r) => r.id).filter((id) => asked.has(id)));
}

/**
 * Whether a file's step answer names it (by id): the application holds it now. A file only a
 * frozen record keeps was sent, then replaced or removed. Columns or aliases of the file's row.
 */
export const answerNamesFile = (file: { id: SQLWrapper; submissionId: SQLWrapper; stepId: SQLWrapper }) =>
  sql<boolean>`exists (select 1 from step_results r
    where r.call_submission_id = ${file.submissionId} and r.step_id = ${file.stepId}
      and position(${file.id}::text in r.content) > 0)`;
