import { personName, roleAllows, type TMember, type TMemberRole } from '@impact/domain';
import { Alert, Anchor, Center, Loader, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { useMembers } from '../../../lib/api/get-members';
import { openConfirmDialog } from '../../../lib/confirm-dialog';
import { usePageTitle } from '../../../lib/page-title';
import { problemText } from '../../../lib/problem-text';
import { forgetOrganization } from '../../../lib/selected-organization';
import { useSession } from '../../../lib/session-store';
import { useChangeMemberRole } from '../api/change-member-role';
import { useInvitations } from '../api/get-invitations';
import { useOrganization } from '../api/get-organization';
import { useRemoveMember } from '../api/remove-member';
import { useWithdrawInvitation } from '../api/withdraw-invitation';
import { InvitationList } from '../components/invitation-list';
import { InviteMemberForm } from '../components/invite-member-form';
import { MemberTable } from '../components/member-table';
import { OrganizationTabs } from '../components/organization-tabs';

/** "/org/members/{organizationId}": the team, its roles and, for owners, the invitations. */
export function OrganizationMembersPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { organizationId = '' } = useParams();
  const session = useSession();
  const selfId = session.status === 'authenticated' ? session.user.id : null;
  const organization = useOrganization(organizationId);
  const members = useMembers(organizationId);
  const isOwner = roleAllows(organization.data?.role, 'manage');
  const invitations = useInvitations(organizationId, isOwner);
  const changeRole = useChangeMemberRole();
  const remove = useRemoveMember();
  const withdraw = useWithdrawInvitation(organizationId);
  const [error, setError] = useState<string | null>(null);
  // A removed row takes its button away, and with it the focus a keyboard user had: it goes to the
  // heading of the list the row was in (whose section holds the list), rather than to the top of
  // the page. Only when the focus is in that list (on the row's button, about to go), lost, or in
  // the confirmation closing (about to hand it back to the button removed): a person who went on
  // to the invitation form meanwhile stays there.
  const membersTitle = useRef<HTMLHeadingElement>(null);
  const invitationsTitle = useRef<HTMLHeadingElement>(null);
  const refocus = (heading: HTMLHeadingElement | null) => {
    const focused = document.activeElement;
    const lost = !focused || focused === document.body || !focused.isConnected;
    if (lost || focused.closest('[role="dialog"]') || heading?.parentElement?.contains(focused)) heading?.focus();
  };
  usePageTitle(organization.data && `${t('organizations.members.title')} · ${organization.data.name}`);

  const onRoleChange = (member: TMember, role: TMemberRole) => {
    setError(null);
    changeRole.mutate(
      { organizationId, userId: member.userId, role },
      {
        onSuccess: () => notifications.show({ color: 'teal', message: t('organizations.members.roleChanged') }),
        onError: (err) => setError(problemText(t, err)),
      },
    );
  };

  const onRemove = (member: TMember) => {
    const leaving = member.userId === selfId;
    const name = personName(member) || member.email;
    openConfirmDialog({
      title: t(leaving ? 'organizations.members.leaveTitle' : 'organizations.members.removeTitle', { name }),
      children: (
        <Text size="sm">
          {t(leaving ? 'organizations.members.leaveText' : 'organizations.members.removeText', { name })}
        </Text>
      ),
      labels: {
        confirm: t(leaving ? 'organizations.members.leave' : 'organizations.members.remove'),
        cancel: t('organizations.cancel'),
      },
      confirmProps: { color: 'red' },
      onConfirm: () => {
        setError(null);
        remove.mutate(
          { organizationId, userId: member.userId },
          {
            onSuccess: async () => {
              if (!leaving) {
                notifications.show({ color: 'teal', message: t('organizations.members.removed', { name }) });
                return refocus(membersTitle.current);
              }
              // No longer a member: stop sending its id, and leave its pages.
              forgetOrganization(organizationId);
              notifications.show({ color: 'teal', message: t('organizations.members.left') });
              await navigate('/org/list');
            },
            onError: (err) => setError(problemText(t, err)),
          },
        );
      },
    });
  };

  if (organization.isPending || members.isPending) {
    return (
      <Center mih={200}>
        <Loader aria-label={t('organizations.members.title')} />
      </Center>
    );
  }
  if (organization.isError || members.isError) {
    return (
      <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
        <Stack gap="xs" align="flex-start">
          {t('organizations.edit.notFound')}
          <Anchor component={Link} to="/org/list">
            {t('organizations.backToList')}
          </Anchor>
        </Stack>
      </Alert>
    );
  }

  return (
    <Stack maw={900} gap="lg">
      <Stack gap={4}>
        <Title order={1}>{t('organizations.members.title')}</Title>
        <Text size="lg" c="dimmed">
          <bdi>{organization.data.name}</bdi> · {t(`organizations.roles.${organization.data.role}`)}
        </Text>
      </Stack>
      <OrganizationTabs organizationId={organizationId} current="members" />
      <Text>{t('organizations.members.intro')}</Text>
      {error && (
        <Alert
          color="red"
          role="alert"
          icon={<IconAlertCircle size={18} />}
          withCloseButton
          closeButtonLabel={t('organizations.close')}
          onClose={() => setError(null)}
        >
          {error}
        </Alert>
      )}
      <Stack gap="xs">
        <Title order={2} size="h3" id="members-title" ref={membersTitle} tabIndex={-1}>
          {t('organizations.members.listTitle', { count: members.data.length })}
        </Title>
        <MemberTable
          members={members.data}
          selfId={selfId}
          canManage={isOwner}
          onRoleChange={onRoleChange}
          onRemove={onRemove}
        />
      </Stack>
      {isOwner && (
        <>
          <Stack gap="xs">
            <Title order={2} size="h3" id="invite-title">
              {t('organizations.members.inviteTitle')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('organizations.members.inviteHint')}
            </Text>
            <InviteMemberForm organizationId={organizationId} />
          </Stack>
          <Stack gap="xs">
            <Title order={2} size="h3" id="invitations-title" ref={invitationsTitle} tabIndex={-1}>
              {t('organizations.members.invitationsTitle')}
            </Title>
            {invitations.data && (
              <InvitationList
                invitations={invitations.data}
                onWithdraw={(i) =>
                  withdraw.mutate(
                    { organizationId, invitationId: i.id },
                    {
                      onSuccess: () => {
                        notifications.show({
                          color: 'teal',
                          message: t('organizations.members.withdrawn', { email: i.email }),
                        });
                        refocus(invitationsTitle.current);
                      },
                      onError: (err) => setError(problemText(t, err)),
                    },
                  )
                }
              />
            )}
          </Stack>
        </>
      )}
    </Stack>
  );
}
