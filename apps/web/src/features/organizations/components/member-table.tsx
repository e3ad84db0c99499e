import { personName, type TMember, type TMemberRole } from '@impact/domain';
import { Button, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
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
          {members.map((m) => {
            const name = personName(m) || m.email;
            const self = m.userId === selfId;
            return (
              <Table.Tr key={m.userId}>
                <Table.Th scope="row" fw={500}>
                  <bdi>{name}</bdi>
                  {self && ` (${t('organizations.members.you')})`}
                  <Text size="sm" c="dimmed" fw={400}>
                    <bdi>{m.email}</bdi>
                  </Text>
                </Table.Th>
                <Table.Td>
                  {canManage ? (
                    <RoleSelect
                      hideLabel
                      label={t('organizations.members.roleOf', { name })}
                      value={m.role}
                      onChange={(role) => onRoleChange(m, role)}
                    />
                  ) : (
                    t(`organizations.roles.${m.role}`)
                  )}
                </Table.Td>
                <Table.Td>{dateFormat(i18n.language, { dateStyle: 'medium' }).format(new Date(m.since))}</Table.Td>
                <Table.Td>
                  {(canManage || self) && (
                    <Button
                      variant="subtle"
                      color="red"
                      size="xs"
                      onClick={() => onRemove(m)}
                      aria-label={t(self ? 'organizations.members.leave' : 'organizations.members.removeAria', {
                        name,
                      })}
                    >
                      {t(self ? 'organizations.members.leave' : 'organizations.members.remove')}
                    </Button>
                  )}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
