import { z } from 'zod';

/** Which applicants of a call receive an e-mail: all, those still writing, or those who submitted. */
export const EMAIL_AUDIENCES = ['all', 'open', 'closed'] as const;
export const ZEmailAudience = z.enum(EMAIL_AUDIENCES);
export type TEmailAudience = z.infer<typeof ZEmailAudience>;

export const EMAIL_SUBJECT_MAX = 200;
export const EMAIL_BODY_MAX = 50_000;

/** POST SendEmail/SendEmail. The body is rich text: the server keeps only the allow-listed HTML. */
export const ZSendEmailRequest = z.object({
  callId: z.uuid(),
  audience: ZEmailAudience,
  subject: z.string().trim().min(1).max(EMAIL_SUBJECT_MAX),
  html: z.string().min(1).max(EMAIL_BODY_MAX),
});
export type TSendEmailRequest = z.infer<typeof ZSendEmailRequest>;

export const ZRecipientCount = z.object({ count: z.number().int() });
export const ZSendEmailResponse = z.object({ queued: z.number().int() });
