import { PSEUDONYM_PREFIX, type TErasureReport } from '@impact/domain';
import { and, eq, inArray, isNull, notInArray, or, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import {
  auditLog,
  callReviewers,
  callSubmissions,
  emailOutbox,
  files,
  grants,
  idpAccounts,
  idpStore,
  organizationInvitations,
  organizations,
  refreshTokens,
  reviewAssignments,
  reviewDecisions,
  stepResults,
  stepResultVersions,
  submissionRecords,
  users,
} from '../../db/schema';
import { eraseComments } from '../comments/erase-comments';
import { eraseMessages, messageFilesOf } from '../conversation/erase-messages';
import { deleteStored, type FileStorage } from '../files/storage';
import { leaveSharedOrganizations } from '../organizations/members';
import { dropStoredPdfs } from '../pdf/stored-pdfs';
import { type Pseudonym, pseudonymFor } from './pseudonym';
import { type Mentions, mentionPattern, scrubText, scrubValue } from './scrub';

/** Who is erased: their user rows (one per identity provider they used) and their e-mail addresses. */
export type ErasureTarget = { userIds: string[]; emails: string[] };

export type ErasureResult = TErasureReport & { sessionIds: string[] };

type Blob = { storage: string; storageKey: string };

/**
 * Never submitted: still open and no frozen record of a closing. A reopened application was
 * submitted once and stays with the funder (docs/decisions/0005).
 */
export const neverSubmitted = sql`not ${callSubmissions.closed} and not exists (
  select 1 from ${submissionRecords} r where r.call_submission_id = ${callSubmissions.id})`;

const ids = (rows: Array<{ id: string }>) => rows.map((r) => r.id);

/**
 * Erases a person (docs/decisions/0005-gdpr-erasure-and-pseudonyms.md), in one transaction:
 * their drafts, loose files, invitations, mails, sessions and sign-in account go; the applications
 * they submitted stay for the funder, with the person replaced by a stable pseudonym wherever
 * they were named (submitter, contact, frozen records, answers, reviews, audit trail). File bytes
 * are removed after the commit (storage is never called inside the transaction).
 */
export async function eraseUsers(
  db: Db,
  storage: FileStorage,
  target: ErasureTarget,
  now = new Date(),
): Promise<ErasureResult> {
  const emails = [...new Set(target.emails.map((e) => e.trim().toLowerCase()).filter(Boolean))];
  const outcome = await db.transaction(async (tx) => {
    const people = target.userIds.length
      ? await tx.select().from(users).where(inArray(users.id, target.userIds)).for('update')
      : [];
    const userIds = people.map((p) => p.id);
    for (const p of people) emails.push(p.email.trim().toLowerCase());
    const accounts = await tx
      .select()
      .from(idpAccounts)
      .where(
        or(
          emails.length ? inArray(sql`lower(${idpAccounts.email})`, emails) : sql`false`,
          people.length
            ? inArray(
                sql`${idpAccounts.id}::text`,
                people.map((p) => p.subject),
              )
            : sql`false`,
        ),
      );
    const mentions: Mentions[] = [...people, ...accounts].filter((p) => !('erasedAt' in p && p.erasedAt));
    const pattern = mentionPattern(mentions);
    // The first account's pseudonym names the person wherever free text mentioned them.
    const first = people[0];
    const pseudonym: Pseudonym | null = first ? pseudonymFor(first.id) : null;
    // Someone with a sign-in account but no user row (never signed in to the app), or known only
    // by an address, still gets a stable stand-in for the places that name them.
    const standIn: Pseudonym | null =
      pseudonym ?? (accounts[0] ? pseudonymFor(accounts[0].id) : emails[0] ? pseudonymFor(emails[0]) : null);

    await leaveSharedOrganizations(tx, userIds);
    const orgs = userIds.length
      ? await tx
          .select({ id: organizations.id, name: organizations.name, owner: organizations.ownerUserId })
          .from(organizations)
          .where(inArray(organizations.ownerUserId, userIds))
      : [];
    const orgIds = orgs.map((o) => o.id);
    // Their organizations' applications, those they started, and those they closed for a team.
    const closedByThem = tx
      .select({ id: submissionRecords.callSubmissionId })
      .from(submissionRecords)
      .where(inArray(submissionRecords.closedByUserId, userIds));
    const theirs: SQL = or(
      orgIds.length ? inArray(callSubmissions.organizationId, orgIds) : sql`false`,
      userIds.length ? inArray(callSubmissions.createdByUserId, userIds) : sql`false`,
      userIds.length ? inArray(callSubmissions.id, closedByThem) : sql`false`,
    ) as SQL;

    // Drafts: the organizations left are theirs alone (no other owner), so their drafts are too.
    // A draft the person started for a team they left stays with that team. A grant's report,
    // even unsent, is the grant's record (decision 0044): kept, its people pseudonymised below.
    const ofTheirOrgs = orgIds.length ? inArray(callSubmissions.organizationId, orgIds) : sql`false`;
    const notAReport = sql`not exists (select 1 from grant_reports gr where gr.submission_id = ${callSubmissions.id})`;
    const drafts = ids(
      await tx
        .select({ id: callSubmissions.id })
        .from(callSubmissions)
        .where(and(ofTheirOrgs, neverSubmitted, notAReport)),
    );
    const blobs: Blob[] = [];
    let filesDeleted = 0;
    if (drafts.length) {
      const draftFiles = await tx
        .select({ storage: files.storage, storageKey: files.storageKey })
        .from(files)
        .where(inArray(files.callSubmissionId, drafts));
      blobs.push(...draftFiles, ...(await messageFilesOf(tx, drafts)));
      filesDeleted += draftFiles.length;
      await tx.delete(callSubmissions).where(inArray(callSubmissions.id, drafts));
    }
    if (userIds.length) {
      const loose = await tx
        .delete(files)
        .where(and(inArray(files.ownerUserId, userIds), isNull(files.callSubmissionId)))
        .returning({ storage: files.storage, storageKey: files.storageKey });
      blobs.push(...loose);
      filesDeleted += loose.length;
    }

    const kept = ids(await tx.select({ id: callSubmissions.id }).from(callSubmissions).where(theirs));
    const keptOrgs = new Set(
      kept.length
        ? (
            await tx
              .selectDistinct({ id: callSubmissions.organizationId })
              .from(callSubmissions)
              .where(inArray(callSubmissions.id, kept))
          ).map((r) => r.id)
        : [],
    );
    const goneOrgs = orgIds.filter((id) => !keptOrgs.has(id));
    if (goneOrgs.length) await tx.delete(organizations).where(inArray(organizations.id, goneOrgs));

    if (pseudonym) {
      for (const org of orgs.filter((o) => keptOrgs.has(o.id))) {
        await tx
          .update(organizations)
          .set({
            name: pattern ? org.name.replace(pattern, pseudonym.label) : org.name,
            contactName: pseudonym.label,
            contactSurname: '',
            contactRole: '',
            contactEmail: pseudonym.email,
            updatedAt: now,
          })
          .where(eq(organizations.id, org.id));
      }
      if (kept.length) await scrubKept(tx, kept, pseudonym, pattern, { userIds, emails, orgIds });
    }

    // The person may be the contact another owner named for their organization: their name and
    // address leave that organization and its frozen records; the organization stays its owner's.
    const contactOf = standIn && emails.length ? await scrubContactOf(tx, emails, userIds, standIn, now) : [];
    // The PDFs kept of those records still name the person: they go with the bytes (made again,
    // pseudonymised, on the next download).
    blobs.push(...(await dropStoredPdfs(tx, [...kept, ...contactOf])));

    if (userIds.length) {
      // Reviews the person wrote: unfinished ones go; submitted scores stay for the funder's
      // decision, their own words do not.
      await tx
        .delete(reviewAssignments)
        .where(and(inArray(reviewAssignments.reviewerUserId, userIds), isNull(reviewAssignments.submittedAt)));
      await tx
        .update(reviewAssignments)
        .set({ comment: '', conflictReason: '', updatedAt: now })
        .where(inArray(reviewAssignments.reviewerUserId, userIds));
    }
    // The team's comments: theirs go (docs/decisions/0031-step-comments.md).
    if (standIn) await eraseComments(tx, userIds, pattern, standIn.label);
    // The conversations with the funder: theirs go, others' naming them are pseudonymised (0037).
    if (standIn) blobs.push(...(await eraseMessages(tx, userIds, pattern, standIn.label)));
    await tx
      .delete(callReviewers)
      .where(
        or(
          emails.length ? inArray(callReviewers.email, emails) : sql`false`,
          userIds.length ? inArray(callReviewers.userId, userIds) : sql`false`,
        ),
      );
    // An invitation names the address and would add the person back to the team at a later sign-in.
    if (emails.length) await tx.delete(organizationInvitations).where(inArray(organizationInvitations.email, emails));
    if (emails.length) await tx.delete(emailOutbox).where(inArray(sql`lower(trim(${emailOutbox.to}))`, emails));
    // The reminders' log names recipients, and an unsubscribe keeps the address.
    if (emails.length) {
      const listed = sql.join(
        emails.map((e) => sql`${e}`),
        sql`, `,
      );
      await tx.execute(
        sql`update reminder_sends set recipients = array(select r from unnest(recipients) r where lower(trim(r)) not in (${listed}))
            where exists (select 1 from unnest(recipients) r where lower(trim(r)) in (${listed}))`,
      );
      await tx.execute(sql`delete from reminder_unsubscribes where email in (${listed})`);
    }
    if (standIn) await scrubAudit(tx, userIds, emails, mentions, standIn, pattern);

    // Sessions end now: revoked (other instances see it within their live-session cache's 5 s), then the rows go.
    const sessions = userIds.length
      ? await tx
          .update(refreshTokens)
          .set({ revokedAt: now })
          .where(inArray(refreshTokens.userId, userIds))
          .returning({ familyId: refreshTokens.familyId })
      : [];
    if (userIds.length) await tx.delete(refreshTokens).where(inArray(refreshTokens.userId, userIds));
    const accountIds = accounts.map((a) => a.id);
    if (accountIds.length) {
      await tx
        .delete(idpStore)
        .where(
          and(
            inArray(idpStore.model, ['Session', 'Grant']),
            inArray(sql`${idpStore.payload}->>'accountId'`, accountIds),
          ),
        );
      await tx.delete(idpAccounts).where(inArray(idpAccounts.id, accountIds));
    }

    // A person nothing is kept for disappears entirely; otherwise the row stays as the pseudonym.
    let submissionsKept = 0;
    for (const person of people) {
      const p = pseudonymFor(person.id);
      const result = (await tx.execute(sql`
        select (select count(*) from call_submissions where created_by_user_id = ${person.id})
             + (select count(*) from organizations where owner_user_id = ${person.id})
             + (select count(*) from files where owner_user_id = ${person.id})
             + (select count(*) from submission_records where closed_by_user_id = ${person.id})
             + (select count(*) from review_assignments where reviewer_user_id = ${person.id})
             -- Versions they saved in a team's history: the team sees the pseudonym as their author (0030).
             + (select count(*) from step_result_versions where author_user_id = ${person.id}) as n`)) as unknown as {
        rows: Array<{ n: number | string }>;
      };
      const holds = result.rows[0];
      if (Number(holds?.n ?? 0) === 0) {
        await tx.delete(users).where(eq(users.id, person.id));
        continue;
      }
      await tx
        .update(users)
        .set({
          email: p.email,
          firstName: PSEUDONYM_PREFIX,
          lastName: p.code,
          subject: `erased:${person.id}`,
          roles: [],
          lastLoginAt: null,
          language: null,
          erasedAt: now,
        })
        .where(eq(users.id, person.id));
    }
    submissionsKept = kept.length;
    return {
      report: {
        users: people.length,
        pseudonym: pseudonym?.label ?? null,
        draftsDeleted: drafts.length,
        submissionsKept,
        organizationsDeleted: goneOrgs.length,
        organizationsKept: keptOrgs.size,
        filesDeleted,
        identityAccountsDeleted: accountIds.length,
      },
      sessionIds: [...new Set(sessions.map((s) => s.familyId))],
      blobs,
    };
  });
  await deleteStored(storage, outcome.blobs);
  return { ...outcome.report, sessionIds: outcome.sessionIds };
}

/**
 * The kept applications: submitter and contact replaced in the frozen records, mentions in answers
 * and reviews. Returns the submissions of the organizations whose contact the person was.
 */
async function scrubContactOf(
  tx: Tx,
  emails: string[],
  ownerIds: string[],
  standIn: Pseudonym,
  now: Date,
): Promise<string[]> {
  const named = await tx
    .update(organizations)
    .set({
      contactName: standIn.label,
      contactSurname: '',
      contactRole: '',
      contactEmail: standIn.email,
      updatedAt: now,
    })
    .where(
      and(
        inArray(sql`lower(trim(${organizations.contactEmail}))`, emails),
        ownerIds.length ? notInArray(organizations.ownerUserId, ownerIds) : sql`true`,
      ),
    )
    .returning({ id: organizations.id });
  if (!named.length) return [];
  const records = await tx
    .select({
      id: submissionRecords.id,
      submissionId: submissionRecords.callSubmissionId,
      data: submissionRecords.data,
    })
    .from(submissionRecords)
    .innerJoin(callSubmissions, eq(callSubmissions.id, submissionRecords.callSubmissionId))
    .where(inArray(callSubmissions.organizationId, ids(named)));
  for (const record of records) {
    if (
      !emails.includes(
        String(record.data.userReferenteEmail ?? '')
          .trim()
          .toLowerCase(),
      )
    )
      continue;
    await tx
      .update(submissionRecords)
      .set({
        data: {
          ...record.data,
          userReferenteNome: standIn.label,
          userReferenteCognome: '',
          userReferenteRuolo: '',
          userReferenteEmail: standIn.email,
        },
      })
      .where(eq(submissionRecords.id, record.id));
  }
  // Every application of these organizations: a blind review's copy redacts the contact's name too.
  return [...new Set(records.map((r) => r.submissionId))];
}

async function scrubKept(
  tx: Tx,
  kept: string[],
  pseudonym: Pseudonym,
  pattern: RegExp | null,
  person: { userIds: string[]; emails: string[]; orgIds: string[] },
) {
  const records = await tx
    .select({
      id: submissionRecords.id,
      data: submissionRecords.data,
      closedByUserId: submissionRecords.closedByUserId,
      closedByEmail: submissionRecords.closedByEmail,
      organizationId: callSubmissions.organizationId,
    })
    .from(submissionRecords)
    .innerJoin(callSubmissions, eq(callSubmissions.id, submissionRecords.callSubmissionId))
    .where(inArray(submissionRecords.callSubmissionId, kept));
  for (const record of records) {
    // In a team's application another member may have closed it, and the contact is the team's:
    // only what names this person is replaced (mentions in free text are, wherever they are).
    const closedByThem =
      (record.closedByUserId !== null && person.userIds.includes(record.closedByUserId)) ||
      person.emails.includes(record.closedByEmail.trim().toLowerCase());
    const theirOrganization = person.orgIds.includes(record.organizationId);
    const data = {
      ...record.data,
      ...(closedByThem ? { submittedBy: pseudonym.label } : {}),
      ...(theirOrganization
        ? {
            userReferenteNome: pseudonym.label,
            userReferenteCognome: '',
            userReferenteRuolo: '',
            userReferenteEmail: pseudonym.email,
          }
        : {}),
    };
    await tx
      .update(submissionRecords)
      .set({
        closedByEmail: closedByThem ? pseudonym.email : record.closedByEmail,
        data: pattern ? scrubValue(data, pattern, pseudonym.label) : data,
      })
      .where(eq(submissionRecords.id, record.id));
  }
  // A grant this person accepted keeps the acceptance (its time and the letter's hash), not their name.
  if (person.userIds.length) {
    await tx
      .update(grants)
      .set({ acceptedByName: pseudonym.label })
      .where(and(inArray(grants.submissionId, kept), inArray(grants.acceptedByUserId, person.userIds)));
  }
  if (!pattern) return;
  const declined = await tx
    .select({ id: grants.id, reason: grants.declineReason })
    .from(grants)
    .where(inArray(grants.submissionId, kept));
  for (const grant of declined) {
    const scrubbed = grant.reason?.replace(pattern, pseudonym.label) ?? null;
    if (scrubbed !== grant.reason)
      await tx.update(grants).set({ declineReason: scrubbed }).where(eq(grants.id, grant.id));
  }
  const answers = await tx
    .select({ id: stepResults.id, content: stepResults.content })
    .from(stepResults)
    .where(inArray(stepResults.callSubmissionId, kept));
  for (const answer of answers) {
    const scrubbed = scrubText(answer.content, pattern, pseudonym.label);
    if (scrubbed !== null) await tx.update(stepResults).set({ content: scrubbed }).where(eq(stepResults.id, answer.id));
  }
  // Their earlier versions too (docs/decisions/0030): a history must not keep what the answer lost.
  const versions = await tx
    .select({ id: stepResultVersions.id, content: stepResultVersions.content })
    .from(stepResultVersions)
    .where(inArray(stepResultVersions.callSubmissionId, kept));
  for (const version of versions) {
    const scrubbed = scrubText(version.content, pattern, pseudonym.label);
    if (scrubbed !== null)
      await tx.update(stepResultVersions).set({ content: scrubbed }).where(eq(stepResultVersions.id, version.id));
  }
  const reviews = await tx
    .select({ id: reviewAssignments.id, comment: reviewAssignments.comment })
    .from(reviewAssignments)
    .where(inArray(reviewAssignments.submissionId, kept));
  for (const review of reviews) {
    const scrubbed = review.comment.replace(pattern, pseudonym.label);
    if (scrubbed !== review.comment)
      await tx.update(reviewAssignments).set({ comment: scrubbed }).where(eq(reviewAssignments.id, review.id));
  }
  const decisions = await tx
    .select({ id: reviewDecisions.submissionId, message: reviewDecisions.message })
    .from(reviewDecisions)
    .where(inArray(reviewDecisions.submissionId, kept));
  for (const decision of decisions) {
    const scrubbed = decision.message.replace(pattern, pseudonym.label);
    if (scrubbed !== decision.message)
      await tx.update(reviewDecisions).set({ message: scrubbed }).where(eq(reviewDecisions.submissionId, decision.id));
  }
}

/** The audit trail keeps what happened; who it was, when it was this person, becomes the pseudonym. */
async function scrubAudit(
  tx: Tx,
  userIds: string[],
  emails: string[],
  mentions: Mentions[],
  pseudonym: Pseudonym,
  pattern: RegExp | null,
) {
  if (userIds.length)
    await tx.update(auditLog).set({ actorEmail: pseudonym.email }).where(inArray(auditLog.actorUserId, userIds));
  if (emails.length)
    await tx
      .update(auditLog)
      .set({ actorEmail: pseudonym.email })
      .where(inArray(sql`lower(${auditLog.actorEmail})`, emails));
  if (!pattern) return;
  // Only entries whose details could mention the person are read (any e-mail or last name of theirs).
  const needles = [...new Set([...emails, ...mentions.map((m) => m.lastName.trim()).filter((n) => n.length > 0)])];
  if (!needles.length) return;
  const rows = await tx
    .select({ id: auditLog.id, details: auditLog.details })
    .from(auditLog)
    .where(or(...needles.map((n) => sql`${auditLog.details}::text ilike ${`%${n.replace(/[\\%_]/g, '\\$&')}%`}`)));
  for (const row of rows) {
    const details = scrubValue(row.details, pattern, pseudonym.label);
    if (JSON.stringify(details) !== JSON.stringify(row.details))
      await tx.update(auditLog).set({ details }).where(eq(auditLog.id, row.id));
  }
}
