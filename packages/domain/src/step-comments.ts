import { z } from 'zod';

/**
 * Comments on a draft (issue "Comments on a draft"): the organization's members talk about a step
 * in threads. They are the team's own: no admin or reviewer endpoint, PDF or record carries them
 * (docs/decisions/0031-step-comments.md).
 */
export const COMMENT_MAX_LENGTH = 4000;
/** A comment names at most this many members. */
export const COMMENT_MAX_MENTIONS = 20;

export const ZCommentBody = z.string().trim().min(1, { message: 'errors.comments.empty' }).max(COMMENT_MAX_LENGTH);

export const ZAddStepCommentRequest = z.object({
  submissionId: z.uuid(),
  stepId: z.uuid(),
  body: ZCommentBody,
  /** The thread this replies to (its first comment); absent for a new thread. */
  parentId: z.uuid().optional(),
  /** Members named; each must be a member of the submission's organization. */
  mentions: z.array(z.uuid()).max(COMMENT_MAX_MENTIONS).default([]),
});
export type TAddStepCommentRequest = z.infer<typeof ZAddStepCommentRequest>;

/** Resolves (or reopens) the thread the comment belongs to. */
export const ZResolveStepCommentRequest = z.object({
  commentId: z.uuid(),
  resolved: z.boolean(),
});
export type TResolveStepCommentRequest = z.infer<typeof ZResolveStepCommentRequest>;

export const ZStepCommentsQuery = z.object({
  submissionId: z.uuid(),
  /** Without it, only the open-thread counts of every step (the step menu's badges). */
  stepId: z.uuid().optional(),
});

/** A person as a comment shows them; null when they were erased. */
export const ZCommentPerson = z.object({ userId: z.uuid(), name: z.string() }).nullable();

export const ZStepComment = z.object({
  id: z.uuid(),
  author: ZCommentPerson,
  body: z.string(),
  createdAt: z.string(),
  mentions: z.array(z.object({ userId: z.uuid(), name: z.string() })),
});
export type TStepComment = z.infer<typeof ZStepComment>;

export const ZCommentThread = ZStepComment.extend({
  stepId: z.uuid(),
  resolved: z.boolean(),
  resolvedAt: z.string().nullable(),
  resolvedBy: ZCommentPerson,
  replies: z.array(ZStepComment),
});
export type TCommentThread = z.infer<typeof ZCommentThread>;

/**
 * GET Call/GetStepComments: the step's threads (none without `stepId`) and, always, the number of
 * open threads of every step that has one, for the step menu.
 */
export const ZStepComments = z.object({
  threads: z.array(ZCommentThread),
  openByStep: z.record(z.string(), z.number().int()),
});
export type TStepComments = z.infer<typeof ZStepComments>;
