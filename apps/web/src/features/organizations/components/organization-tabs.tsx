import { Anchor, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** The organization's two tabs, as links between its pages (each its own title and address). */
export function OrganizationTabs({
  organizationId,
  current,
}: {
  organizationId: string;
  current: 'details' | 'members';
}) {
  const { t } = useTranslation();
  const tabs = [
    { key: 'details', to: `/org/edit/${organizationId}`, label: t('organizations.tabs.details') },
    { key: 'members', to: `/org/members/${organizationId}`, label: t('organizations.tabs.members') },
  ] as const;
  return (
    <Group
      component="nav"
      aria-label={t('organizations.tabs.label')}
      gap="lg"
      style={{ borderBottom: '1px solid var(--mantine-color-gray-4)' }}
    >
      {tabs.map((tab) => (
        <Anchor
          key={tab.key}
          component={Link}
          to={tab.to}
          aria-current={tab.key === current ? 'page' : undefined}
          underline="never"
          fw={tab.key === current ? 700 : 500}
          c={tab.key === current ? 'teal.9' : 'dark'}
          py={6}
          style={{
            borderBottom: tab.key === current ? '3px solid var(--mantine-color-teal-8)' : '3px solid transparent',
          }}
        >
          {tab.label}
        </Anchor>
      ))}
    </Group>
  );
}
