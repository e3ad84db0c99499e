import { Button, Group, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconFiles, IconHistory, IconListCheck, IconShieldLock, IconWebhook } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useConfig } from '../../lib/api/get-config';
import { usePageTitle } from '../../lib/page-title';
import { type AdminTab, visibleAdminTabs } from './admin-tabs';

/** The admin pages beside the tabs, each a button above them. */
const ADMIN_LINKS = [
  { to: '/admin/file-upload', Icon: IconFiles, label: 'adminIndex.links.files' },
  { to: '/admin/audit', Icon: IconHistory, label: 'adminIndex.links.audit' },
  { to: '/admin/webhooks', Icon: IconWebhook, label: 'adminIndex.links.webhooks' },
  { to: '/admin/jobs', Icon: IconListCheck, label: 'adminIndex.links.jobs' },
  { to: '/admin/data-requests', Icon: IconShieldLock, label: 'privacy.adminLink' },
] as const;

type Props = {
  /** Whether this admin may customise the branding (the server decides; app/admin-page.tsx asks). */
  canCustomize: boolean;
  /** Each tab's content, from the feature it belongs to (composed in app/admin-page.tsx). */
  panels: Record<AdminTab, ReactNode>;
};

/** /admin — tabbed admin index (SPEC 2). The tab is in the URL (?tab=calls) so it can be linked. */
export function AdminIndexPage({ canCustomize, panels }: Props) {
  const { t } = useTranslation();
  const config = useConfig();
  const [params, setParams] = useSearchParams();

  const visible = visibleAdminTabs(canCustomize, config);
  const requested = params.get('tab') as AdminTab | null;
  const current: AdminTab = requested && visible.includes(requested) ? requested : 'calls';
  // Each tab is a page of its own to a person (and has its own link): the title names it.
  usePageTitle(`${t(`adminIndex.tabs.${current}`)} · ${t('admin.title')}`);

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <Stack gap={4}>
          <Title order={1}>{t('admin.title')}</Title>
          <Text c="dimmed">{t('admin.intro')}</Text>
        </Stack>
        <Group gap="xs">
          {ADMIN_LINKS.map(({ to, Icon, label }) => (
            <Button key={to} variant="default" component={Link} to={to} leftSection={<Icon size={16} aria-hidden />}>
              {t(label)}
            </Button>
          ))}
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
        {visible.map((tab) => (
          <Tabs.Panel key={tab} value={tab}>
            {panels[tab]}
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}
