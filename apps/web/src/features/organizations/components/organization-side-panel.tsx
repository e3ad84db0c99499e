import { isAdmin } from '@impact/domain';
import { Button, Group, NativeSelect, NavLink, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { IconAward, IconBuilding, IconLayoutDashboard, IconList, IconPlus } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import type { ComponentType, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useConfig } from '../../../lib/api/get-config';
import { organizationsQueryKey, useOrganizations } from '../../../lib/api/get-organizations';
import { selectOrganization, useSelectedOrganizationId } from '../../../lib/selected-organization';
import { useSession } from '../../../lib/session-store';

type Props = {
  /**
   * What a user without organizations sees in place of the request to register one, when another
   * feature has something better for them (app/side-panel.tsx passes the reviewer's prompt): given
   * the user's roles and that request, to show when it does not apply.
   */
  NoOrganizationPrompt?: ComponentType<{ roles: string[]; otherwise: ReactNode }>;
};

/**
 * SPEC 2 "Layout" side panel: the organization the user works for, or a prompt to register one.
 * The add-organization button follows the configuration flag organizationSelection.
 */
export function OrganizationSidePanel({ NoOrganizationPrompt }: Props) {
  const { t } = useTranslation();
  const config = useConfig();
  const { pathname } = useLocation();
  const queryClient = useQueryClient();
  const organizations = useOrganizations();
  const selectedId = useSelectedOrganizationId();
  const session = useSession();
  const admin = session.status === 'authenticated' && isAdmin(session.user.roles);

  const choose = (id: string | null) => {
    if (!id || id === selectedId) return;
    selectOrganization(id);
    // Whatever was read for the previous organization is read again for this one.
    void queryClient.invalidateQueries({
      predicate: (q) => q.queryKey[0] !== 'config' && q.queryKey[0] !== organizationsQueryKey[0],
    });
  };

  let organizationBlock: React.ReactNode;
  if (organizations.isPending) {
    organizationBlock = <Skeleton height={60} />;
  } else if (organizations.isError) {
    organizationBlock = (
      <Text size="sm" c="red">
        {t('organizations.panel.loadFailed')}
      </Text>
    );
  } else if (organizations.data.length === 0 && admin) {
    // An administrator runs calls rather than applying: no prompt to register an organization.
    organizationBlock = (
      <Stack gap="sm" data-testid="admin-panel-prompt">
        <Text size="sm">{t('adminPanelPrompt.text')}</Text>
        <Button component={Link} to="/admin" fullWidth leftSection={<IconLayoutDashboard size={16} aria-hidden />}>
          {t('adminPanelPrompt.open')}
        </Button>
      </Stack>
    );
  } else if (organizations.data.length === 0) {
    const register = <RegisterOrganizationPrompt />;
    const roles = session.status === 'authenticated' ? session.user.roles : [];
    organizationBlock = NoOrganizationPrompt ? <NoOrganizationPrompt roles={roles} otherwise={register} /> : register;
  } else {
    organizationBlock = (
      <Stack gap="xs">
        {/* The browser's own select: typing a name's first letters finds it, with no positioning
            code for a drawn dropdown on every page. */}
        <NativeSelect
          label={t('organizations.panel.selectLabel')}
          data={organizations.data.map((o) => ({ value: o.id, label: o.name }))}
          value={selectedId ?? ''}
          onChange={(event) => choose(event.currentTarget.value)}
          data-testid="organization-selector"
        />
        {config.organizationSelection && (
          <Button
            component={Link}
            to="/register-org"
            variant="light"
            size="sm"
            leftSection={<IconPlus size={16} aria-hidden />}
          >
            {t('organizations.panel.add')}
          </Button>
        )}
      </Stack>
    );
  }

  return (
    <Stack gap="lg" component="nav" aria-label={t('organizations.panel.label')}>
      <Stack gap="xs">
        <Text size="xs" fw={700} tt="uppercase" c="dimmed">
          {t('organizations.panel.title')}
        </Text>
        {organizationBlock}
      </Stack>
      <Stack gap={2}>
        <NavLink
          component={Link}
          to="/calls"
          label={t('organizations.panel.calls')}
          leftSection={<IconList size={18} aria-hidden />}
          active={pathname.startsWith('/calls')}
        />
        <NavLink
          component={Link}
          to="/org/list"
          label={t('organizations.panel.manage')}
          leftSection={<IconBuilding size={18} aria-hidden />}
          active={pathname.startsWith('/org/')}
        />
        {/* The grants awarded to the user's organizations (an administrator's are in each call's tab). */}
        {!admin && (
          <NavLink
            component={Link}
            to="/grants"
            label={t('organizations.panel.grants')}
            leftSection={<IconAward size={18} aria-hidden />}
            active={pathname.startsWith('/grants')}
          />
        )}
      </Stack>
    </Stack>
  );
}

/** A user without organizations: asked to register one to apply. */
function RegisterOrganizationPrompt() {
  const { t } = useTranslation();
  return (
    <Stack gap="sm" data-testid="register-organization-prompt">
      <Paper withBorder p="sm" bg="teal.0">
        <Group gap="xs" wrap="nowrap" align="flex-start">
          <IconBuilding size={18} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
          <Text size="sm">{t('organizations.panel.none')}</Text>
        </Group>
      </Paper>
      <Button component={Link} to="/register-org" fullWidth leftSection={<IconPlus size={16} aria-hidden />}>
        {t('organizations.panel.register')}
      </Button>
    </Stack>
  );
}
