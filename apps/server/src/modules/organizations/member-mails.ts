import { DEFAULT_LANGUAGE, type TLanguage, type TMemberRole } from '@impact/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { organizationMembers, users } from '../../db/schema';
import { translator } from '../../lib/texts';
import { queueNotice } from '../email/notice-mail';
import { recipientLanguage } from '../email/recipient-language';

/** Texts under `mail.memberInvitation` and `mail.memberChange` (packages/texts). */

/** The language a person reads: their saved one, else their sign-in account's, else `fallback`. */
export function languageOf(tx: Tx, email: string, fallback: TLanguage = DEFAULT_LANGUAGE): Promise<TLanguage> {
  return recipientLanguage(tx, email, fallback);
}

export async function queueMemberInvitation(
  tx: Tx,
  input: { to: string; organization: string; role: TMemberRole; language: TLanguage; link: string },
) {
  const t = translator(input.language);
  const role = t(`mail.memberRole.${input.role}`);
  await queueNotice(
    tx,
    input.to,
    'member-invitation',
    {
      subject: t('mail.memberInvitation.subject', { organization: input.organization }),
      paragraphs: [
        t('mail.memberInvitation.body', { organization: input.organization, role }),
        t('mail.memberInvitation.signIn'),
      ],
      action: t('mail.memberInvitation.action'),
      link: input.link,
    },
    input.language,
  );
}

/** What happened to the membership, as the owners' notice says it. */
export type MemberChange =
  | { kind: 'invited'; email: string; role: TMemberRole }
  | { kind: 'withdrawn'; email: string }
  | { kind: 'joined'; email: string; role: TMemberRole }
  | { kind: 'roleChanged'; email: string; role: TMemberRole }
  | { kind: 'removed'; email: string }
  | { kind: 'left'; email: string };

/** Tells every owner of the organization (as it is after the change), each in their language. */
export async function queueOwnersNotice(tx: Tx, orgId: string, organization: string, change: MemberChange) {
  const owners = await tx
    .select({ email: users.email })
    .from(organizationMembers)
    .innerJoin(users, eq(users.id, organizationMembers.userId))
    .where(and(eq(organizationMembers.organizationId, orgId), inArray(organizationMembers.role, ['owner'])));
  for (const owner of owners) {
    const language = await languageOf(tx, owner.email);
    const t = translator(language);
    const role = 'role' in change ? t(`mail.memberRole.${change.role}`) : '';
    await queueNotice(
      tx,
      owner.email,
      'member-change',
      {
        subject: t('mail.memberChange.subject', { organization }),
        paragraphs: [t(`mail.memberChange.${change.kind}`, { organization, email: change.email, role })],
      },
      language,
    );
  }
}
