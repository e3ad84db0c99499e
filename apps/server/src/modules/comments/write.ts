import { personName, type TAddStepCommentRequest, type TResolveStepCommentRequest } from '@impact/domain';
import { and, asc, eq, inArray, isNull, lte } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { organizationMembers, stepComments, steps, users } from '../../db/schema';
import { conflict, invalid, notFound } from '../../lib/app-error';
import type { SessionUser } from '../../plugins/authentication';
import { isStageSubmitted, loadSubmissionFor } from '../submission-core/access';
import { queueMentionMails } from './mention-mails';

/**
 * Members read and write comments with `read`: a viewer comments too, since a comment changes
 * nothing of the application (docs/decisions/0031-step-comments.md). A sent application takes no
 * new comment and no change of state (409), as it takes no answer.
 */
async function openSubmission(tx: Tx, user: SessionUser, submissionId: string) {
  const found = await loadSubmissionFor(tx, user, submissionId, { need: 'read' });
  // In stage 2 (decision 0034) the application is open again until its second Submit.
  if (isStageSubmitted(found.submission)) throw conflict('errors.comments.submissionClosed');
  return found;
}

/** Every named person must be a member of the organization now; else 400 and nothing is written. */
async function checkMentions(tx: Tx, organizationId: string, mentions: string[]) {
  if (!mentions.length) return;
  const members = await tx
    .select({ userId: organizationMembers.userId })
    .from(organizationMembers)
    .where(and(eq(organizationMembers.organizationId, organizationId), inArray(organizationMembers.userId, mentions)));
  if (members.length !== mentions.length)
    throw invalid(
      [{ path: 'mentions', messageKey: 'errors.comments.mentionNotMember' }],
      'errors.comments.mentionNotMember',
    );
}

/** POST Call/AddStepComment: a new thread, or a reply naming its thread (which a reply reopens). */
export async function addStepComment(db: Db, user: SessionUser, input: TAddStepCommentRequest, publicUrl: string) {
  return db.transaction(async (tx) => {
    const { submission, call } = await openSubmission(tx, user, input.submissionId);
    const callSteps = await tx
      .select({ id: steps.id, name: steps.name, translations: steps.translations })
      .from(steps)
      // The steps of the stages reached, as the wizard lists them (decision 0034).
      .where(and(eq(steps.callTypeId, call.callTypeId), lte(steps.stage, submission.stage)))
      .orderBy(asc(steps.sort));
    const stepIndex = callSteps.findIndex((s) => s.id === input.stepId);
    const step = callSteps[stepIndex];
    if (!step) throw notFound('errors.submissions.stepNotInCall');
    if (input.parentId) {
      // Only a thread's first comment of this very step takes replies: one level of threads.
      const [thread] = await tx
        .select({ id: stepComments.id })
        .from(stepComments)
        .where(
          and(
            eq(stepComments.id, input.parentId),
            eq(stepComments.callSubmissionId, submission.id),
            eq(stepComments.stepId, step.id),
            isNull(stepComments.parentId),
          ),
        )
        .for('update');
      if (!thread) throw notFound('errors.comments.threadNotFound');
      await tx
        .update(stepComments)
        .set({ resolvedAt: null, resolvedByUserId: null })
        .where(eq(stepComments.id, thread.id));
    }
    const mentions = [...new Set(input.mentions)];
    await checkMentions(tx, submission.organizationId, mentions);
    const [row] = await tx
      .insert(stepComments)
      .values({
        callSubmissionId: submission.id,
        stepId: step.id,
        parentId: input.parentId ?? null,
        authorUserId: user.id,
        body: input.body,
        mentions,
      })
      .returning({ id: stepComments.id });
    const [author] = await tx
      .select({ firstName: users.firstName, lastName: users.lastName })
      .from(users)
      .where(eq(users.id, user.id));
    await queueMentionMails(tx, {
      mentioned: mentions.filter((m) => m !== user.id),
      authorName: (author && personName(author)) || user.email,
      call: { name: call.name, translations: call.translations },
      step: { name: step.name, translations: step.translations },
      link: `${publicUrl}/call/${submission.id}/${stepIndex}/0`,
    });
    return { id: row?.id ?? '' };
  });
}

/** POST Call/ResolveStepComment: resolves or reopens the thread the comment belongs to. */
export async function resolveStepComment(db: Db, user: SessionUser, input: TResolveStepCommentRequest) {
  await db.transaction(async (tx) => {
    const [comment] = await tx
      .select({ submissionId: stepComments.callSubmissionId, parentId: stepComments.parentId })
      .from(stepComments)
      .where(eq(stepComments.id, input.commentId));
    if (!comment) throw notFound('errors.comments.notFound');
    // Someone else's comment is the same 404 as one that does not exist.
    try {
      await openSubmission(tx, user, comment.submissionId);
    } catch (err) {
      if ((err as { status?: number }).status === 404) throw notFound('errors.comments.notFound');
      throw err;
    }
    await tx
      .update(stepComments)
      .set(
        input.resolved
          ? { resolvedAt: new Date(), resolvedByUserId: user.id }
          : { resolvedAt: null, resolvedByUserId: null },
      )
      .where(eq(stepComments.id, comment.parentId ?? input.commentId));
  });
}
