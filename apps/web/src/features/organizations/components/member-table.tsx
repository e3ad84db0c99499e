import { personName, type TMember, type TMemberRole } from '@impact/domain';
import { Button, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { RowCards } from '../../../components/row-cards';
import { useNarrowScreen } from '../../../components/use-narrow-screen';
import { dateFormat } from '../../../lib/date-formats';
import { RoleSelect } from './role-select';

type Props = {
  members: TMember[];
  /** The signed-in user's id: their row offers "Leave" instead of "Remove". */
  selfId: string | null;
  /** Owners change roles and remove others; everyone may leave. */
  canManage: boolean;
  onRoleChange: (member: TMember, role: TMemberRole) => void;
  onRemove: (member: TMember) => void;
};

export function MemberTable({ members, selfId, canManage, onRoleChange, onRemove }: Props) {
  const { t, i18n } = useTranslation();
  // On a phone each member is a card: the role's choice was cut to "Propr" and Remove was off-screen.
  const narrow = useNarrowScreen();
  const nameOf = (m: TMember) => personName(m) || m.email;
  const role = (m: TMember) =>
    canManage ? (
      <RoleSelect
        hideLabel
        label={t('organizations.members.roleOf', { name: nameOf(m) })}
        value={m.role}
        onChange={(next) => onRoleChange(m, next)}
      />
    ) : (
      t(`organizations.roles.${m.role}`)
    );
  const since = (m: TMember) => dateFormat(i18n.language, { dateStyle: 'medium' }).format(new Date(m.since));
  const removal = (m: TMember) => {
    const self = m.userId === selfId;
    if (!canManage && !self) return null;
    return (
      <Button
        variant="subtle"
        color="red"
        size="xs"
        onClick={() => onRemove(m)}
        aria-label={t(self ? 'organizations.members.leave' : 'organizations.members.removeAria', { name: nameOf(m) })}
      >
        {t(self ? 'organizations.members.leave' : 'organizations.members.remove')}
      </Button>
    );
  };
  const who = (m: TMember) => (
    <>
      <bdi>{nameOf(m)}</bdi>
      {m.userId === selfId && ` (${t('organizations.members.you')})`}
    </>
  );
  if (narrow)
    return (
      <RowCards
        label={t('organizations.members.title')}
        rows={members.map((m) => ({
          key: m.userId,
          title: who(m),
          details: [
            { label: t('organizations.members.email'), value: <bdi>{m.email}</bdi> },
            { label: t('organizations.members.role'), value: role(m) },
            { label: t('organizations.members.since'), value: since(m) },
          ],
          actions: removal(m),
        }))}
      />
    );
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table striped verticalSpacing="sm" aria-labelledby="members-title">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('organizations.members.name')}</Table.Th>
            <Table.Th scope="col">{t('organizations.members.role')}</Table.Th>
            <Table.Th scope="col">{t('organizations.members.since')}</Table.Th>
            <Table.Th scope="col">{t('organizations.members.actions')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {members.map((m) => (
            <Table.Tr key={m.userId}>
              <Table.Th scope="row" fw={500}>
                {who(m)}
                <Text size="sm" c="dimmed" fw={400}>
                  <bdi>{m.email}</bdi>
                </Text>
              </Table.Th>
              <Table.Td>{role(m)}</Table.Td>
              <Table.Td>{since(m)}</Table.Td>
              <Table.Td>{removal(m)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
