import { inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { submissionMessages } from '../../db/schema';

/**
 * Erasure of a person from the conversations they wrote in (docs/decisions/0037): their messages
 * go; free text naming them in the other messages of those conversations becomes the pseudonym,
 * as in the team's comments (0031).
 */
export async function eraseMessages(tx: Tx, userIds: string[], pattern: RegExp | null, pseudonymLabel: string) {
  if (!userIds.length) return;
  const touched = (
    await tx
      .selectDistinct({ id: submissionMessages.callSubmissionId })
      .from(submissionMessages)
      .where(inArray(submissionMessages.authorUserId, userIds))
  ).map((r) => r.id);
  await tx.delete(submissionMessages).where(inArray(submissionMessages.authorUserId, userIds));
  if (!pattern || !touched.length) return;
  const rows = await tx
    .select({ id: submissionMessages.id, body: submissionMessages.body })
    .from(submissionMessages)
    .where(inArray(submissionMessages.callSubmissionId, touched));
  for (const row of rows) {
    const scrubbed = row.body.replace(pattern, pseudonymLabel);
    if (scrubbed !== row.body)
      await tx.update(submissionMessages).set({ body: scrubbed }).where(sql`${submissionMessages.id} = ${row.id}`);
  }
}
