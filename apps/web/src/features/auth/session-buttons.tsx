import { initialsOf, isAdmin } from '@impact/domain';
import { Avatar, Button, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { IconBuilding, IconChevronDown, IconLayoutDashboard, IconList, IconLogout } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ReviewsMenuItem } from '../review/components/reviews-menu-item';
import { logout } from './session';
import { useSession } from './session-store';
import { signInUrl } from './sign-in-urls';

/** SPEC 2 "Layout": signed in, the user's name, initials and menu; signed out, Login and Register. */
export function SessionButtons() {
  const { t, i18n } = useTranslation();
  const session = useSession();
  if (session.status === 'loading') return null;
  if (session.status === 'anonymous') {
    return (
      <Group gap="xs" wrap="nowrap">
        <Button component="a" href={signInUrl({ language: i18n.language })} variant="default">
          {t('auth.login')}
        </Button>
        <Button component="a" href={signInUrl({ register: true, language: i18n.language })}>
          {t('auth.register')}
        </Button>
      </Group>
    );
  }
  const { user } = session;
  const fullName = `${user.firstName} ${user.lastName}`.trim() || user.email;
  return (
    <Group gap="sm" wrap="nowrap">
      <Button component={Link} to="/calls" variant="subtle" visibleFrom="sm">
        {t('layout.calls')}
      </Button>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          {/* Named by the user's name it shows (WCAG 2.5.3); the initials are decoration, and on
              small screens the name is read but not drawn. */}
          <UnstyledButton data-testid="user-menu">
            <Group gap={8} wrap="nowrap">
              <Avatar color="teal" radius="xl" size={36} aria-hidden>
                {initialsOf(user)}
              </Avatar>
              <Text fw={600} size="sm" className="name-below-sm-hidden" data-testid="user-name">
                {fullName}
              </Text>
              <IconChevronDown size={14} aria-hidden />
            </Group>
          </UnstyledButton>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item component={Link} to="/org/list" leftSection={<IconBuilding size={16} />}>
            {t('layout.yourOrganizations')}
          </Menu.Item>
          <Menu.Item component={Link} to="/calls" leftSection={<IconList size={16} />}>
            {t('layout.backToCalls')}
          </Menu.Item>
          <ReviewsMenuItem roles={user.roles} />
          {isAdmin(user.roles) && (
            <Menu.Item component={Link} to="/admin" leftSection={<IconLayoutDashboard size={16} />}>
              {t('layout.adminPanel')}
            </Menu.Item>
          )}
          <Menu.Divider />
          <Menu.Item leftSection={<IconLogout size={16} />} onClick={() => void logout()}>
            {t('layout.logout')}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
    </Group>
  );
}
