import { AppShell, Box, Burger, Group, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation } from 'react-router';
import { BrandLogo } from '../components/brand-logo';
import { SessionButtons } from '../features/auth/session-buttons';
import { useSession } from '../features/auth/session-store';
import { useConfig } from '../features/config/api/get-config';
import { LanguageSelect } from '../features/i18n/language-select';
import { OrganizationSidePanel } from '../features/organizations/components/organization-side-panel';

/** SPEC 2 "Layout": top bar with logo and name, language selector when enabled, session controls. */
export function Layout() {
  const config = useConfig();
  const { t } = useTranslation();
  // SPEC 2: signed in, a side panel with the organization selector; collapsible on small screens.
  const authenticated = useSession().status === 'authenticated';
  const [navOpened, nav] = useDisclosure(false);
  const { pathname } = useLocation();
  useEffect(() => {
    if (pathname) nav.close();
  }, [pathname, nav.close]);
  return (
    <AppShell
      header={{ height: 72 }}
      navbar={
        authenticated ? { width: 300, breakpoint: 'sm', collapsed: { mobile: !navOpened, desktop: false } } : undefined
      }
      padding="md"
    >
      <a href="#main" className="skip-link">
        {t('layout.skipToContent')}
      </a>
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="xs" wrap="nowrap">
            {authenticated && (
              <Burger
                opened={navOpened}
                onClick={nav.toggle}
                hiddenFrom="sm"
                size="sm"
                aria-label={t('organizations.panel.toggle')}
              />
            )}
            <UnstyledButton component={Link} to="/" aria-label={t('layout.home')}>
              <Group gap="sm" wrap="nowrap">
                <BrandLogo config={config} />
                <Text fw={700} size="lg" visibleFrom="xs">
                  {config.name}
                </Text>
              </Group>
            </UnstyledButton>
          </Group>
          <Group gap="sm" wrap="nowrap">
            {config.languageSelection && <LanguageSelect />}
            <SessionButtons />
          </Group>
        </Group>
      </AppShell.Header>
      {authenticated && (
        <AppShell.Navbar p="md">
          <OrganizationSidePanel />
        </AppShell.Navbar>
      )}
      <AppShell.Main>
        <Box id="main" component="main" tabIndex={-1} maw={1200} mx="auto">
          <Outlet />
        </Box>
      </AppShell.Main>
    </AppShell>
  );
}
