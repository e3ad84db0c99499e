import { z } from 'zod';
import { ZEmailTranslations } from './content-translations';

/** Which applicants of a call receive an e-mail: all, those still writing, or those who submitted. */
export const EMAIL_AUDIENCES = ['all', 'open', 'closed'] as const;
export const ZEmailAudience = z.enum(EMAIL_AUDIENCES);
export type TEmailAudience = z.infer<typeof ZEmailAudience>;

export const EMAIL_SUBJECT_MAX = 200;
export const EMAIL_BODY_MAX = 50_000;

/**
 * POST SendEmail/SendEmail. The body is rich text: the server keeps only the allow-listed HTML.
 * `subject` and `html` are the default language's; `translations` the others' (each recipient
 * reads theirs, the default's where one is missing).
 */
export const ZSendEmailRequest = z.object({
  callId: z.uuid(),
  audience: ZEmailAudience,
  subject: z.string().trim().min(1).max(EMAIL_SUBJECT_MAX),
  html: z.string().min(1).max(EMAIL_BODY_MAX),
  translations: ZEmailTranslations.optional(),
});
export type TSendEmailRequest = z.infer<typeof ZSendEmailRequest>;

export const ZRecipientCount = z.object({ count: z.number().int() });
export const ZSendEmailResponse = z.object({ queued: z.number().int() });
