import { DEFAULT_LANGUAGE, localisedCall } from '@impact/domain';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { calls } from '../../db/schema';
import { longDay } from '../../lib/moments';
import { translator } from '../../lib/texts';
import { queueNotice } from '../email/notice-mail';
import { recipientLanguage } from '../email/recipient-language';
import { grantees } from './service';

/** The mails about a report: each has a subject, a body and an action. */
type ReportMailTexts = 'mail.reportDue' | 'mail.reportOverdue' | 'mail.reportApproved';

/**
 * A notice about one of a grant's reports (its reminders, its approval) to the grantee's contact
 * and writers, each in their language, with a link to the grant. `texts` names the mail's
 * subject, body and action; they may use `report`, `org`, `call` and, given a due day, `date`;
 * `after` a paragraph after the body (said only where it holds).
 */
export async function noticeGrantReport(
  tx: Tx,
  report: { grantId: string; organizationId: string; callId: string; name: string; dueAt?: string },
  mail: { template: string; texts: ReportMailTexts; after?: 'mail.reportApproved.trancheReady' },
  publicUrl: string,
) {
  const [call] = await tx.select().from(calls).where(eq(calls.id, report.callId));
  const { name: org, emails } = await grantees(tx, report.organizationId);
  for (const email of emails) {
    const language = await recipientLanguage(tx, email, DEFAULT_LANGUAGE);
    const t = translator(language);
    const values = {
      report: report.name,
      org,
      call: call ? localisedCall(call, language).name : '',
      ...(report.dueAt ? { date: longDay(report.dueAt, language) } : {}),
    };
    await queueNotice(
      tx,
      email,
      mail.template,
      {
        subject: t(`${mail.texts}.subject`, values),
        paragraphs: [t(`${mail.texts}.body`, values), ...(mail.after ? [t(mail.after, values)] : [])],
        link: `${publicUrl}/grants/${report.grantId}`,
        action: t(`${mail.texts}.action`),
      },
      language,
    );
  }
}
