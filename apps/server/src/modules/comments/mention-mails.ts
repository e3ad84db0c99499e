import { type TCallTranslations, type TStepTranslations, textsIn, translatedOr } from '@impact/domain';
import { inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { users } from '../../db/schema';
import { translator } from '../../lib/texts';
import { queueNotice } from '../email/notice-mail';
import { languageOf } from '../organizations/member-mails';

type Named = { name: string; translations: TCallTranslations | TStepTranslations | null };

/**
 * Tells each member named in a comment, in their own language, through the mail outbox. The mail
 * says who named them and where, with a link to the step, but not the comment's words: those stay
 * in the team's page, out of mailboxes and the outbox an operator can read.
 */
export async function queueMentionMails(
  tx: Tx,
  input: { mentioned: string[]; authorName: string; call: Named; step: Named; link: string },
) {
  if (!input.mentioned.length) return;
  const people = await tx.select({ email: users.email }).from(users).where(inArray(users.id, input.mentioned));
  for (const person of people) {
    const language = await languageOf(tx, person.email);
    const t = translator(language);
    const call = translatedOr(textsIn(input.call.translations, language)?.name, input.call.name);
    const step = translatedOr(textsIn(input.step.translations, language)?.name, input.step.name);
    await queueNotice(
      tx,
      person.email,
      'comment-mention',
      {
        subject: t('mail.commentMention.subject', { name: input.authorName, call }),
        paragraphs: [t('mail.commentMention.body', { name: input.authorName, call, step })],
        action: t('mail.commentMention.action'),
        link: input.link,
      },
      language,
    );
  }
}
