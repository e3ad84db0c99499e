import {
  changeRequestStatus,
  DEFAULT_LANGUAGE,
  localisedCall,
  localisedStep,
  MAX_CHANGE_REQUEST_DAYS,
  personName,
  type TChangeRequest,
  type TFieldError,
  type TLanguage,
  type TRequestChangesRequest,
} from '@impact/domain';
import { desc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import {
  callSubmissions,
  calls,
  organizations,
  submissionChangeRequests,
  submissionRecords,
  users,
} from '../../db/schema';
import { conflict, invalid, notFound } from '../../lib/app-error';
import type { SessionUser } from '../../plugins/authentication';
import { audit } from '../audit/record';
import { stepsOfCallTypes } from '../calls/call-types';
import { postMessage } from '../conversation/service';
import { queueNotice } from '../email/notice-mail';
import { recipientLanguage } from '../email/recipient-language';
import { isStageSubmitted, loadSubmissionFor } from '../submission-core/access';
import { applicantRecipients } from '../submission-core/applicant-recipients';
import { reportToReopen } from '../submission-core/approved-report';
import { openChangeRequest } from '../submission-core/change-requests';
import { recordWebhookEvent } from '../webhooks/record';
import { changeRequestMail } from './mail';

/*
 * Requests for changes on a submitted application (docs/decisions/0039-request-changes.md). The
 * writing rule itself lives where every write is judged: the autosave's one statement
 * (submissions/guarded-write.ts) and `assertStepWritable` with `withOpenChangeRequest`; Submit
 * again answers the request in close.ts.
 */

type Row = typeof submissionChangeRequests.$inferSelect;

function toChangeRequest(row: Row, requestedBy: string, now: Date): TChangeRequest {
  return {
    id: row.id,
    submissionId: row.callSubmissionId,
    requestedAt: row.createdAt.toISOString(),
    requestedBy,
    stepIds: row.stepIds,
    message: row.message,
    dueAt: row.dueAt.toISOString(),
    answeredAt: row.answeredAt?.toISOString() ?? null,
    withdrawnAt: row.withdrawnAt?.toISOString() ?? null,
    status: changeRequestStatus(row, now),
  };
}

/** The submission locked (a Submit, a write or another request waits): 404 unknown. */
async function lockedSubmission(tx: Tx, submissionId: string) {
  const [row] = await tx
    .select({
      submission: callSubmissions,
      call: calls,
      orgName: organizations.name,
      contactEmail: organizations.contactEmail,
      creatorEmail: users.email,
    })
    .from(callSubmissions)
    .innerJoin(calls, eq(calls.id, callSubmissions.callId))
    .innerJoin(organizations, eq(organizations.id, callSubmissions.organizationId))
    .leftJoin(users, eq(users.id, callSubmissions.createdByUserId))
    .where(eq(callSubmissions.id, submissionId))
    .for('update', { of: callSubmissions });
  if (!row) throw notFound('errors.submissions.notFound');
  return row;
}

async function nameOf(tx: Tx, userId: string): Promise<string> {
  const [user] = await tx
    .select({ firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, userId));
  return user ? personName(user) : '';
}

/** The latest record's closer and language (the receipt's): who is told first, and in which language by default. */
async function latestRecord(tx: Tx, submissionId: string) {
  const [record] = await tx
    .select({ language: submissionRecords.language, email: submissionRecords.closedByEmail })
    .from(submissionRecords)
    .where(eq(submissionRecords.callSubmissionId, submissionId))
    .orderBy(desc(submissionRecords.closedAt))
    .limit(1);
  return record ?? null;
}

/**
 * POST CallSubmission/RequestChanges (admin): the one place a request is made, and where its
 * `submission.reopened` webhook event leaves from (with the steps reopened and the due date). In one transaction under the submission's lock:
 * submitted (409), one open request at a time (409), the steps the call's and of a stage reached
 * (400 naming each), the due date ahead (400); the request stored, its message posted in the
 * application's conversation on the funder's side, a mail to who submitted and to the
 * organization's contact in their language, an audit row.
 */
export async function requestChanges(
  db: Db,
  actor: SessionUser,
  input: TRequestChangesRequest,
  publicUrl: string,
  now = new Date(),
): Promise<TChangeRequest> {
  const dueAt = new Date(input.dueAt);
  if (dueAt.getTime() <= now.getTime())
    throw invalid(
      [{ path: 'dueAt', messageKey: 'errors.changeRequests.dueInPast' }],
      'errors.changeRequests.dueInPast',
    );
  // A request reopens steps until its due date: a year at most, never an application open for good.
  if (dueAt.getTime() > now.getTime() + MAX_CHANGE_REQUEST_DAYS * 86_400_000)
    throw invalid(
      [{ path: 'dueAt', messageKey: 'errors.changeRequests.dueTooFar', params: { days: MAX_CHANGE_REQUEST_DAYS } }],
      'errors.changeRequests.dueTooFar',
    );
  const stepIds = [...new Set(input.stepIds)];
  return db.transaction(async (tx) => {
    const { submission, call, orgName, contactEmail, creatorEmail } = await lockedSubmission(tx, input.submissionId);
    if (!isStageSubmitted(submission)) throw conflict('errors.changeRequests.notSubmitted');
    if (await openChangeRequest(tx, submission.id, now)) throw conflict('errors.changeRequests.alreadyOpen');
    const report = await reportToReopen(tx, submission.id);
    if (report?.fixedBecause) throw conflict(report.fixedBecause);
    const callSteps = (await stepsOfCallTypes(tx as Db, [call.callTypeId])).get(call.callTypeId) ?? [];
    const reached = new Map(callSteps.filter((s) => s.stage <= submission.stage).map((s) => [s.id, s]));
    const errors: TFieldError[] = [];
    input.stepIds.forEach((id, i) => {
      if (!reached.has(id)) errors.push({ path: `stepIds.${i}`, messageKey: 'errors.changeRequests.stepNotInCall' });
    });
    if (errors.length) throw invalid(errors, 'errors.changeRequests.stepNotInCall');
    const [row] = await tx
      .insert(submissionChangeRequests)
      .values({
        callSubmissionId: submission.id,
        requestedByUserId: actor.id,
        stepIds,
        message: input.message,
        dueAt,
        createdAt: now,
      })
      .returning();
    if (!row) throw new Error('insert failed');
    await postMessage(tx, { submissionId: submission.id, author: actor, side: 'funder', text: input.message });
    const record = await latestRecord(tx, submission.id);
    const submittedIn: TLanguage = record?.language ?? DEFAULT_LANGUAGE;
    let mails = 0;
    const recipients = await applicantRecipients(tx, {
      organizationId: submission.organizationId,
      call,
      submitters: [record?.email, creatorEmail],
      contact: contactEmail,
    });
    for (const to of recipients) {
      const language = await recipientLanguage(tx, to, submittedIn);
      const mail = changeRequestMail(language, {
        report: report !== null,
        call: localisedCall(call, language).name,
        org: orgName,
        steps: stepIds.map((id) => {
          const step = reached.get(id);
          return step ? localisedStep(step, language).name : id;
        }),
        dueAt,
        message: input.message,
        link: `${publicUrl}/call/${submission.id}`,
      });
      await queueNotice(tx, to, 'change-request', mail, language);
      mails += 1;
    }
    await recordWebhookEvent(
      tx,
      'submission.reopened',
      {
        submissionId: submission.id,
        callId: submission.callId,
        organizationId: submission.organizationId,
        stage: submission.stage,
        changeRequestId: row.id,
        stepIds,
        dueAt: dueAt.toISOString(),
      },
      now,
    );
    await audit(tx, actor, 'submission.requestChanges', submission.id, {
      request: row.id,
      steps: stepIds.length,
      dueAt: dueAt.toISOString(),
      mails,
    });
    return toChangeRequest(row, await nameOf(tx, actor.id), now);
  });
}

/**
 * POST CallSubmission/WithdrawChangeRequest (admin): an open request ends, its steps frozen
 * again at once (404 unknown; 409 answered, withdrawn or past its due date).
 */
export async function withdrawChangeRequest(db: Db, actor: SessionUser, requestId: string, now = new Date()) {
  return db.transaction(async (tx) => {
    const [found] = await tx
      .select({ submissionId: submissionChangeRequests.callSubmissionId })
      .from(submissionChangeRequests)
      .where(eq(submissionChangeRequests.id, requestId));
    if (!found) throw notFound('errors.changeRequests.notFound');
    // The submission's lock first, as Submit takes it: a Submit answering this request either
    // commits before (then this is 409) or sees it withdrawn.
    await lockedSubmission(tx, found.submissionId);
    const [row] = await tx.select().from(submissionChangeRequests).where(eq(submissionChangeRequests.id, requestId));
    if (!row || changeRequestStatus(row, now) !== 'open') throw conflict('errors.changeRequests.notOpen');
    const [updated] = await tx
      .update(submissionChangeRequests)
      .set({ withdrawnAt: now, withdrawnByUserId: actor.id })
      .where(eq(submissionChangeRequests.id, requestId))
      .returning();
    if (!updated) throw new Error('update failed');
    await audit(tx, actor, 'submission.withdrawChangeRequest', row.callSubmissionId, { request: row.id });
    return toChangeRequest(updated, row.requestedByUserId ? await nameOf(tx, row.requestedByUserId) : '', now);
  });
}

/**
 * GET CallSubmission/GetChangeRequests: every request of a submission, newest first, for its
 * organization's members (any role) and administrators; anyone else 404.
 */
export async function listChangeRequests(db: Db, user: SessionUser, submissionId: string, now = new Date()) {
  await loadSubmissionFor(db, user, submissionId, { allowAdmin: true, need: 'read' });
  const rows = await db
    .select({ request: submissionChangeRequests, firstName: users.firstName, lastName: users.lastName })
    .from(submissionChangeRequests)
    .leftJoin(users, eq(users.id, submissionChangeRequests.requestedByUserId))
    .where(eq(submissionChangeRequests.callSubmissionId, submissionId))
    .orderBy(desc(submissionChangeRequests.createdAt));
  return rows.map((r) =>
    toChangeRequest(
      r.request,
      r.firstName === null ? '' : personName({ firstName: r.firstName, lastName: r.lastName ?? '' }),
      now,
    ),
  );
}
