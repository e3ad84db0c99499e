import { EmptyState, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconBrush, IconChartBar } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { SubmissionsTab } from '../admin-submissions/submissions-tab';
import { useSession } from '../auth/session-store';
import { CallsTab } from '../call-builder/components/calls-tab';
import { useConfig } from '../config/api/get-config';
import { FrameworksTab } from '../impact/components/frameworks-tab';
import { type AdminTab, visibleAdminTabs } from './admin-tabs';

function LaterEmptyState({ icon, title, text }: { icon: ReactNode; title: string; text: string }) {
  return <EmptyState icon={icon} title={title} description={text} py="xl" />;
}

/** /admin — tabbed admin index (SPEC 2). The tab is in the URL (?tab=calls) so it can be linked. */
export function AdminIndexPage() {
  const { t } = useTranslation();
  const config = useConfig();
  const session = useSession();
  const [params, setParams] = useSearchParams();
  const email = session.status === 'authenticated' ? session.user.email : '';

  const visible = visibleAdminTabs(email, config);
  const requested = params.get('tab') as AdminTab | null;
  const current: AdminTab = requested && visible.includes(requested) ? requested : 'calls';

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>{t('admin.title')}</Title>
        <Text c="dimmed">{t('admin.intro')}</Text>
      </Stack>
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
          <LaterEmptyState
            icon={<IconChartBar size={28} />}
            title={t('adminIndex.report.title')}
            text={t('adminIndex.report.text')}
          />
        </Tabs.Panel>
        <Tabs.Panel value="customize">
          <LaterEmptyState
            icon={<IconBrush size={28} />}
            title={t('adminIndex.customize.title')}
            text={t('adminIndex.customize.text')}
          />
        </Tabs.Panel>
        <Tabs.Panel value="impactframe">
          <FrameworksTab />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
