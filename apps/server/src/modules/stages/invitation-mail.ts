import { stageMessageIn, type TLanguage, type TStageInvitationPreview, type TStageMessage } from '@impact/domain';
import { moment } from '../../lib/moments';
import { translator } from '../../lib/texts';
import { type NoticeMail, renderNotice } from '../email/notice-mail';

export type InvitationParts = { call: string; org: string; closingAt: Date; message: TStageMessage; link: string };

/** The invitation to stage 2 in one language: the fixed words (packages/texts), then the admin's message. */
export function invitationMail(language: TLanguage, parts: InvitationParts): NoticeMail {
  const t = translator(language);
  const message = stageMessageIn(parts.message, language);
  return {
    subject: t('mail.stageInvitation.subject', { call: parts.call }),
    paragraphs: [
      t('mail.stageInvitation.body', { call: parts.call, org: parts.org }),
      t('mail.stageInvitation.deadline', { deadline: moment(parts.closingAt, language) }),
      t('mail.stageInvitation.carried'),
      ...(message ? [message] : []),
    ],
    link: parts.link,
    action: t('mail.stageInvitation.action'),
  };
}

/** What the admin reads before sending: the mail exactly as it will be rendered, in each language. */
export function invitationPreview(parts: InvitationParts): TStageInvitationPreview['mails'] {
  const one = (language: TLanguage) => {
    const { subject, text } = renderNotice(invitationMail(language, parts), language);
    return { subject, text };
  };
  return { it: one('it'), en: one('en'), fr: one('fr') };
}
