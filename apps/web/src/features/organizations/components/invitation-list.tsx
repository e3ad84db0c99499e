import type { TInvitation } from '@impact/domain';
import { Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PlainList } from '../../../components/plain-list';
import { dateFormat } from '../../../lib/date-formats';

/** The open invitations, each with its role, its end and a way to withdraw it. */
export function InvitationList({
  invitations,
  onWithdraw,
}: {
  invitations: TInvitation[];
  onWithdraw: (invitation: TInvitation) => void;
}) {
  const { t, i18n } = useTranslation();
  if (!invitations.length) return <Text c="dimmed">{t('organizations.members.noInvitations')}</Text>;
  return (
    <PlainList gap="xs" aria-labelledby="invitations-title">
      {invitations.map((i) => (
        <li key={i.id}>
          <Group gap="sm" wrap="wrap">
            <Text>
              <bdi>{i.email}</bdi> · {t(`organizations.roles.${i.role}`)} ·{' '}
              {t('organizations.members.expires', {
                date: dateFormat(i18n.language, { dateStyle: 'medium' }).format(new Date(i.expiresAt)),
              })}
            </Text>
            <Button
              variant="subtle"
              size="xs"
              color="red"
              onClick={() => onWithdraw(i)}
              aria-label={t('organizations.members.withdrawAria', { email: i.email })}
            >
              {t('organizations.members.withdraw')}
            </Button>
          </Group>
        </li>
      ))}
    </PlainList>
  );
}
