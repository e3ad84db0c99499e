import type { TLanguage } from '@impact/domain';
import type { Tx } from '../../db/client';
import { moment } from '../../lib/moments';
import { translator } from '../../lib/texts';
import { queueNotice } from '../email/notice-mail';
import type { ReminderLinks } from './send-due';
import { unsubscribeUrl } from './unsubscribe-link';

/** A reminder or a nudge to one recipient, in their language, with the steps still to complete. */
export async function queueReminderMail(
  tx: Tx,
  input: {
    to: string;
    language: TLanguage;
    kind: 'reminder' | 'nudge';
    call: string;
    callId: string;
    closingAt: Date;
    organization: string;
    missingSteps: string[];
    link: string;
    links: ReminderLinks;
  },
) {
  const t = translator(input.language);
  const when = moment(input.closingAt, input.language);
  const names = { call: input.call, org: input.organization, when };
  const todo = input.missingSteps.length
    ? t('mail.reminder.missing', { steps: input.missingSteps.join(', ') })
    : t('mail.reminder.onlySubmit');
  await queueNotice(
    tx,
    input.to,
    `call-${input.kind}`,
    {
      subject: t(input.kind === 'reminder' ? 'mail.reminder.subject' : 'mail.reminder.nudgeSubject', names),
      paragraphs: [t(input.kind === 'reminder' ? 'mail.reminder.body' : 'mail.reminder.nudgeBody', names), todo],
      action: t('mail.reminder.action'),
      link: input.link,
      unsubscribe: {
        text: t('mail.reminder.unsubscribe'),
        link: unsubscribeUrl(input.links.publicUrl, input.links.unsubscribeKey, input.callId, input.to),
      },
    },
    input.language,
  );
}
