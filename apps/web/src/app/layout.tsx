import type { TUser } from '@impact/domain';
import { AppShell, Box, Burger, em, Group, px, useMantineTheme } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { LanguageSelect } from '../components/language-select';
import { SessionButtons } from '../features/auth/session-buttons';
import { GrantsMenuLink } from '../features/grants/components/grants-menu-link';
import { ReviewsMenuLink } from '../features/review/components/reviews-menu-link';
import { useConfig } from '../lib/api/get-config';
import { PageAnnouncer } from '../lib/page-title';
import { useSession } from '../lib/session-store';
import { HomeLink } from './home-link';
import { useNewPageAtTop } from './new-page-at-top';
import { SidePanel } from './side-panel';
import { SiteFooter } from './site-footer';

/**
 * SPEC 2 "Layout": top bar with logo and name, language selector when enabled, session controls;
 * a footer with the accessibility statement's link.
 */
export function Layout() {
  const config = useConfig();
  const { t } = useTranslation();
  // SPEC 2: signed in, a side panel with the organization selector; collapsible on small screens.
  const authenticated = useSession().status === 'authenticated';
  const [navOpened, nav] = useDisclosure(false);
  // Below the theme's `sm`, where the navbar folds away (Mantine's own query: sm less 0.1px).
  const sm = useMantineTheme().breakpoints.sm;
  const narrow = useMediaQuery(`(max-width: ${em(Number(px(sm)) - 0.1)})`, false, { getInitialValueInEffect: false });
  const { pathname } = useLocation();
  useEffect(() => {
    if (pathname) nav.close();
  }, [pathname, nav.close]);
  // Opened over the page on a phone, the side panel closes with Escape, as a menu does, and the
  // keyboard goes back to the button that opened it (it stayed over the page, taking its clicks).
  // Only an Escape pressed in the panel, on its button or on nothing: one meant for a dialog or a
  // list opened elsewhere is theirs.
  const burger = useRef<HTMLButtonElement>(null);
  const navbar = useRef<HTMLDivElement>(null);
  // Opened by its button on a phone, the panel lies over the page: the keyboard goes into it (Tab
  // went on through the top bar behind it, where Escape did not close it).
  useEffect(() => {
    if (narrow && navOpened) navbar.current?.querySelector<HTMLElement>(FOCUSABLE)?.focus();
  }, [narrow, navOpened]);
  useEffect(() => {
    if (!(narrow && navOpened)) return;
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented || event.isComposing) return;
      const target = event.target instanceof Node ? event.target : null;
      const ours = target === document.body || navbar.current?.contains(target) || burger.current?.contains(target);
      if (!ours) return;
      nav.close();
      burger.current?.focus();
    };
    document.addEventListener('keydown', closeOnEscape);
    return () => document.removeEventListener('keydown', closeOnEscape);
  }, [narrow, navOpened, nav.close]);
  useNewPageAtTop();
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
        <Group h="100%" px={{ base: 'xs', sm: 'md' }} justify="space-between" wrap="nowrap" gap="xs">
          <Group gap="xs" wrap="nowrap">
            {authenticated && (
              <Burger
                ref={burger}
                opened={navOpened}
                onClick={nav.toggle}
                hiddenFrom="sm"
                size="sm"
                aria-label={t('organizations.panel.toggle')}
                // Says whether the panel it opens is open (a screen reader hears "collapsed"/"expanded").
                aria-expanded={navOpened}
              />
            )}
            <HomeLink config={config} />
          </Group>
          <Group gap="sm" wrap="nowrap">
            {config.languageSelection && <LanguageSelect />}
            <SessionButtons MenuLinks={UserMenuLinks} />
          </Group>
        </Group>
      </AppShell.Header>
      {authenticated && (
        // Folded away on a phone it is only moved off-screen: inert, so Tab does not walk through
        // links no one can see.
        <AppShell.Navbar ref={navbar} p="md" inert={narrow && !navOpened}>
          <SidePanel />
        </AppShell.Navbar>
      )}
      {/* Behind the opened panel on a phone, out of the keyboard's path: Tab stays in the panel. */}
      <AppShell.Main inert={narrow && navOpened}>
        {/* AppShell.Main is the one <main> landmark; this box only centres the page. */}
        <Box id="main" tabIndex={-1} maw={1200} mx="auto">
          <Outlet />
        </Box>
        <PageAnnouncer />
      </AppShell.Main>
      <SiteFooter inert={narrow && navOpened} />
    </AppShell>
  );
}

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), [tabindex="0"]';

/** The user menu's links that belong to features: grants for everyone, reviews for reviewers. */
function UserMenuLinks({ user }: { user: TUser }) {
  return (
    <>
      <GrantsMenuLink />
      <ReviewsMenuLink user={user} />
    </>
  );
}
