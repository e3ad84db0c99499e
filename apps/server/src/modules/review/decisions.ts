import { DEFAULT_LANGUAGE, type TDecisionOutcome } from '@impact/domain';
import { and, desc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { callSubmissions, organizations, reviewDecisions, submissionRecords, users } from '../../db/schema';
import { notFound } from '../../lib/app-error';
import type { SessionUser } from '../../plugins/authentication';
import { audit } from '../audit/record';
import { followDecision } from '../grants/follow-decision';
import { applicantRecipient } from '../submission-core/applicant-recipients';
import { recordWebhookEvent } from '../webhooks/record';
import { dropUnsentMail, queueDecisionMail } from './mails';
import { type CallRow, loadCall } from './rubric';

export type DecisionItem = { submissionId: string; outcome: TDecisionOutcome; message: string };
type Item = DecisionItem;

async function closedSubmission(tx: Tx, callId: string, submissionId: string) {
  const [row] = await tx
    .select({
      id: callSubmissions.id,
      organizationId: callSubmissions.organizationId,
      orgName: organizations.name,
      contactEmail: organizations.contactEmail,
      submitterEmail: users.email,
    })
    .from(callSubmissions)
    .innerJoin(organizations, eq(organizations.id, callSubmissions.organizationId))
    .innerJoin(users, eq(users.id, callSubmissions.createdByUserId))
    .where(
      and(eq(callSubmissions.id, submissionId), eq(callSubmissions.callId, callId), eq(callSubmissions.closed, true)),
    );
  if (!row) throw notFound('errors.submissions.notFound');
  return row;
}

/** The language the applicant submitted in (the receipt's), else the default: for one who saved none. */
export async function applicantLanguage(tx: Tx, submissionId: string) {
  const [record] = await tx
    .select({ language: submissionRecords.language })
    .from(submissionRecords)
    .where(eq(submissionRecords.callSubmissionId, submissionId))
    .orderBy(desc(submissionRecords.closedAt))
    .limit(1);
  return record?.language ?? DEFAULT_LANGUAGE;
}

/** The decision row locked for this transaction, so two admins deciding at once queue one mail. */
async function lockedDecision(tx: Tx, submissionId: string) {
  const [row] = await tx
    .select()
    .from(reviewDecisions)
    .where(eq(reviewDecisions.submissionId, submissionId))
    .for('update');
  return row ?? null;
}

/**
 * One decision. The mail is queued when the outcome is new or changes; an unsent mail of an
 * earlier outcome is dropped first, so the applicant hears one outcome, once. Recording the same
 * outcome and message again changes nothing. The outbox holds the mail until the call's lock ends.
 * Also the outcome an invitation to stage 2 gives the others (modules/stages, decision 0034).
 */
export async function recordOne(tx: Tx, actor: SessionUser, call: CallRow, item: Item, now: Date) {
  const sub = await closedSubmission(tx, call.id, item.submissionId);
  await tx
    .insert(reviewDecisions)
    .values({ submissionId: sub.id, callId: call.id, outcome: item.outcome, message: item.message })
    .onConflictDoNothing();
  const current = await lockedDecision(tx, sub.id);
  if (!current) throw new Error('decision row missing');
  const isNew = current.mailId === null && current.decidedByUserId === null;
  if (!isNew && current.outcome === item.outcome && current.message === item.message) return false;
  const outcomeChanged = isNew || current.outcome !== item.outcome;
  const dropped = current.mailId ? await dropUnsentMail(tx, current.mailId) : false;
  // A changed outcome no longer has the earlier outcome's mail, sent or not.
  let mailId = dropped || outcomeChanged ? null : current.mailId;
  let queued = false;
  // Who started the application while still entitled to it, else the organization's contact;
  // asked only when a mail is to be queued.
  const to =
    outcomeChanged || dropped
      ? await applicantRecipient(tx, {
          organizationId: sub.organizationId,
          call,
          submitters: [sub.submitterEmail],
          contact: sub.contactEmail,
        })
      : null;
  if (to) {
    const lockEnd = call.callLockEnd;
    mailId = await queueDecisionMail(tx, {
      to,
      call,
      orgName: sub.orgName,
      outcome: item.outcome,
      message: item.message,
      fallback: await applicantLanguage(tx, sub.id),
      sendAt: lockEnd && lockEnd > now ? lockEnd : now,
    });
    queued = true;
  }
  await tx
    .update(reviewDecisions)
    .set({ outcome: item.outcome, message: item.message, decidedByUserId: actor.id, decidedAt: now, mailId })
    .where(eq(reviewDecisions.submissionId, sub.id));
  // An accepted outcome makes the grant (modules/grants, decision 0043); a draft one goes with a change.
  await followDecision(tx, sub.id, item.outcome);
  await recordWebhookEvent(
    tx,
    'decision.recorded',
    { submissionId: sub.id, callId: call.id, outcome: item.outcome, callName: call.name, decidedAt: now.toISOString() },
    now,
  );
  await audit(tx, actor, 'review.decision', sub.id, { outcome: item.outcome, mailQueued: queued });
  return queued;
}

/** POST Review/RecordDecisions: one submission or many, all in one transaction. */
export async function recordDecisions(db: Db, actor: SessionUser, input: { callId: string; items: Item[] }) {
  const now = new Date();
  return db.transaction(async (tx) => {
    const call = await loadCall(tx, input.callId);
    let mailsQueued = 0;
    // One row per submission: the last item for a submission wins, and no row is locked twice.
    const items = [...new Map(input.items.map((i) => [i.submissionId, i])).values()];
    for (const item of items) if (await recordOne(tx, actor, call, item, now)) mailsQueued += 1;
    return { recorded: items.length, mailsQueued };
  });
}
