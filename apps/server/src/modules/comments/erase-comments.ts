import { and, inArray, isNotNull, or, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { stepComments } from '../../db/schema';

/**
 * Erasure of a person from their teams' comments (docs/decisions/0031-step-comments.md): their
 * comments go; a thread they started that colleagues answered stays, emptied and without author,
 * so the replies keep their place. Their id leaves every mention list and resolution, and free
 * text naming them in the comments they wrote in or were named in becomes the pseudonym.
 */
export async function eraseComments(tx: Tx, userIds: string[], pattern: RegExp | null, pseudonymLabel: string) {
  if (!userIds.length) return;
  const ids = sql`array[${sql.join(
    userIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  )}]`;
  const touched = (
    await tx
      .selectDistinct({ id: stepComments.callSubmissionId })
      .from(stepComments)
      .where(or(inArray(stepComments.authorUserId, userIds), sql`${stepComments.mentions} && ${ids}`))
  ).map((r) => r.id);

  await tx.execute(sql`
    delete from step_comments c
    where c.author_user_id = any(${ids}) and not exists (
      select 1 from step_comments r
      where r.parent_id = c.id and (r.author_user_id is null or not r.author_user_id = any(${ids})))`);
  await tx
    .update(stepComments)
    .set({ body: '', authorUserId: null, mentions: [] })
    .where(inArray(stepComments.authorUserId, userIds));
  await tx.execute(sql`
    update step_comments set mentions = array(select unnest(mentions) except select unnest(${ids}))
    where mentions && ${ids}`);
  await tx
    .update(stepComments)
    .set({ resolvedByUserId: null })
    .where(and(isNotNull(stepComments.resolvedByUserId), inArray(stepComments.resolvedByUserId, userIds)));

  if (!pattern || !touched.length) return;
  const rows = await tx
    .select({ id: stepComments.id, body: stepComments.body })
    .from(stepComments)
    .where(inArray(stepComments.callSubmissionId, touched));
  for (const row of rows) {
    const scrubbed = row.body.replace(pattern, pseudonymLabel);
    if (scrubbed !== row.body)
      await tx.update(stepComments).set({ body: scrubbed }).where(sql`${stepComments.id} = ${row.id}`);
  }
}
