import { z } from 'zod';

/**
 * The conversation of an application (docs/decisions/0037-conversation-per-application.md): its
 * organization's members and the funder's administrators write to each other; reviewers do not
 * see it, and neither the frozen record nor the PDF includes it.
 */
export const MESSAGE_MAX_LENGTH = 8000;

export const ZMessageText = z.string().trim().min(1, { message: 'errors.conversation.empty' }).max(MESSAGE_MAX_LENGTH);

export const ZSendMessageRequest = z.object({ submissionId: z.uuid(), text: ZMessageText });
export type TSendMessageRequest = z.infer<typeof ZSendMessageRequest>;

export const ZMessagesQuery = z.object({ submissionId: z.uuid() });
export const ZMarkReadRequest = z.object({ submissionId: z.uuid() });

/** Who wrote: the applicant's team or the funder. */
export const ZMessageSide = z.enum(['applicant', 'funder']);
export type TMessageSide = z.infer<typeof ZMessageSide>;

/**
 * Files attached to a message (docs/decisions/0037, addendum): typed by their bytes as uploads are
 * (PDF, Office documents, images), at most this many, each at most this large.
 */
export const MESSAGE_FILES_MAX = 5;
export const MESSAGE_FILE_MAX_BYTES = 10 * 1024 * 1024;

export const ZMessageFile = z.object({
  id: z.uuid(),
  fileName: z.string(),
  mimeType: z.string(),
  size: z.number().int(),
});
export type TMessageFile = z.infer<typeof ZMessageFile>;

export const ZMessageFileQuery = z.object({ fileId: z.uuid() });

export const ZMessage = z.object({
  id: z.uuid(),
  side: ZMessageSide,
  /** The author's name; the funder's side shows its people by name too. Empty once erased. */
  authorName: z.string(),
  mine: z.boolean(),
  text: z.string(),
  createdAt: z.iso.datetime(),
  files: z.array(ZMessageFile),
});
export type TMessage = z.infer<typeof ZMessage>;

export const ZMessages = z.object({
  /** The reader's side in this conversation. */
  side: ZMessageSide,
  messages: z.array(ZMessage),
  /** Messages from the other side the reader has not marked read. */
  unread: z.number().int(),
  /** Whether the reader may write (a viewer of the organization reads only). */
  canWrite: z.boolean(),
  /** Present (true) on a closed grant's report: read by both sides, written by neither. */
  grantClosed: z.literal(true).optional(),
});
export type TMessages = z.infer<typeof ZMessages>;

/** Unread counts per application: the applicant's organization's (X-Organization-Id), or a call's for an admin. */
export const ZUnreadCountsQuery = z.object({
  callId: z.uuid().optional(),
  /** `funder`: an administrator's view (every call, or `callId`'s) even with an organization selected. */
  scope: z.enum(['organization', 'funder']).optional(),
});
export const ZUnreadCounts = z.array(z.object({ submissionId: z.uuid(), unread: z.number().int() }));
export type TUnreadCounts = z.infer<typeof ZUnreadCounts>;
