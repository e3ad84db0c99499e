import { initialsOf, isAdmin, personName, type TUser } from '@impact/domain';
import { Avatar, Button, Group, Text } from '@mantine/core';
import {
  IconBuilding,
  IconChevronDown,
  IconLayoutDashboard,
  IconList,
  IconLogout,
  IconShieldLock,
} from '@tabler/icons-react';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { UserMenu, UserMenuAction, UserMenuDivider, UserMenuLink } from '../../components/user-menu';
import { logout } from '../../lib/session';
import { useSession } from '../../lib/session-store';
import { signInUrl } from '../../lib/sign-in-urls';

type Props = {
  /**
   * Links other features add to the signed-in user's menu, after "Back to calls" (app/layout.tsx
   * passes the reviewer's). Mounted only while the menu is open, like the rest of its items.
   */
  MenuLinks?: ComponentType<{ user: TUser }>;
};

/** SPEC 2 "Layout": signed in, the user's name, initials and menu; signed out, Login and Register. */
export function SessionButtons({ MenuLinks }: Props) {
  const { t, i18n } = useTranslation();
  const session = useSession();
  if (session.status === 'loading') return null;
  if (session.status === 'anonymous') {
    // Below 576 px only "Log in" fits beside the logo and the language (WCAG 1.4.10): registering
    // stays a link away, on the sign-in page and on the welcome page.
    return (
      <Group gap="xs" wrap="nowrap">
        <Button component="a" href={signInUrl({ language: i18n.language })} variant="default">
          {t('auth.login')}
        </Button>
        <Button component="a" href={signInUrl({ register: true, language: i18n.language })} visibleFrom="xs">
          {t('auth.register')}
        </Button>
      </Group>
    );
  }
  return <SignedInButtons user={session.user} MenuLinks={MenuLinks} />;
}

function SignedInButtons({ user, MenuLinks }: { user: TUser } & Props) {
  const { t } = useTranslation();
  const fullName = personName(user) || user.email;
  return (
    <Group gap="sm" wrap="nowrap">
      <Button component={Link} to="/calls" variant="subtle" visibleFrom="sm">
        {t('layout.calls')}
      </Button>
      {/* Named by the user's name it shows (WCAG 2.5.3); the initials are decoration, and on
          small screens the name is read but not drawn. */}
      <UserMenu
        testId="user-menu"
        label={fullName}
        button={
          <Group gap={8} wrap="nowrap">
            <Avatar color="teal" radius="xl" size={36} aria-hidden>
              {initialsOf(user)}
            </Avatar>
            <Text fw={600} size="sm" className="name-below-sm-hidden" data-testid="user-name">
              {fullName}
            </Text>
            <IconChevronDown size={14} aria-hidden />
          </Group>
        }
      >
        <UserMenuItems user={user} MenuLinks={MenuLinks} />
      </UserMenu>
    </Group>
  );
}

/** Mounted only while the menu is open: what the added links ask is asked then, not on every page. */
function UserMenuItems({ user, MenuLinks }: { user: TUser } & Props) {
  const { t } = useTranslation();
  return (
    <>
      <UserMenuLink to="/org/list" icon={<IconBuilding size={16} aria-hidden />}>
        {t('layout.yourOrganizations')}
      </UserMenuLink>
      <UserMenuLink to="/privacy" icon={<IconShieldLock size={16} aria-hidden />}>
        {t('privacy.menu')}
      </UserMenuLink>
      <UserMenuLink to="/calls" icon={<IconList size={16} aria-hidden />}>
        {t('layout.backToCalls')}
      </UserMenuLink>
      {MenuLinks && <MenuLinks user={user} />}
      {isAdmin(user.roles) && (
        <UserMenuLink to="/admin" icon={<IconLayoutDashboard size={16} aria-hidden />}>
          {t('layout.adminPanel')}
        </UserMenuLink>
      )}
      <UserMenuDivider />
      <UserMenuAction onClick={() => void logout()} icon={<IconLogout size={16} aria-hidden />}>
        {t('layout.logout')}
      </UserMenuAction>
    </>
  );
}
