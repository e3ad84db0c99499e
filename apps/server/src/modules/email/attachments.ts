import { asc, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { emailAttachments } from '../../db/schema';

export type MailAttachment = { id: string; filename: string; contentType: string; content: Buffer };

/**
 * Makes the PDF of a submission's frozen record (a `submission_records` row), for a mail that
 * attaches it. The PDF module does; app.ts and background-jobs.ts pass it in, so that mail, which
 * every module may use, depends on none of the application's own modules.
 */
export type RenderRecordPdf = (db: Db | Tx, submissionRecordId: string) => Promise<Buffer>;

/** One attachment's bytes: stored ones as they are, a submission's PDF made from its frozen record. */
export async function attachmentContent(
  db: Db | Tx,
  row: typeof emailAttachments.$inferSelect,
  renderRecord: RenderRecordPdf | undefined,
): Promise<Buffer> {
  if (row.bytes) return row.bytes;
  if (!row.submissionRecordId) throw new Error('attachment without content');
  if (!renderRecord) throw new Error('a record attachment needs the PDF renderer');
  return renderRecord(db, row.submissionRecordId);
}

/** The attachments of one outbox mail, ready for the transport. */
export async function attachmentsOf(
  db: Db | Tx,
  mailId: string,
  renderRecord: RenderRecordPdf | undefined,
): Promise<MailAttachment[]> {
  const rows = await db
    .select()
    .from(emailAttachments)
    .where(eq(emailAttachments.mailId, mailId))
    .orderBy(asc(emailAttachments.createdAt));
  const out: MailAttachment[] = [];
  for (const row of rows) {
    out.push({
      id: row.id,
      filename: row.fileName,
      contentType: row.contentType,
      content: await attachmentContent(db, row, renderRecord),
    });
  }
  return out;
}

/** Names only (for the development outbox page), without making any file. */
export async function attachmentNamesOf(db: Db, mailIds: string[]) {
  if (!mailIds.length) return new Map<string, Array<{ id: string; fileName: string }>>();
  const rows = await db
    .select({ id: emailAttachments.id, mailId: emailAttachments.mailId, fileName: emailAttachments.fileName })
    .from(emailAttachments)
    .where(inArray(emailAttachments.mailId, mailIds));
  const out = new Map<string, Array<{ id: string; fileName: string }>>();
  for (const r of rows) out.set(r.mailId, [...(out.get(r.mailId) ?? []), r]);
  return out;
}
