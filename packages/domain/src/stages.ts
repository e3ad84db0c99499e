import { z } from 'zod';
import { DEFAULT_LANGUAGE, type TLanguage } from './languages';

/*
 * Calls in two stages (docs/decisions/0034-calls-in-two-stages.md): a step belongs to stage 1 (the
 * expression of interest, open on the call's dates) or stage 2 (the full application, open only to
 * the organizations invited, until the deadline of their invitation).
 */

export const STAGES = [1, 2] as const;
export const ZStage = z.union([z.literal(1), z.literal(2)]);
export type TStage = z.infer<typeof ZStage>;
/**
 * A stage in a response: a plain bounded integer, which the compiled response writer handles
 * directly (a union of literals makes it try each branch on every row).
 */
export const ZStageNumber = z.number().int().min(1).max(2);

/** A call runs in two stages when any of its steps belongs to stage 2. */
export function hasSecondStage(steps: ReadonlyArray<{ stage: number }>): boolean {
  return steps.some((step) => step.stage === 2);
}

/**
 * Whether a stage-1 step comes after a stage-2 step in the call's order (`steps` as sorted): then
 * an organization in stage 2 meets stage 1's answers, read only, between its new questions.
 */
export function stagesInterleaved(steps: ReadonlyArray<{ stage: number }>): boolean {
  const firstOfStage2 = steps.findIndex((step) => step.stage === 2);
  return firstOfStage2 >= 0 && steps.slice(firstOfStage2).some((step) => step.stage !== 2);
}

/** The steps an organization in `stage` sees: those of its stage and of the stages before it. */
export function stepsUpToStage<T extends { stage: number }>(steps: readonly T[], stage: number): T[] {
  return steps.filter((step) => step.stage <= stage);
}

/** The steps an organization in `stage` still writes (and Submit checks): those of that stage only. */
export function stepsOfStage<T extends { stage: number }>(steps: readonly T[], stage: number): T[] {
  return steps.filter((step) => step.stage === stage);
}

/** The admin's own words in an invitation: one text for every language, or one per language. */
export const STAGE_MESSAGE_MAX_LENGTH = 5000;
const ZMessageText = z.string().max(STAGE_MESSAGE_MAX_LENGTH);
export const ZStageMessage = z.union([
  ZMessageText,
  z.object({ it: ZMessageText, en: ZMessageText.optional(), fr: ZMessageText.optional() }),
]);
export type TStageMessage = z.infer<typeof ZStageMessage>;

/** The message in `language`: the text written for it, else the default language's, else ''. */
export function stageMessageIn(message: TStageMessage, language: TLanguage): string {
  if (typeof message === 'string') return message.trim();
  const own = message[language]?.trim();
  return own || message[DEFAULT_LANGUAGE]?.trim() || '';
}

/** POST Call/InviteToStage (admin): the closed stage-1 submissions named go on to stage 2. */
export const ZInviteToStageRequest = z.object({
  callId: z.uuid(),
  submissionIds: z.array(z.uuid()).min(1).max(1000),
  stage: z.literal(2),
  /** The stage-2 deadline of these organizations; in the future. */
  closingAt: z.iso.datetime({ offset: true }),
  message: ZStageMessage,
});
export type TInviteToStageRequest = z.infer<typeof ZInviteToStageRequest>;

export const ZInviteToStageResponse = z.object({
  /** Submissions invited now (one already invited is not invited, nor mailed, again). */
  invited: z.number().int(),
  /** Invitation mails queued. */
  mailsQueued: z.number().int(),
  /** Closed stage-1 submissions not invited that were given their outcome (one mail each, after the lock). */
  outcomesQueued: z.number().int(),
});
export type TInviteToStageResponse = z.infer<typeof ZInviteToStageResponse>;

/** POST Call/PreviewStageInvitation (admin): the invitation mail in each language, before sending. */
export const ZPreviewStageInvitationRequest = ZInviteToStageRequest.omit({ submissionIds: true }).extend({
  submissionIds: z.array(z.uuid()).max(1000).default([]),
});
export type TPreviewStageInvitationRequest = z.input<typeof ZPreviewStageInvitationRequest>;

export const ZStageMailText = z.object({ subject: z.string(), text: z.string() });
export const ZStageInvitationPreview = z.object({
  mails: z.object({ it: ZStageMailText, en: ZStageMailText, fr: ZStageMailText }),
  /** Closed stage-1 submissions without a decision that the invitation would give their outcome. */
  outcomes: z.number().int(),
  /** When those outcome mails go: the call's lock end, or null for at once. */
  outcomesSendAt: z.string().nullable(),
});
export type TStageInvitationPreview = z.infer<typeof ZStageInvitationPreview>;
