import type { TLanguage } from '@impact/domain';
import { moment } from '../../lib/moments';
import { translator } from '../../lib/texts';
import type { NoticeMail } from '../email/notice-mail';

/**
 * The request for changes in one language: the fixed words (packages/texts), the steps named in
 * the call's language, the due date, then the administrator's message (as the stage invitation
 * carries its message: the request is the funder's formal word, not a conversation's chatter).
 */
export function changeRequestMail(
  language: TLanguage,
  parts: { call: string; org: string; steps: string[]; dueAt: Date; message: string; link: string; report: boolean },
): NoticeMail {
  const t = translator(language);
  // A grant's report is sent back in the same way; its mail speaks of the report, named by its form.
  const of = parts.report ? 'mail.changeRequest.report' : 'mail.changeRequest';
  return {
    subject: t('mail.changeRequest.subject', { call: parts.call }),
    paragraphs: [
      t(`${of}.body`, { call: parts.call, org: parts.org }),
      t('mail.changeRequest.steps', { steps: parts.steps.join(', ') }),
      t(`${of}.due`, { due: moment(parts.dueAt, language) }),
      parts.message,
    ],
    link: parts.link,
    action: t(`${of}.action`),
  };
}
