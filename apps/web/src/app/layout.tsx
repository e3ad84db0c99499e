import { AppShell, Box, Group, Text, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router';
import { BrandLogo } from '../components/brand-logo';
import { SessionButtons } from '../features/auth/session-buttons';
import { useConfig } from '../features/config/api/get-config';
import { LanguageSelect } from '../features/i18n/language-select';

/** SPEC 2 "Layout": top bar with logo and name, language selector when enabled, session controls. */
export function Layout() {
  const config = useConfig();
  const { t } = useTranslation();
  return (
    <AppShell header={{ height: 72 }} padding="md">
      <a href="#main" className="skip-link">
        {t('layout.skipToContent')}
      </a>
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <UnstyledButton component={Link} to="/" aria-label={t('layout.home')}>
            <Group gap="sm" wrap="nowrap">
              <BrandLogo config={config} />
              <Text fw={700} size="lg" visibleFrom="xs">
                {config.name}
              </Text>
            </Group>
          </UnstyledButton>
          <Group gap="sm" wrap="nowrap">
            {config.languageSelection && <LanguageSelect />}
            <SessionButtons />
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Main>
        <Box id="main" component="main" tabIndex={-1} maw={1200} mx="auto">
          <Outlet />
        </Box>
      </AppShell.Main>
    </AppShell>
  );
}
