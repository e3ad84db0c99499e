import { Alert, Button, EmptyState, Group, Loader, Stack, Table, Text } from '@mantine/core';
import { IconPlus, IconTargetArrow } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFrameworks } from '../../../lib/api/impact-frameworks';
import { dateFormat } from '../../../lib/date-formats';
import { DeleteFrameworkButton } from './delete-framework-button';

/** The impactframe tab of the admin index: the frameworks, and the way to create one. */
export function FrameworksTab() {
  const { t, i18n } = useTranslation();
  const frameworks = useFrameworks();
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Text c="dimmed">{t('impact.admin.listIntro')}</Text>
        <Button component={Link} to="/admin/impact-framework" leftSection={<IconPlus size={16} />}>
          {t('impact.admin.create')}
        </Button>
      </Group>
      {frameworks.isPending && <Loader />}
      {frameworks.isError && <Alert color="red">{t('errors.unexpected')}</Alert>}
      {frameworks.data?.length === 0 && (
        <EmptyState
          icon={<IconTargetArrow size={28} />}
          title={t('impact.admin.emptyTitle')}
          description={t('impact.admin.emptyText')}
          py="xl"
        />
      )}
      {frameworks.data && frameworks.data.length > 0 && (
        <Table.ScrollContainer minWidth={640}>
          <Table striped highlightOnHover verticalSpacing="sm" data-testid="frameworks-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('impact.admin.name')}</Table.Th>
                <Table.Th>{t('impact.admin.tabs.outcome')}</Table.Th>
                <Table.Th>{t('impact.admin.tabs.stakeholder')}</Table.Th>
                <Table.Th>{t('impact.admin.createdAt')}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {frameworks.data.map((f) => (
                <Table.Tr key={f.id}>
                  <Table.Td>
                    <Text component={Link} to={`/admin/impact-framework/${f.id}`} fw={600} c="blue">
                      {f.name}
                    </Text>
                    <Text size="xs" c="dimmed" lineClamp={1}>
                      {f.description}
                    </Text>
                  </Table.Td>
                  <Table.Td>{f.outcomeCount}</Table.Td>
                  <Table.Td>{f.stakeholderCount}</Table.Td>
                  <Table.Td>
                    {dateFormat(i18n.language, { dateStyle: 'medium' }).format(new Date(f.createdAt))}
                  </Table.Td>
                  <Table.Td>
                    <DeleteFrameworkButton id={f.id} name={f.name} compact />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
