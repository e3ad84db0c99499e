import { eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { submissionMessageFiles, submissionMessages } from '../../db/schema';

/**
 * Erasure of a person from the conversations they wrote in (docs/decisions/0037): their messages
 * go; free text naming them in the other messages of those conversations becomes the pseudonym,
 * as in the team's comments (0031).
 */
export async function eraseMessages(
  tx: Tx,
  userIds: string[],
  pattern: RegExp | null,
  pseudonymLabel: string,
): Promise<Array<{ storage: string; storageKey: string }>> {
  if (!userIds.length) return [];
  // Their messages' files go with them: the rows by cascade, the bytes after the commit (the caller's).
  const blobs = await tx
    .select({ storage: submissionMessageFiles.storage, storageKey: submissionMessageFiles.storageKey })
    .from(submissionMessageFiles)
    .innerJoin(submissionMessages, eq(submissionMessages.id, submissionMessageFiles.messageId))
    .where(inArray(submissionMessages.authorUserId, userIds));
  const touched = (
    await tx
      .selectDistinct({ id: submissionMessages.callSubmissionId })
      .from(submissionMessages)
      .where(inArray(submissionMessages.authorUserId, userIds))
  ).map((r) => r.id);
  await tx.delete(submissionMessages).where(inArray(submissionMessages.authorUserId, userIds));
  if (!pattern || !touched.length) return blobs;
  const rows = await tx
    .select({ id: submissionMessages.id, body: submissionMessages.body })
    .from(submissionMessages)
    .where(inArray(submissionMessages.callSubmissionId, touched));
  for (const row of rows) {
    const scrubbed = row.body.replace(pattern, pseudonymLabel);
    if (scrubbed !== row.body)
      await tx.update(submissionMessages).set({ body: scrubbed }).where(sql`${submissionMessages.id} = ${row.id}`);
  }
  return blobs;
}

/** The bytes of the message files of these applications (deleted with them; the rows go by cascade). */
export async function messageFilesOf(tx: Tx, submissionIds: string[]) {
  if (!submissionIds.length) return [];
  return tx
    .select({ storage: submissionMessageFiles.storage, storageKey: submissionMessageFiles.storageKey })
    .from(submissionMessageFiles)
    .where(inArray(submissionMessageFiles.callSubmissionId, submissionIds));
}
