import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  ACCEPTED_MIME,
  formatBytes,
  issueToFieldError,
  MESSAGE_FILE_MAX_BYTES,
  MESSAGE_FILES_MAX,
  MESSAGE_MAX_LENGTH,
  type TMessageFile,
  type TUploadFileType,
  ZSendMessageRequest,
} from '@impact/domain';
import { eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { submissionMessageFiles } from '../../db/schema';
import { AppError, invalid, notFound } from '../../lib/app-error';
import { isAcceptedContainer } from '../../lib/detect-type';
import { cleanFileName } from '../../lib/file-names';
import type { SessionUser } from '../../plugins/authentication';
import { deleteStored, type FileStorage } from '../files/storage';
import { receiveUpload } from '../files/storage/receive';
import { conversationSide } from './access';

/*
 * Files attached to a conversation's messages (docs/decisions/0037, addendum): typed by their
 * bytes as the upload step's files are (a renamed executable is no PDF), bounded in number and
 * size, stored with the files storage, read only by who may read the conversation.
 */

const KINDS = Object.keys(ACCEPTED_MIME) as TUploadFileType[];

/** Any kind the upload step accepts: PDF, Excel, Word, images (an Office container must hold a workbook or document). */
async function acceptedAttachment(mime: string | null, fileName: string, head: Buffer): Promise<boolean> {
  for (const kind of KINDS) if (await isAcceptedContainer(kind, mime, fileName, head)) return true;
  return false;
}

export type ReceivedFile = { fileName: string; mimeType: string; size: number; storage: string; storageKey: string };

type Part =
  | { type: 'field'; fieldname: string; value: unknown }
  | { type: 'file'; fieldname: string; filename: string; file: Readable & { truncated?: boolean } };

/**
 * A multipart SendMessage: the fields `submissionId` and `text` first, then up to
 * MESSAGE_FILES_MAX parts `files`. The caller's right to write is checked before the first
 * byte is stored; each file is typed from its first bytes (400 `errors.conversation.fileType`),
 * cut at MESSAGE_FILE_MAX_BYTES (413). Stored bytes of a refused request are removed.
 */
export async function receiveMessageParts(
  db: Db,
  storage: FileStorage,
  user: SessionUser,
  parts: AsyncIterable<Part>,
): Promise<{ submissionId: string; text: string; files: ReceivedFile[] }> {
  const fields: Record<string, string> = {};
  const received: ReceivedFile[] = [];
  let allowed = false;
  try {
    for await (const part of parts) {
      if (part.type === 'field') {
        fields[part.fieldname] = String(part.value ?? '');
        continue;
      }
      if (!allowed) {
        const id = ZSendMessageRequest.shape.submissionId.safeParse(fields.submissionId);
        if (!id.success) {
          part.file.resume();
          throw invalid([{ path: 'submissionId', messageKey: 'errors.field.required' }]);
        }
        // 404 for another organization's application, 403 for a viewer: before any byte is kept.
        await conversationSide(db, user, id.data, 'write');
        allowed = true;
      }
      if (received.length >= MESSAGE_FILES_MAX) {
        part.file.resume();
        throw invalid(
          [{ path: 'files', messageKey: 'errors.conversation.tooManyFiles', params: { maximum: MESSAGE_FILES_MAX } }],
          'errors.conversation.tooManyFiles',
        );
      }
      const fileName = cleanFileName(part.filename || 'file');
      const blob = await receiveUpload(
        storage,
        { file: part.file },
        {
          prefix: 'messages',
          id: randomUUID(),
          maxBytes: MESSAGE_FILE_MAX_BYTES,
          accept: async (mime, head) => {
            if (!(await acceptedAttachment(mime, fileName, head)))
              throw invalid(
                [
                  {
                    path: `files.${received.length}`,
                    messageKey: 'errors.conversation.fileType',
                    params: { name: fileName },
                  },
                ],
                'errors.conversation.fileType',
              );
          },
          tooLarge: () => {
            const limit = formatBytes(MESSAGE_FILE_MAX_BYTES);
            return new AppError('tooLarge', {
              messageKey: 'errors.conversation.fileTooLarge',
              errors: [
                {
                  path: `files.${received.length}`,
                  messageKey: 'errors.conversation.fileTooLarge',
                  params: { value: limit.value, unit: limit.unit },
                },
              ],
            });
          },
        },
      );
      received.push({
        fileName,
        mimeType: blob.mime,
        size: blob.size,
        storage: blob.storage,
        storageKey: blob.storageKey,
      });
    }
    // A message with files may have no words; without files the text is required as before.
    const schema = received.length
      ? ZSendMessageRequest.extend({ text: z.string().trim().max(MESSAGE_MAX_LENGTH) })
      : ZSendMessageRequest;
    const parsed = schema.safeParse({ submissionId: fields.submissionId, text: fields.text ?? '' });
    if (!parsed.success) throw invalid(parsed.error.issues.map(issueToFieldError));
    return { submissionId: parsed.data.submissionId, text: parsed.data.text, files: received };
  } catch (err) {
    await deleteStored(storage, received);
    throw err;
  }
}

/** The files of these messages, by message. */
export async function filesOfMessages(db: Db, messageIds: string[]): Promise<Map<string, TMessageFile[]>> {
  const byMessage = new Map<string, TMessageFile[]>();
  if (!messageIds.length) return byMessage;
  const rows = await db
    .select({
      id: submissionMessageFiles.id,
      messageId: submissionMessageFiles.messageId,
      fileName: submissionMessageFiles.fileName,
      mimeType: submissionMessageFiles.mimeType,
      size: submissionMessageFiles.size,
    })
    .from(submissionMessageFiles)
    .where(inArray(submissionMessageFiles.messageId, messageIds))
    .orderBy(submissionMessageFiles.createdAt);
  for (const { messageId, ...file } of rows) {
    const list = byMessage.get(messageId) ?? [];
    list.push(file);
    byMessage.set(messageId, list);
  }
  return byMessage;
}

/** GET Conversation/GetFile: for who may read the conversation (another organization's: 404). */
export async function messageFileFor(db: Db, user: SessionUser, fileId: string) {
  const [file] = await db.select().from(submissionMessageFiles).where(eq(submissionMessageFiles.id, fileId));
  if (!file) throw notFound('errors.conversation.fileNotFound');
  await conversationSide(db, user, file.callSubmissionId, 'read');
  return file;
}
