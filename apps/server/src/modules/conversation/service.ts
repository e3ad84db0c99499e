import {
  personName,
  type TMessageSide,
  type TMessages,
  type TSendMessageRequest,
  type TUnreadCounts,
} from '@impact/domain';
import { and, asc, eq, sql } from 'drizzle-orm';
import { type Db, rows, type Tx } from '../../db/client';
import { submissionMessageFiles, submissionMessageReads, submissionMessages, users } from '../../db/schema';
import { conflict } from '../../lib/app-error';
import type { SessionUser } from '../../plugins/authentication';
import { reportOfClosedGrant } from '../submission-core/approved-report';
import { conversationSide } from './access';
import { filesOfMessages, type ReceivedFile } from './attachments';
import { queueConversationMails } from './notify';

/** GET Conversation/GetMessages: the whole conversation, oldest first, and what the reader has not read. */
export async function getMessages(db: Db, user: SessionUser, submissionId: string): Promise<TMessages> {
  const { side, canWrite, grantClosed } = await conversationSide(db, user, submissionId, 'read');
  const rows = await db
    .select({
      id: submissionMessages.id,
      side: submissionMessages.side,
      authorUserId: submissionMessages.authorUserId,
      body: submissionMessages.body,
      createdAt: submissionMessages.createdAt,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(submissionMessages)
    .leftJoin(users, eq(users.id, submissionMessages.authorUserId))
    .where(eq(submissionMessages.callSubmissionId, submissionId))
    .orderBy(asc(submissionMessages.createdAt), asc(submissionMessages.id));
  const readAt = await readMarkOf(db, user.id, submissionId);
  const files = await filesOfMessages(
    db,
    rows.map((r) => r.id),
  );
  return {
    side,
    messages: rows.map((r) => ({
      id: r.id,
      side: r.side,
      authorName: r.firstName === null ? '' : personName({ firstName: r.firstName, lastName: r.lastName ?? '' }),
      mine: r.authorUserId === user.id,
      text: r.body,
      createdAt: r.createdAt.toISOString(),
      files: files.get(r.id) ?? [],
    })),
    unread: rows.filter((r) => r.side !== side && (!readAt || r.createdAt > readAt)).length,
    canWrite,
    ...(grantClosed ? { grantClosed: true as const } : {}),
  };
}

async function readMarkOf(db: Db, userId: string, submissionId: string) {
  const [mark] = await db
    .select({ readAt: submissionMessageReads.readAt })
    .from(submissionMessageReads)
    .where(and(eq(submissionMessageReads.userId, userId), eq(submissionMessageReads.callSubmissionId, submissionId)));
  return mark?.readAt ?? null;
}

/**
 * POST Conversation/SendMessage: the message, the writer's own read mark moved past it, and a
 * mail to the other side, in one transaction (a message that is not stored mails nobody).
 */
export async function sendMessage(
  db: Db,
  user: SessionUser,
  input: TSendMessageRequest,
  publicUrl: string,
  /** Already stored and typed (attachments.ts); their rows join the message here. */
  files: ReceivedFile[] = [],
) {
  const { side, organizationId, report } = await conversationSide(db, user, input.submissionId, 'write');
  // A one-character answer after a deleted application is a 404 above; an empty text a 400 by its schema.
  return db.transaction(async (tx) => {
    // A report's, again with the grant's row shared: a close of the grant in progress is waited
    // for, so no message slips in beside it (the check above read the grant without waiting).
    if (report && (await reportOfClosedGrant(tx, input.submissionId, { shareGrant: true }))) {
      throw conflict('errors.grantReports.closedForReports');
    }
    const message = await postMessage(tx, { submissionId: input.submissionId, author: user, side, text: input.text });
    if (files.length)
      await tx
        .insert(submissionMessageFiles)
        .values(files.map((f) => ({ ...f, messageId: message.id, callSubmissionId: input.submissionId })));
    await queueConversationMails(tx, {
      submissionId: input.submissionId,
      organizationId,
      to: otherSide(side),
      writer: user,
      publicUrl,
    });
    return { id: message.id };
  });
}

/**
 * A message stored and its writer's read mark moved past it, without mails: the caller tells the
 * other side (SendMessage through the digest; a request for changes through its own mail).
 */
export async function postMessage(
  tx: Tx,
  input: { submissionId: string; author: { id: string }; side: TMessageSide; text: string },
) {
  const [message] = await tx
    .insert(submissionMessages)
    .values({ callSubmissionId: input.submissionId, authorUserId: input.author.id, side: input.side, body: input.text })
    .returning({ id: submissionMessages.id, createdAt: submissionMessages.createdAt });
  if (!message) throw conflict('errors.conversation.notSent');
  await markReadAt(tx, input.author.id, input.submissionId, message.createdAt);
  return message;
}

const otherSide = (side: TMessageSide): TMessageSide => (side === 'applicant' ? 'funder' : 'applicant');

/** POST Conversation/MarkRead: everything up to now is read, for the caller only. */
export async function markRead(db: Db, user: SessionUser, submissionId: string) {
  await conversationSide(db, user, submissionId, 'read');
  await markReadAt(db, user.id, submissionId, new Date());
}

async function markReadAt(db: Db | Tx, userId: string, submissionId: string, at: Date) {
  await db
    .insert(submissionMessageReads)
    .values({ callSubmissionId: submissionId, userId, readAt: at })
    .onConflictDoUpdate({
      target: [submissionMessageReads.callSubmissionId, submissionMessageReads.userId],
      set: { readAt: sql`greatest(${submissionMessageReads.readAt}, excluded.read_at)` },
    });
}

/**
 * GET Conversation/GetUnreadCounts: for an applicant, the selected organization's applications;
 * for an administrator, a call's (`callId`) or every call's. Only applications with something unread.
 */
export async function unreadCounts(
  db: Db,
  user: SessionUser,
  scope: { organizationId: string | null; callId: string | undefined; scope?: 'organization' | 'funder' },
): Promise<TUnreadCounts> {
  // An administrator asks as the funder (a call's, or every call's) unless asking for the
  // organization they selected as one of its members.
  const asFunder = user.isAdmin && (scope.callId !== undefined || scope.scope === 'funder' || !scope.organizationId);
  const where = asFunder
    ? scope.callId
      ? sql`s.call_id = ${scope.callId} and m.side = 'applicant'`
      : sql`m.side = 'applicant'`
    : scope.organizationId
      ? sql`s.organization_id = ${scope.organizationId} and m.side = 'funder'`
      : null;
  if (!where) return [];
  return rows<TUnreadCounts[number]>(
    db,
    sql`
    select s.id as "submissionId", count(*)::int as unread
    from call_submissions s
    join submission_messages m on m.call_submission_id = s.id
    left join submission_message_reads r on r.call_submission_id = s.id and r.user_id = ${user.id}
    where ${where} and (r.read_at is null or m.created_at > r.read_at)
    group by s.id`,
  );
}
