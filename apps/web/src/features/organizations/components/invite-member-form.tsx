import { type TLanguage, type TMemberRole, ZInviteMemberRequest } from '@impact/domain';
import { Button, Group, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { problemText } from '../../../lib/problem-text';
import { useInviteMember } from '../api/invite-member';
import { RoleSelect } from './role-select';

/** An owner invites a person by e-mail with a role; the mail goes in the page's language unless they have an account. */
export function InviteMemberForm({ organizationId }: { organizationId: string }) {
  const { t, i18n } = useTranslation();
  const invite = useInviteMember(organizationId);
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<TMemberRole>('editor');
  const [error, setError] = useState<string | null>(null);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const input = { organizationId, email: email.trim(), role, language: i18n.language as TLanguage };
    // The server's own contract checks the address first: the same message, without a round trip.
    if (!ZInviteMemberRequest.safeParse(input).success) {
      setError(t('errors.organizations.invalidEmail'));
      return;
    }
    setError(null);
    invite.mutate(input, {
      onSuccess: () => {
        notifications.show({ color: 'teal', message: t('organizations.members.invited', { email: input.email }) });
        setEmail('');
      },
      onError: (err) => setError(problemText(t, err)),
    });
  };

  return (
    <form onSubmit={submit} noValidate aria-labelledby="invite-title">
      <Group align="flex-start" gap="sm" wrap="wrap">
        <TextInput
          label={t('organizations.members.email')}
          type="email"
          autoComplete="off"
          required
          value={email}
          onChange={(e) => setEmail(e.currentTarget.value)}
          error={error}
          style={{ flex: '1 1 240px' }}
        />
        <RoleSelect value={role} onChange={setRole} label={t('organizations.members.role')} />
        <Button type="submit" mt={25} loading={invite.isPending} leftSection={<IconSend size={16} aria-hidden />}>
          {t('organizations.members.invite')}
        </Button>
      </Group>
    </form>
  );
}
