import type { TPdfAttachment } from '@impact/domain';
import { sql } from 'drizzle-orm';
import { type Db, rows, type Tx } from '../../db/client';

/** A record's attachment names its file by id; one frozen before ids were kept, by slot and file name. */
const listsFile = (a: TPdfAttachment, f: { id: string; name: string; fileName: string }) =>
  a.fileDownloadId ? a.fileDownloadId === f.id : a.attachmentTitle === f.name && a.fileName === f.fileName;

/** The files `data` (a frozen record) lists as submitted, among the submission's files. */
export function filesOfRecord<F extends { id: string; name: string; fileName: string }>(
  data: { attachments: TPdfAttachment[] },
  submissionFiles: F[],
): F[] {
  return submissionFiles.filter((f) => data.attachments.some((a) => listsFile(a, f)));
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
            or (a->>'fileDownloadId' is null and a->>'attachmentTitle' = f.name and a->>'fileName' = f.file_name)))`,
  );
  const asked = new Set(fileIds);
  return new Set(listed.map((r) => r.id).filter((id) => asked.has(id)));
}
