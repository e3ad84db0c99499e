import {
  DEFAULT_LANGUAGE,
  hasSecondStage,
  localisedCall,
  type TFieldError,
  type TInviteToStageRequest,
  type TInviteToStageResponse,
  type TLanguage,
  type TPreviewStageInvitationRequest,
  type TStageInvitationPreview,
} from '@impact/domain';
import { and, desc, eq, inArray, notExists, notInArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { callSubmissions, organizations, reviewDecisions, submissionRecords, users } from '../../db/schema';
import { conflict, invalid } from '../../lib/app-error';
import type { SessionUser } from '../../plugins/authentication';
import { audit } from '../audit/record';
import { stepsOfCallTypes } from '../calls/call-types';
import { queueNotice } from '../email/notice-mail';
import { recipientLanguage } from '../email/recipient-language';
import { followDecision } from '../grants/follow-decision';
import { recordOne } from '../review/decisions';
import { dropUnsentMail } from '../review/mails';
import { type CallRow, loadCall } from '../review/rubric';
import { isCallLocked } from '../submission-core/access';
import { applicantRecipients } from '../submission-core/applicant-recipients';
import { invitationMail, invitationPreview } from './invitation-mail';

/*
 * POST Call/InviteToStage and its preview (docs/decisions/0034-calls-in-two-stages.md): the
 * shortlisted organizations go on to stage 2 with a deadline of their own and a mail in their
 * language; once the call's stage 1 has closed, the closed stage-1 submissions left without an
 * invitation or a decision get their outcome, one decision mail each, held until the call's lock.
 */

/** The deadline must lie ahead: 400 otherwise, nothing changed. */
function futureDeadline(closingAt: string, now: Date): Date {
  const at = new Date(closingAt);
  if (at.getTime() <= now.getTime())
    throw invalid([{ path: 'closingAt', messageKey: 'errors.stages.closingInPast' }], 'errors.stages.closingInPast');
  return at;
}

/** A call with stage-2 steps (404 unknown, 409 a call in one stage). */
async function twoStageCall(tx: Db | Tx, callId: string): Promise<CallRow> {
  const call = await loadCall(tx, callId);
  const steps = (await stepsOfCallTypes(tx as Db, [call.callTypeId])).get(call.callTypeId) ?? [];
  if (!hasSecondStage(steps)) throw conflict('errors.stages.noSecondStage');
  return call;
}

/** The named submissions, locked: every one of this call and submitted (stage 1 closed), else 400 naming each. */
async function submittedOfCall(tx: Tx, callId: string, ids: string[]) {
  const rows = await tx
    .select({
      id: callSubmissions.id,
      callId: callSubmissions.callId,
      closed: callSubmissions.closed,
      stage: callSubmissions.stage,
      organizationId: callSubmissions.organizationId,
      orgName: organizations.name,
      contactEmail: organizations.contactEmail,
      creatorEmail: users.email,
    })
    .from(callSubmissions)
    .innerJoin(organizations, eq(organizations.id, callSubmissions.organizationId))
    .innerJoin(users, eq(users.id, callSubmissions.createdByUserId))
    .where(inArray(callSubmissions.id, ids))
    .for('update', { of: callSubmissions });
  const byId = new Map(rows.map((row) => [row.id, row]));
  const errors: TFieldError[] = [];
  ids.forEach((id, i) => {
    const row = byId.get(id);
    // Another call's submission is refused like an unknown one: the request names this call's.
    if (!row || row.callId !== callId)
      errors.push({ path: `submissionIds.${i}`, messageKey: 'errors.stages.notInCall' });
    else if (!row.closed) errors.push({ path: `submissionIds.${i}`, messageKey: 'errors.stages.notSubmitted' });
  });
  if (errors.length) throw invalid(errors, 'errors.stages.cannotInvite');
  return rows;
}

/**
 * An invitation replaces a decision whose mail has not gone yet (they hear of the invitation now,
 * of the final outcome after stage 2). A rejection already sent cannot be followed by an
 * invitation (409): the organization was told it is out.
 */
async function clearPendingDecision(tx: Tx, submissionId: string) {
  const [decision] = await tx
    .select()
    .from(reviewDecisions)
    .where(eq(reviewDecisions.submissionId, submissionId))
    .for('update');
  if (!decision) return;
  const dropped = decision.mailId ? await dropUnsentMail(tx, decision.mailId) : true;
  if (!dropped) {
    if (decision.outcome === 'rejected') throw conflict('errors.stages.alreadyRejected');
    return;
  }
  // The decision goes, so does a grant it made while still a draft (a sent letter is 409; 0043).
  await followDecision(tx, submissionId, null);
  await tx.delete(reviewDecisions).where(eq(reviewDecisions.submissionId, submissionId));
}

/** Who submitted stage 1 and in which language: the latest stage-1 record's (the receipt's). */
async function stageOneRecord(tx: Tx, submissionId: string) {
  const [record] = await tx
    .select({ language: submissionRecords.language, email: submissionRecords.closedByEmail })
    .from(submissionRecords)
    .where(and(eq(submissionRecords.callSubmissionId, submissionId), eq(submissionRecords.stage, 1)))
    .orderBy(desc(submissionRecords.closedAt))
    .limit(1);
  return record ?? null;
}

/** Closed stage-1 submissions of the call with no invitation and no decision, other than `except`. */
function undecidedOthers(tx: Db | Tx, callId: string, except: string[]) {
  return tx
    .select({ id: callSubmissions.id })
    .from(callSubmissions)
    .where(
      and(
        eq(callSubmissions.callId, callId),
        eq(callSubmissions.closed, true),
        eq(callSubmissions.stage, 1),
        except.length ? notInArray(callSubmissions.id, except) : undefined,
        notExists(
          tx.select({ one: sql`1` }).from(reviewDecisions).where(eq(reviewDecisions.submissionId, callSubmissions.id)),
        ),
      ),
    );
}

/** The others are told only once stage 1 is over: before, some may still be writing. */
const outcomesDue = (call: CallRow, now: Date) => now.getTime() > call.closingAt.getTime();

export async function inviteToStage(
  db: Db,
  actor: SessionUser,
  input: TInviteToStageRequest,
  publicUrl: string,
  now = new Date(),
): Promise<TInviteToStageResponse> {
  const closingAt = futureDeadline(input.closingAt, now);
  const ids = [...new Set(input.submissionIds)];
  return db.transaction(async (tx) => {
    const call = await twoStageCall(tx, input.callId);
    const rows = await submittedOfCall(tx, call.id, ids);
    // One already in stage 2 is neither invited nor mailed again.
    const invited = rows.filter((row) => row.stage === 1);
    let mailsQueued = 0;
    for (const row of invited) {
      await clearPendingDecision(tx, row.id);
      const record = await stageOneRecord(tx, row.id);
      const submittedIn: TLanguage = record?.language ?? DEFAULT_LANGUAGE;
      // The one who submitted stage 1 (else who started) while still entitled to it, and the contact.
      const recipients = await applicantRecipients(tx, {
        organizationId: row.organizationId,
        call,
        submitters: [record?.email, row.creatorEmail],
        contact: row.contactEmail,
      });
      for (const to of recipients) {
        // Each reader's own language (saved, else their account's, else the one stage 1 was
        // submitted in), the call named in it.
        const language = await recipientLanguage(tx, to, submittedIn);
        const mail = invitationMail(language, {
          call: localisedCall(call, language).name,
          org: row.orgName,
          closingAt,
          message: input.message,
          link: `${publicUrl}/call/${row.id}`,
        });
        await queueNotice(tx, to, 'stage-invitation', mail, language);
        mailsQueued += 1;
      }
    }
    if (invited.length)
      await tx
        .update(callSubmissions)
        .set({ stage: 2, stageInvitedAt: now, stageClosingAt: closingAt, stageClosedAt: null, updatedAt: now })
        .where(
          inArray(
            callSubmissions.id,
            invited.map((row) => row.id),
          ),
        );
    let outcomesQueued = 0;
    if (outcomesDue(call, now)) {
      // After the update: those just invited are in stage 2 and not among the others.
      for (const other of await undecidedOthers(tx, call.id, [])) {
        const queued = await recordOne(
          tx,
          actor,
          call,
          { submissionId: other.id, outcome: 'rejected', message: '' },
          now,
        );
        if (queued) outcomesQueued += 1;
      }
    }
    await audit(tx, actor, 'call.inviteToStage', call.id, {
      stage: 2,
      invited: invited.length,
      closingAt: closingAt.toISOString(),
      outcomes: outcomesQueued,
    });
    return { invited: invited.length, mailsQueued, outcomesQueued };
  });
}

/** POST Call/PreviewStageInvitation: the mail in it, en and fr, and who else would hear their outcome. */
export async function previewStageInvitation(
  db: Db,
  input: TPreviewStageInvitationRequest,
  publicUrl: string,
  now = new Date(),
): Promise<TStageInvitationPreview> {
  const closingAt = futureDeadline(input.closingAt, now);
  const call = await twoStageCall(db, input.callId);
  const ids = [...new Set(input.submissionIds ?? [])];
  // The first organization named stands in the preview for each (its name is the only difference).
  const [first] = ids.length
    ? await db
        .select({ id: callSubmissions.id, orgName: organizations.name })
        .from(callSubmissions)
        .innerJoin(organizations, eq(organizations.id, callSubmissions.organizationId))
        .where(and(eq(callSubmissions.callId, call.id), eq(callSubmissions.id, ids[0] as string)))
    : [];
  const mails = invitationPreview({
    call: call.name,
    org: first?.orgName ?? '…',
    closingAt,
    message: input.message,
    link: `${publicUrl}/call/${first?.id ?? '…'}`,
  });
  const others = outcomesDue(call, now) ? (await undecidedOthers(db, call.id, ids)).length : 0;
  const lockEnd = isCallLocked(call, now) ? (call.callLockEnd?.toISOString() ?? null) : null;
  return { mails, outcomes: others, outcomesSendAt: others ? lockEnd : null };
}
