import {
  amountToCents,
  DEFAULT_LANGUAGE,
  emailAllowedByFilter,
  grantReference,
  isLanguage,
  localisedCall,
  personName,
  type TGrant,
  type TLanguage,
  type TUpdateGrantRequest,
} from '@impact/domain';
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import {
  calls,
  grantReports,
  grants,
  grantTranches,
  organizationMembers,
  organizations,
  submissionChangeRequests,
  users,
} from '../../db/schema';
import { conflict, invalid } from '../../lib/app-error';
import { translator } from '../../lib/texts';
import type { SessionUser } from '../../plugins/authentication';
import { audit } from '../audit/record';
import { queueNotice } from '../email/notice-mail';
import { recipientLanguage } from '../email/recipient-language';
import { applicationForecast } from '../step-types/impact-actuals-forecast';
import { isCallLocked } from '../submission-core/access';
import { recordWebhookEvent } from '../webhooks/record';
import { type GrantRow, loadGrantFor } from './access';
import { composeAwardLetter, letterHash } from './award-letter';
import { tellOfficers } from './grant-officers';
import { grantees, noticeGrantees } from './grantee-notice';
import { addReportsForGrant } from './reporting-plan';

const listColumns = {
  grant: grants,
  organizationName: organizations.name,
  call: calls,
  declinedBy: { firstName: users.firstName, lastName: users.lastName },
};

function toGrant(
  row: {
    grant: GrantRow;
    organizationName: string;
    call: typeof calls.$inferSelect;
    declinedBy: { firstName: string; lastName: string } | null;
  },
  language: TLanguage,
): TGrant {
  const g = row.grant;
  const call = localisedCall(row.call, language);
  return {
    id: g.id,
    reference: grantReference(g.number, g.createdAt),
    submissionId: g.submissionId,
    organizationId: g.organizationId,
    organizationName: row.organizationName,
    callId: g.callId,
    callName: call.name,
    callNameLanguage: call.textLanguages.name,
    amount: Number(g.amount),
    currency: g.currency,
    startsAt: g.startsAt,
    endsAt: g.endsAt,
    conditions: g.conditions,
    status: g.status,
    letterSentAt: g.letterSentAt?.toISOString() ?? null,
    letterHash: g.letterHash,
    letterLanguage: g.letterSentAt && g.letterLanguage && isLanguage(g.letterLanguage) ? g.letterLanguage : null,
    acceptedAt: g.acceptedAt?.toISOString() ?? null,
    acceptedByName: g.acceptedByName,
    declinedAt: g.declinedAt?.toISOString() ?? null,
    declineReason: g.declineReason,
    declinedByName: (row.declinedBy && personName(row.declinedBy)) || null,
    closedAt: g.closedAt?.toISOString() ?? null,
    createdAt: g.createdAt.toISOString(),
  };
}

function listQuery(db: Db | Tx) {
  return db
    .select(listColumns)
    .from(grants)
    .innerJoin(organizations, eq(organizations.id, grants.organizationId))
    .innerJoin(calls, eq(calls.id, grants.callId))
    .leftJoin(users, eq(users.id, grants.declinedByUserId));
}

/** GET Grant/GetGrants: a call's grants for the admin, newest first. */
export async function callGrants(db: Db, callId: string, language: TLanguage): Promise<TGrant[]> {
  const rows = await listQuery(db).where(eq(grants.callId, callId)).orderBy(desc(grants.createdAt), grants.id);
  return rows.map((row) => toGrant(row, language));
}

/** GET Grant/GetMyGrants: the grants of every organization the caller is a member of (drafts are the funder's). */
export async function myGrants(db: Db, user: SessionUser, language: TLanguage): Promise<TGrant[]> {
  const rows = await listQuery(db)
    .innerJoin(
      organizationMembers,
      and(eq(organizationMembers.organizationId, grants.organizationId), eq(organizationMembers.userId, user.id)),
    )
    .where(sql`${grants.status} <> 'draft'`)
    .orderBy(desc(grants.createdAt), grants.id);
  // As the application: a member the call's e-mail filter leaves out does not see its grant.
  return rows.filter((row) => emailAllowedByFilter(row.call, user.email)).map((row) => toGrant(row, language));
}

async function oneGrant(tx: Db | Tx, grantId: string, language: TLanguage) {
  const [row] = await listQuery(tx).where(eq(grants.id, grantId));
  if (!row) throw new Error('grant vanished');
  return toGrant(row, language);
}

/** A grant the caller may read (admin, or a member of the grantee once the letter is sent). */
export async function readGrant(db: Db, user: SessionUser, grantId: string, language: TLanguage) {
  await loadGrantFor(db, user, grantId, { need: 'read' });
  return oneGrant(db, grantId, language);
}

/**
 * PUT Grant/UpdateGrant (admin): amount, dates and conditions while the letter is unsent or
 * unanswered (sending it again after a change is the admin's next step); an active grant may only
 * be closed. A grant accepted on one letter is never changed under the grantee.
 */
export async function updateGrant(
  db: Db,
  actor: SessionUser,
  input: TUpdateGrantRequest,
  language: TLanguage,
  publicUrl: string,
) {
  return db.transaction(async (tx) => {
    const { grant } = await loadGrantFor(tx, actor, input.grantId, { need: 'write', forUpdate: true });
    const { grantId: _id, status, ...fields } = input;
    // A form sends every field: only a value that differs from the grant's changes its terms.
    const changesTerms =
      (fields.amount !== undefined && amountToCents(fields.amount) !== amountToCents(grant.amount)) ||
      (fields.startsAt !== undefined && fields.startsAt !== grant.startsAt) ||
      (fields.endsAt !== undefined && fields.endsAt !== grant.endsAt) ||
      (fields.conditions !== undefined && fields.conditions !== grant.conditions);
    if (changesTerms && grant.status !== 'draft' && grant.status !== 'awaitingAcceptance') {
      throw conflict('errors.grants.termsFixed');
    }
    if (status === 'closed' && grant.status !== 'active') throw conflict('errors.grants.notActive');
    const now = new Date();
    if (fields.amount !== undefined) {
      const [planned] = await tx
        .select({ cents: sql<string>`coalesce(sum(${grantTranches.amount} * 100), 0)` })
        .from(grantTranches)
        .where(eq(grantTranches.grantId, grant.id));
      if (Number(planned?.cents ?? 0) > amountToCents(fields.amount)) {
        throw invalid([{ path: 'amount', messageKey: 'errors.grants.amountBelowTranches' }]);
      }
    }
    const startsAt = fields.startsAt === undefined ? grant.startsAt : fields.startsAt;
    const endsAt = fields.endsAt === undefined ? grant.endsAt : fields.endsAt;
    if (startsAt && endsAt && startsAt > endsAt) {
      throw invalid([{ path: 'endsAt', messageKey: 'errors.grants.endBeforeStart' }]);
    }
    await tx
      .update(grants)
      .set({
        ...(fields.amount === undefined ? {} : { amount: fields.amount.toFixed(2) }),
        ...(fields.startsAt === undefined ? {} : { startsAt: fields.startsAt }),
        ...(fields.endsAt === undefined ? {} : { endsAt: fields.endsAt }),
        ...(fields.conditions === undefined ? {} : { conditions: fields.conditions }),
        // New terms void a letter the grantee has not answered: it must be sent again.
        ...(changesTerms && grant.status === 'awaitingAcceptance'
          ? { status: 'draft' as const, letterText: null, letterHash: null, letterSentAt: null }
          : {}),
        ...(status ? { status, closedAt: now } : {}),
        updatedAt: now,
      })
      .where(eq(grants.id, grant.id));
    // Closing is its own entry: it ends the grant, it does not change its terms.
    await audit(tx, actor, status === 'closed' ? 'grant.close' : 'grant.update', grant.id, {
      ...fields,
      ...(status ? { status } : {}),
    });
    if (status === 'closed') {
      // A request for changes still open on one of its reports is withdrawn: no more reports are
      // asked for, so it could not be answered, and the report it waits on could not be approved.
      await tx
        .update(submissionChangeRequests)
        .set({ withdrawnAt: now, withdrawnByUserId: actor.id })
        .where(
          and(
            isNull(submissionChangeRequests.answeredAt),
            isNull(submissionChangeRequests.withdrawnAt),
            inArray(
              submissionChangeRequests.callSubmissionId,
              tx.select({ id: grantReports.submissionId }).from(grantReports).where(eq(grantReports.grantId, grant.id)),
            ),
          ),
        );
      await tellClosed(tx, grant, now, publicUrl);
    }
    return oneGrant(tx, grant.id, language);
  });
}

/**
 * A grant closed: its grantee's contact and writers hear it (no report is asked of them any more),
 * and the `grant.closed` event goes to the endpoints that asked for it.
 */
async function tellClosed(tx: Tx, grant: GrantRow, now: Date, publicUrl: string) {
  await noticeGrantees(tx, grant, { template: 'grant-closed', texts: 'mail.grantClosed' }, publicUrl);
  await recordWebhookEvent(
    tx,
    'grant.closed',
    {
      grantId: grant.id,
      submissionId: grant.submissionId,
      callId: grant.callId,
      organizationId: grant.organizationId,
      closedAt: now.toISOString(),
    },
    now,
  );
}

/**
 * The award letter for a grant as it stands, in `language`: from the template, the organization,
 * the call and the grant's terms; `contact` is the sending administrator's address.
 */
export async function composeLetterFor(
  db: Db | Tx,
  grant: GrantRow,
  contact: string,
  language: TLanguage,
  now = new Date(),
) {
  const [row] = await db
    .select({ call: calls, orgName: organizations.name })
    .from(calls)
    .innerJoin(organizations, eq(organizations.id, grant.organizationId))
    .where(eq(calls.id, grant.callId));
  if (!row) throw new Error('call vanished');
  const text = composeAwardLetter(
    {
      reference: grantReference(grant.number, grant.createdAt),
      date: now.toISOString().slice(0, 10),
      organizationName: row.orgName,
      callName: localisedCall(row.call, language).name,
      amount: Number(grant.amount),
      currency: grant.currency,
      startsAt: grant.startsAt,
      endsAt: grant.endsAt,
      conditions: grant.conditions,
      contact,
    },
    language,
  );
  return { text, call: row.call };
}

/**
 * POST Grant/SendAwardLetter (admin): the letter is written from the template in the language of
 * the organization's contact, stored with its hash, and announced by mail (each recipient in their
 * own language, with a link to the grants page). Sending again replaces an unanswered letter.
 */
export async function sendAwardLetter(
  db: Db,
  actor: SessionUser,
  grantId: string,
  publicUrl: string,
  language: TLanguage,
) {
  return db.transaction(async (tx) => {
    const { grant } = await loadGrantFor(tx, actor, grantId, { need: 'write', forUpdate: true });
    if (grant.status !== 'draft' && grant.status !== 'awaitingAcceptance') throw conflict('errors.grants.termsFixed');
    // A letter is an offer of money: one of 0,00 € (the amount never set) would be accepted as sent.
    if (amountToCents(grant.amount) <= 0) {
      throw invalid(
        [{ path: 'amount', messageKey: 'errors.grants.amountBeforeLetter' }],
        'errors.grants.amountBeforeLetter',
      );
    }
    const { name: orgName, emails } = await grantees(tx, grant);
    const [contact] = emails;
    const letterLanguage = contact ? await recipientLanguage(tx, contact, DEFAULT_LANGUAGE) : DEFAULT_LANGUAGE;
    const now = new Date();
    const { text, call } = await composeLetterFor(tx, grant, actor.email, letterLanguage, now);
    // While the call's results are locked, no outcome reaches an applicant (the decision mails wait too).
    if (isCallLocked(call, now)) throw conflict('errors.grants.callLocked');
    const hash = letterHash(text);
    await tx
      .update(grants)
      .set({
        status: 'awaitingAcceptance',
        letterLanguage,
        letterText: text,
        letterHash: hash,
        letterSentAt: now,
        updatedAt: now,
      })
      .where(eq(grants.id, grant.id));
    const link = `${publicUrl}/grants/${grant.id}`;
    for (const email of emails) {
      // The contact's language is the letter's, already read.
      const lang = email === contact ? letterLanguage : await recipientLanguage(tx, email, letterLanguage);
      const t = translator(lang);
      const callName = localisedCall(call, lang).name;
      await queueNotice(
        tx,
        email,
        'award-letter',
        {
          subject: t('mail.awardLetter.subject', { call: callName }),
          paragraphs: [t('mail.awardLetter.body', { call: callName, org: orgName })],
          link,
          action: t('mail.awardLetter.action'),
        },
        lang,
      );
    }
    await audit(tx, actor, 'grant.letter', grant.id, { hash, language: letterLanguage, recipients: emails.length });
    return oneGrant(tx, grant.id, language);
  });
}

/**
 * POST Grant/AcceptAward: a member who may write (owner or editor) accepts the letter as sent,
 * typing their name and, when the grant has conditions, ticking them. Who, when, from which
 * address and the letter's hash go to the audit trail.
 */
export async function acceptAward(
  db: Db,
  user: SessionUser,
  input: {
    grantId: string;
    fullName: string;
    conditionsAccepted?: boolean | undefined;
    letterHash?: string | undefined;
  },
  ip: string,
  language: TLanguage,
  publicUrl: string,
) {
  return db.transaction(async (tx) => {
    const { grant } = await loadGrantFor(tx, user, input.grantId, {
      need: 'write',
      membersOnly: true,
      forUpdate: true,
    });
    if (grant.status !== 'awaitingAcceptance') throw conflict('errors.grants.notAwaiting');
    if (input.letterHash && input.letterHash !== grant.letterHash) throw conflict('errors.grants.letterChanged');
    if (grant.conditions.trim() && input.conditionsAccepted !== true) {
      throw invalid([{ path: 'conditionsAccepted', messageKey: 'errors.grants.conditionsRequired' }]);
    }
    const now = new Date();
    await tx
      .update(grants)
      .set({
        status: 'active',
        acceptedAt: now,
        acceptedByUserId: user.id,
        acceptedByName: input.fullName,
        // What the reports' impact actuals will be measured against, kept as accepted (decision 0044).
        impactForecast: await applicationForecast(tx, { submissionId: grant.submissionId, callId: grant.callId }),
        updatedAt: now,
      })
      .where(eq(grants.id, grant.id));
    // The call's row as a reporting plan's save takes it: a plan item saved meanwhile is either seen
    // here or sees this grant active, never neither.
    await tx.execute(sql`select 1 from calls where id = ${grant.callId}::uuid for share`);
    await addReportsForGrant(tx, grant.id, grant.callId);
    await recordWebhookEvent(
      tx,
      'grant.accepted',
      {
        grantId: grant.id,
        submissionId: grant.submissionId,
        callId: grant.callId,
        organizationId: grant.organizationId,
        amount: Number(grant.amount),
        currency: grant.currency,
        letterHash: grant.letterHash,
        acceptedAt: now.toISOString(),
      },
      now,
    );
    await audit(tx, user, 'grant.accept', grant.id, {
      fullName: input.fullName,
      ip,
      letterHash: grant.letterHash,
      conditionsAccepted: input.conditionsAccepted === true,
    });
    await tellOfficers(tx, grant, 'grant-accepted', 'mail.grantAccepted', { name: input.fullName }, publicUrl);
    return oneGrant(tx, grant.id, language);
  });
}

/** POST Grant/DeclineAward: the same members decline the letter, with a reason. */
export async function declineAward(
  db: Db,
  user: SessionUser,
  input: { grantId: string; reason: string; letterHash?: string | undefined },
  ip: string,
  language: TLanguage,
  publicUrl: string,
) {
  return db.transaction(async (tx) => {
    const { grant } = await loadGrantFor(tx, user, input.grantId, {
      need: 'write',
      membersOnly: true,
      forUpdate: true,
    });
    if (grant.status !== 'awaitingAcceptance') throw conflict('errors.grants.notAwaiting');
    if (input.letterHash && input.letterHash !== grant.letterHash) throw conflict('errors.grants.letterChanged');
    const now = new Date();
    await tx
      .update(grants)
      .set({
        status: 'declined',
        declinedAt: now,
        declineReason: input.reason,
        declinedByUserId: user.id,
        updatedAt: now,
      })
      .where(eq(grants.id, grant.id));
    await audit(tx, user, 'grant.decline', grant.id, { ip, letterHash: grant.letterHash, reason: input.reason });
    await tellOfficers(tx, grant, 'grant-declined', 'mail.grantDeclined', { reason: input.reason }, publicUrl);
    return oneGrant(tx, grant.id, language);
  });
}
