import { Button, Group, Loader, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconFiles, IconHistory, IconShieldLock } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useConfig } from '../../lib/api/get-config';
import { SubmissionsTab } from '../admin-submissions/submissions-tab';
import { CallsTab } from '../call-builder/components/calls-tab';
import { useCanCustomize } from '../config/api/can-customize';
import { ConfigList } from '../config/components/config-list';
import { FrameworksTab } from '../impact/components/frameworks-tab';
import { type AdminTab, visibleAdminTabs } from './admin-tabs';

// The report tab carries the charts: loaded only when the tab is opened.
const ReportTab = lazy(() => import('../reports/components/report-tab').then((m) => ({ default: m.ReportTab })));

/** /admin — tabbed admin index (SPEC 2). The tab is in the URL (?tab=calls) so it can be linked. */
export function AdminIndexPage() {
  const { t } = useTranslation();
  const config = useConfig();
  const canCustomize = useCanCustomize().data?.canCustomize ?? false;
  const [params, setParams] = useSearchParams();

  const visible = visibleAdminTabs(canCustomize, config);
  const requested = params.get('tab') as AdminTab | null;
  const current: AdminTab = requested && visible.includes(requested) ? requested : 'calls';

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <Stack gap={4}>
          <Title order={1}>{t('admin.title')}</Title>
          <Text c="dimmed">{t('admin.intro')}</Text>
        </Stack>
        <Group gap="xs">
          <Button
            variant="default"
            component={Link}
            to="/admin/file-upload"
            leftSection={<IconFiles size={16} aria-hidden />}
          >
            {t('adminIndex.links.files')}
          </Button>
          <Button
            variant="default"
            component={Link}
            to="/admin/audit"
            leftSection={<IconHistory size={16} aria-hidden />}
          >
            {t('adminIndex.links.audit')}
          </Button>
          <Button
            variant="default"
            component={Link}
            to="/admin/data-requests"
            leftSection={<IconShieldLock size={16} aria-hidden />}
          >
            {t('privacy.adminLink')}
          </Button>
        </Group>
      </Group>
      <Tabs
        value={current}
        onChange={(value) => value && setParams({ tab: value }, { replace: true })}
        keepMounted={false}
      >
        <Tabs.List mb="lg">
          {visible.map((tab) => (
            <Tabs.Tab key={tab} value={tab}>
              {t(`adminIndex.tabs.${tab}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="calls">
          <CallsTab />
        </Tabs.Panel>
        <Tabs.Panel value="submissions">
          <SubmissionsTab />
        </Tabs.Panel>
        <Tabs.Panel value="report">
          <Suspense fallback={<Loader aria-label={t('adminIndex.loading')} />}>
            <ReportTab />
          </Suspense>
        </Tabs.Panel>
        <Tabs.Panel value="customize">{canCustomize && <ConfigList />}</Tabs.Panel>
        <Tabs.Panel value="impactframe">
          <FrameworksTab />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
