import { Readable } from 'node:stream';
import { emailAllowedByFilter } from '@impact/domain';
import { asc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  auditLog,
  callReviewers,
  callScreenings,
  callSubmissions,
  calls,
  consentAcceptances,
  consentTextVersions,
  emailOutbox,
  files,
  idpAccounts,
  organizationMembers,
  organizations,
  refreshTokens,
  reviewAssignments,
  stepComments,
  stepResults,
  stepResultVersions,
  steps,
  submissionMessages,
  submissionRecords,
  users,
} from '../../db/schema';
import { cleanFileName } from '../../lib/file-names';
import { type ZipEntry, zipStream } from '../../lib/zip-stream';
import type { FileStorage } from '../files/storage';
import { toOrganization } from '../organizations/service';
import { withoutAnswerKeys } from '../pdf/export-data';
import { scoresShownToApplicants } from '../submission-core/scores-shown';

type FileRef = { id: string; path: string; storage: string; storageKey: string };
export type PersonalData = { data: Record<string, unknown>; files: FileRef[] };

const iso = (d: Date | null) => d?.toISOString() ?? null;

/**
 * A mail's text without the secrets its links carry (a password-reset or verification token is
 * valid for hours): an export is a file that lives on, and whoever holds a short-lived access
 * token could otherwise ask for a reset and read its link here.
 */
const LINK_SECRET = /([?&#](?:token|code|ticket|key|state)=)[^&\s"'<>]+/gi;
export function withoutLinkSecrets(text: string): string {
  return text.replace(LINK_SECRET, '$1[removed]');
}

/**
 * Everything the platform holds about one person (GDPR art. 15 and 20), found by their user rows
 * and e-mail: account, sign-in account, organizations and their applications with answers and
 * files, frozen records, consents, reviews, invitations, mails and sessions. Secrets (password
 * hashes, token hashes) are never part of it.
 */
export async function collectPersonalData(
  db: Db,
  target: { userIds: string[]; emails: string[] },
  now = new Date(),
): Promise<PersonalData> {
  const emails = [...new Set(target.emails.map((e) => e.trim().toLowerCase()))];
  const people = target.userIds.length ? await db.select().from(users).where(inArray(users.id, target.userIds)) : [];
  const userIds = people.map((p) => p.id);
  const none = sql`false`;
  const byUser = (build: (ids: string[]) => SQL | undefined): SQL => (userIds.length ? (build(userIds) ?? none) : none);

  const accounts = emails.length
    ? await db
        .select()
        .from(idpAccounts)
        .where(inArray(sql`lower(${idpAccounts.email})`, emails))
    : [];
  // Every organization the person is a member of, with their role in it.
  const orgRows = (
    await db
      .selectDistinctOn([organizations.createdAt, organizations.id], {
        organization: organizations,
        role: organizationMembers.role,
      })
      .from(organizationMembers)
      .innerJoin(organizations, eq(organizations.id, organizationMembers.organizationId))
      .where(byUser((u) => inArray(organizationMembers.userId, u)))
      .orderBy(asc(organizations.createdAt), asc(organizations.id))
  ).map((r) => ({ ...r.organization, role: r.role }));
  const orgIds = orgRows.map((o) => o.id);
  const started = await db
    .select({
      id: callSubmissions.id,
      callId: callSubmissions.callId,
      callName: calls.name,
      organizationId: callSubmissions.organizationId,
      closed: callSubmissions.closed,
      stage: callSubmissions.stage,
      stageClosedAt: callSubmissions.stageClosedAt,
      createdAt: callSubmissions.createdAt,
      updatedAt: callSubmissions.updatedAt,
      closedAt: callSubmissions.closedAt,
      createdByUserId: callSubmissions.createdByUserId,
      isUserFilterEnable: calls.isUserFilterEnable,
      userFilterEmail: calls.userFilterEmail,
      callLockEnd: calls.callLockEnd,
    })
    .from(callSubmissions)
    .innerJoin(calls, eq(calls.id, callSubmissions.callId))
    .where(
      or(
        orgIds.length ? inArray(callSubmissions.organizationId, orgIds) : none,
        byUser((u) => inArray(callSubmissions.createdByUserId, u)),
      ),
    )
    .orderBy(asc(callSubmissions.createdAt));
  // An application's contents go only to whom the application routes show them (loadSubmissionFor):
  // a member of its organization now, whom the call's e-mail filter lets in. One the person started
  // in a team they have left, or on a call whose filter no longer names them, is listed without
  // what the team wrote; what they wrote and uploaded themselves is exported below anyway.
  const addresses = [...new Set([...emails, ...people.map((p) => p.email.trim().toLowerCase())])];
  const readable = (s: (typeof started)[number]) =>
    orgIds.includes(s.organizationId) && addresses.some((email) => emailAllowedByFilter(s, email));
  const submissions = started.filter(readable);
  const startedNotShown = started.filter(
    (s) => !readable(s) && s.createdByUserId !== null && userIds.includes(s.createdByUserId),
  );
  const submissionIds = submissions.map((s) => s.id);
  // Scores are shown as the application's routes show them (scores-shown.ts): not while the call's
  // results are locked, nor while the answers can still change.
  const scoresHidden = new Set<string>();
  for (const s of submissions) if (!(await scoresShownToApplicants(db, s, s, now))) scoresHidden.add(s.id);
  const answers = submissionIds.length
    ? await db
        .select({
          submissionId: stepResults.callSubmissionId,
          stepId: stepResults.stepId,
          stepName: steps.name,
          content: stepResults.content,
          score: stepResults.score,
          updatedAt: stepResults.updatedAt,
        })
        .from(stepResults)
        .innerJoin(steps, eq(steps.id, stepResults.stepId))
        .where(inArray(stepResults.callSubmissionId, submissionIds))
        .orderBy(asc(steps.sort))
    : [];
  const records = submissionIds.length
    ? await db
        .select()
        .from(submissionRecords)
        .where(inArray(submissionRecords.callSubmissionId, submissionIds))
        .orderBy(asc(submissionRecords.closedAt))
    : [];
  // The eligibility screenings of the person's organizations, and those they answered (decision 0033).
  const screenings = await db
    .select({
      callName: calls.name,
      organizationId: callScreenings.organizationId,
      answers: callScreenings.answers,
      eligible: callScreenings.eligible,
      reasons: callScreenings.reasons,
      createdAt: callScreenings.createdAt,
    })
    .from(callScreenings)
    .innerJoin(calls, eq(calls.id, callScreenings.callId))
    .where(
      or(
        orgIds.length ? inArray(callScreenings.organizationId, orgIds) : none,
        byUser((u) => inArray(callScreenings.userId, u)),
      ),
    )
    .orderBy(asc(callScreenings.createdAt));
  const fileRows = await db
    .select()
    .from(files)
    .where(
      or(
        submissionIds.length ? inArray(files.callSubmissionId, submissionIds) : none,
        // What the person uploaded, to an application shown here or not.
        byUser((u) => inArray(files.ownerUserId, u)),
      ),
    )
    .orderBy(asc(files.createdAt));
  const consents = await db
    .select({
      acceptedAt: consentAcceptances.acceptedAt,
      organizationId: consentAcceptances.organizationId,
      versionId: consentTextVersions.id,
      text: consentTextVersions.text,
      versionCreatedAt: consentTextVersions.createdAt,
    })
    .from(consentAcceptances)
    .innerJoin(consentTextVersions, eq(consentTextVersions.id, consentAcceptances.versionId))
    .where(byUser((u) => inArray(consentAcceptances.userId, u)))
    .orderBy(asc(consentAcceptances.acceptedAt));
  const reviews = await db
    .select({
      callName: calls.name,
      submissionId: reviewAssignments.submissionId,
      status: reviewAssignments.status,
      conflictReason: reviewAssignments.conflictReason,
      scores: reviewAssignments.scores,
      recommendation: reviewAssignments.recommendation,
      comment: reviewAssignments.comment,
      submittedAt: reviewAssignments.submittedAt,
    })
    .from(reviewAssignments)
    .innerJoin(calls, eq(calls.id, reviewAssignments.callId))
    .where(byUser((u) => inArray(reviewAssignments.reviewerUserId, u)));
  const invitations = await db
    .select({
      callName: calls.name,
      email: callReviewers.email,
      invitedAt: callReviewers.invitedAt,
      acceptedAt: callReviewers.acceptedAt,
    })
    .from(callReviewers)
    .innerJoin(calls, eq(calls.id, callReviewers.callId))
    .where(
      or(
        emails.length ? inArray(callReviewers.email, emails) : none,
        byUser((u) => inArray(callReviewers.userId, u)),
      ),
    );
  const mails = emails.length
    ? await db
        .select({
          to: emailOutbox.to,
          subject: emailOutbox.subject,
          text: emailOutbox.text,
          createdAt: emailOutbox.createdAt,
          sentAt: emailOutbox.sentAt,
        })
        .from(emailOutbox)
        .where(inArray(sql`lower(trim(${emailOutbox.to}))`, emails))
        .orderBy(asc(emailOutbox.createdAt))
    : [];
  const sessions = await db
    .select({
      createdAt: refreshTokens.createdAt,
      expiresAt: refreshTokens.expiresAt,
      revokedAt: refreshTokens.revokedAt,
    })
    .from(refreshTokens)
    .where(byUser((u) => inArray(refreshTokens.userId, u)))
    .orderBy(asc(refreshTokens.createdAt));
  const adminActions = await db
    .select({
      action: auditLog.action,
      targetId: auditLog.targetId,
      details: auditLog.details,
      createdAt: auditLog.createdAt,
    })
    .from(auditLog)
    .where(byUser((u) => inArray(auditLog.actorUserId, u)))
    .orderBy(asc(auditLog.createdAt));

  // What the person wrote in a team's drafts: their comments, and each version of an answer they saved.
  const comments = await db
    .select({
      submissionId: stepComments.callSubmissionId,
      stepId: stepComments.stepId,
      step: steps.name,
      body: stepComments.body,
      createdAt: stepComments.createdAt,
      resolvedAt: stepComments.resolvedAt,
    })
    .from(stepComments)
    .innerJoin(steps, eq(steps.id, stepComments.stepId))
    .where(byUser((u) => inArray(stepComments.authorUserId, u)))
    .orderBy(asc(stepComments.createdAt));
  const versions = await db
    .select({
      submissionId: stepResultVersions.callSubmissionId,
      stepId: stepResultVersions.stepId,
      step: steps.name,
      version: stepResultVersions.version,
      savedAt: stepResultVersions.savedAt,
      content: stepResultVersions.content,
    })
    .from(stepResultVersions)
    .innerJoin(steps, eq(steps.id, stepResultVersions.stepId))
    .where(byUser((u) => inArray(stepResultVersions.authorUserId, u)))
    .orderBy(asc(stepResultVersions.savedAt));

  const messages = await db
    .select({
      submissionId: submissionMessages.callSubmissionId,
      side: submissionMessages.side,
      text: submissionMessages.body,
      createdAt: submissionMessages.createdAt,
    })
    .from(submissionMessages)
    .where(byUser((u) => inArray(submissionMessages.authorUserId, u)))
    .orderBy(asc(submissionMessages.createdAt));

  const fileRefs: FileRef[] = fileRows.map((f) => ({
    id: f.id,
    path: `files/${f.id}/${cleanFileName(f.fileName)}`,
    storage: f.storage,
    storageKey: f.storageKey,
  }));
  const pathOf = new Map(fileRefs.map((f) => [f.id, f.path]));
  const data = {
    exportedAt: now.toISOString(),
    about:
      'Everything this platform holds about you: your account, your organizations and their applications (one you started but may no longer read is only listed), your files, consents, reviews, the comments, answer versions and messages you wrote, and the messages sent to you.',
    accounts: people.map((p) => ({
      id: p.id,
      email: p.email,
      firstName: p.firstName,
      lastName: p.lastName,
      roles: p.roles,
      identityProvider: p.issuer,
      createdAt: iso(p.createdAt),
      lastLoginAt: iso(p.lastLoginAt),
      language: p.language,
    })),
    signInAccounts: accounts.map((a) => ({
      email: a.email,
      firstName: a.firstName,
      lastName: a.lastName,
      language: a.language,
      emailVerifiedAt: iso(a.emailVerifiedAt),
      createdAt: iso(a.createdAt),
    })),
    organizations: orgRows.map((o) => ({
      ...toOrganization(o, o.role),
      createdAt: iso(o.createdAt),
      updatedAt: iso(o.updatedAt),
    })),
    applications: submissions.map((s) => ({
      id: s.id,
      call: s.callName,
      organizationId: s.organizationId,
      submitted: s.closed,
      createdAt: iso(s.createdAt),
      updatedAt: iso(s.updatedAt),
      submittedAt: iso(s.closedAt),
      answers: answers
        .filter((a) => a.submissionId === s.id)
        .map((a) => ({
          step: a.stepName,
          stepId: a.stepId,
          content: a.content,
          score: scoresHidden.has(s.id) ? null : a.score,
          updatedAt: iso(a.updatedAt),
        })),
      files: fileRows
        .filter((f) => f.callSubmissionId === s.id)
        .map((f) => ({
          name: f.fileName,
          description: f.description,
          size: f.size,
          type: f.mimeType,
          path: pathOf.get(f.id),
          createdAt: iso(f.createdAt),
        })),
      // What was frozen at each submission, without the branding's logo.
      submittedRecords: records
        .filter((r) => r.callSubmissionId === s.id)
        .map((r) => {
          const { configLogo: _logo, ...frozen } = withoutAnswerKeys(r.data);
          return { closedAt: iso(r.closedAt), closedByEmail: r.closedByEmail, language: r.language, data: frozen };
        }),
    })),
    applicationsStartedNotShown: startedNotShown.map((s) => ({
      id: s.id,
      call: s.callName,
      organizationId: s.organizationId,
      createdAt: iso(s.createdAt),
    })),
    eligibilityScreenings: screenings.map((s) => ({ ...s, createdAt: iso(s.createdAt) })),
    // Files not part of an application shown above: the person's own, kept apart or uploaded to one
    // they can no longer read.
    otherFiles: fileRows
      .filter((f) => f.callSubmissionId === null || !submissionIds.includes(f.callSubmissionId))
      .map((f) => ({
        name: f.fileName,
        size: f.size,
        type: f.mimeType,
        path: pathOf.get(f.id),
        createdAt: iso(f.createdAt),
      })),
    consents: consents.map((c) => ({
      acceptedAt: iso(c.acceptedAt),
      organizationId: c.organizationId,
      version: { id: c.versionId, text: c.text, createdAt: iso(c.versionCreatedAt) },
    })),
    reviews: reviews.map((r) => ({ ...r, submittedAt: iso(r.submittedAt) })),
    reviewerInvitations: invitations.map((i) => ({ ...i, invitedAt: iso(i.invitedAt), acceptedAt: iso(i.acceptedAt) })),
    emails: mails.map((m) => ({
      ...m,
      text: withoutLinkSecrets(m.text),
      createdAt: iso(m.createdAt),
      sentAt: iso(m.sentAt),
    })),
    sessions: sessions.map((s) => ({
      createdAt: iso(s.createdAt),
      expiresAt: iso(s.expiresAt),
      revokedAt: iso(s.revokedAt),
    })),
    administratorActions: adminActions.map((a) => ({ ...a, createdAt: iso(a.createdAt) })),
    comments: comments.map((c) => ({ ...c, createdAt: iso(c.createdAt), resolvedAt: iso(c.resolvedAt) })),
    answerVersionsSaved: versions.map((v) => ({ ...v, savedAt: iso(v.savedAt) })),
    messagesWritten: messages.map((m) => ({ ...m, createdAt: iso(m.createdAt) })),
  };
  return { data, files: fileRefs };
}

/** The export as a ZIP: data.json first, then every file, each read from storage only when its turn comes. */
export function personalDataZip(storage: FileStorage, exported: PersonalData, now = new Date()): Readable {
  function* entries(): Generator<ZipEntry> {
    yield { name: 'data.json', data: [Buffer.from(JSON.stringify(exported.data, null, 2), 'utf8')] };
    for (const file of exported.files) {
      yield {
        name: file.path,
        data: (async function* () {
          const stream = await storage.backend(file.storage).get(file.storageKey);
          for await (const chunk of stream) yield Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk);
        })(),
      };
    }
  }
  return Readable.from(zipStream(entries(), now), { objectMode: false });
}
