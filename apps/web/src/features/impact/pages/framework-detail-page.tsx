import { Alert, Anchor, Center, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { usePageTitle } from '../../../lib/page-title';
import { useFramework } from '../api/frameworks';
import { DeleteFrameworkButton } from '../components/delete-framework-button';
import { FrameworkTables } from '../components/framework-tables';

/** SPEC 2 "impact-framework/{id}": the framework with tabs Outcome and Stakeholder. */
export function FrameworkDetailPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { id = '' } = useParams();
  const framework = useFramework(id);
  // The heading is the framework's name alone: the title names the page before it.
  usePageTitle(framework.data && t('impact.admin.detailTitle', { name: framework.data.name }));
  return (
    <Stack gap="lg">
      <Anchor component={Link} to="/admin?tab=impactframe" size="sm">
        <Group gap={4}>
          <IconArrowLeft size={14} />
          {t('impact.admin.back')}
        </Group>
      </Anchor>
      {framework.isPending && (
        <Center mih="30vh">
          <Loader />
        </Center>
      )}
      {framework.isError && <Alert color="red">{t('errors.impact.frameworkNotFound')}</Alert>}
      {framework.data && (
        <>
          <Group justify="space-between" align="flex-start">
            <div>
              <Title order={1}>{framework.data.name}</Title>
              <Text c="dimmed">{framework.data.description}</Text>
            </div>
            <DeleteFrameworkButton
              id={framework.data.id}
              name={framework.data.name}
              onDeleted={() => navigate('/admin?tab=impactframe')}
            />
          </Group>
          <Paper withBorder radius="md" p="lg">
            <FrameworkTables outcomes={framework.data.outcomes} stakeholders={framework.data.stakeholders} />
          </Paper>
        </>
      )}
    </Stack>
  );
}
