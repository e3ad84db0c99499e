import type { TOrganization, TOrganizationInput } from '@impact/domain';
import { Alert, Anchor, Center, Loader, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { SavedMeanwhileAlert, useFocusKeptWhenHidden } from '../../../components/saved-meanwhile-alert';
import { ApiError } from '../../../lib/api-client';
import { usePageTitle } from '../../../lib/page-title';
import { getOrganization, organizationQueryKey, useOrganization } from '../api/get-organization';
import { useUpdateOrganization } from '../api/update-organization';
import { OrganizationForm } from '../components/organization-form';
import { OrganizationTabs } from '../components/organization-tabs';

/** SPEC 2 "/org/edit/{organizationId}". */
export function EditOrganizationPage() {
  const { t } = useTranslation();
  const { organizationId = '' } = useParams();
  const query = useOrganization(organizationId);
  usePageTitle(query.data && `${t('organizations.edit.title')} · ${query.data.name}`);

  let body: React.ReactNode;
  if (query.data) {
    // Kept through a failed refetch (a re-read during "save mine"): the form and what is typed in it stay.
    body = <OrganizationEditor key={query.data.id} organization={query.data} />;
  } else if (query.isPending) {
    body = (
      <Center mih={200}>
        <Loader aria-label={t('organizations.edit.title')} />
      </Center>
    );
  } else {
    const missing = query.error instanceof ApiError && [400, 404].includes(query.error.status);
    body = (
      <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
        <Stack gap="xs" align="flex-start">
          {t(missing ? 'organizations.edit.notFound' : 'organizations.edit.loadFailed')}
          <Anchor component={Link} to="/org/list">
            {t('organizations.backToList')}
          </Anchor>
        </Stack>
      </Alert>
    );
  }

  return (
    <Stack maw={820}>
      <Stack gap={4}>
        <Title order={1}>{t('organizations.edit.title')}</Title>
        {query.data && (
          <Text size="lg" c="dimmed">
            {query.data.name}
          </Text>
        )}
      </Stack>
      <OrganizationTabs organizationId={organizationId} current="details" />
      {body}
    </Stack>
  );
}

/**
 * The form filled from one version of the organization, saved over that version only
 * (`basedOnUpdatedAt`): when another owner saved it meanwhile, the changes stay in the form and
 * the person chooses between their version and saving these changes over it.
 */
function OrganizationEditor({ organization }: { organization: TOrganization }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const update = useUpdateOrganization();
  // The version the form was filled from; `loads` counts the versions loaded in its place.
  const [loaded, setLoaded] = useState({ organization, loads: 0 });
  // The version the next save is based on: the loaded one, or, once "save mine" was chosen, the one stored then.
  const base = useRef(organization.updatedAt);
  const form = useRef<HTMLFormElement>(null);
  const [meanwhile, setMeanwhile] = useState(false);
  const [busy, setBusy] = useState(false);
  useFocusKeptWhenHidden(meanwhile);
  const stored = () =>
    queryClient.fetchQuery({
      queryKey: organizationQueryKey(organization.id),
      queryFn: () => getOrganization(organization.id),
      staleTime: 0,
    });
  const failed = (error: unknown) =>
    notifications.show({
      color: 'red',
      message: t(error instanceof ApiError ? error.problem.messageKey : 'errors.unexpected'),
    });

  const send = async (input: TOrganizationInput) => {
    // The form passed its checks: the choice (if it was shown) is made.
    setMeanwhile(false);
    try {
      await update.mutateAsync({ ...input, id: organization.id, basedOnUpdatedAt: base.current });
    } catch (error) {
      if (error instanceof ApiError && error.problem.messageKey === 'errors.organizations.changedSince') {
        setMeanwhile(true);
        return;
      }
      throw error;
    }
    notifications.show({ color: 'teal', message: t('organizations.edit.success') });
    await navigate('/org/list');
  };
  /**
   * Mine over theirs: the form as it is now (changes made since the refusal included), submitted
   * again over the version stored now, so a save landing meanwhile is refused again. The choice
   * stays on screen until the form sends: a form its own checks stop shows their errors beside it.
   */
  const saveMine = async () => {
    setBusy(true);
    try {
      base.current = (await stored()).updatedAt;
      form.current?.requestSubmit();
    } catch (error) {
      failed(error);
    } finally {
      setBusy(false);
    }
  };
  const loadTheirs = async () => {
    setBusy(true);
    try {
      const fresh = await stored();
      base.current = fresh.updatedAt;
      setLoaded((l) => ({ organization: fresh, loads: l.loads + 1 }));
      setMeanwhile(false);
    } catch (error) {
      failed(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack>
      {meanwhile && (
        <SavedMeanwhileAlert
          texts={{
            title: t('organizations.edit.savedMeanwhile.title'),
            body: t('organizations.edit.savedMeanwhile.body'),
            loadTheirs: t('organizations.edit.savedMeanwhile.loadTheirs'),
            saveMine: t('organizations.edit.savedMeanwhile.saveMine'),
          }}
          onLoadTheirs={() => void loadTheirs()}
          onSaveMine={() => void saveMine()}
          busy={busy}
        />
      )}
      <OrganizationForm
        key={loaded.loads}
        organization={loaded.organization}
        submitLabel={t('organizations.edit.submit')}
        formRef={form}
        onSubmit={send}
        onCancel={() => void navigate('/org/list')}
      />
    </Stack>
  );
}
