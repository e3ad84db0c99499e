import type { TUserCall } from '@impact/domain';
import { Alert, Center, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { useConfig } from '../../config/api/get-config';
import { useSelectedOrganizationId } from '../../organizations/selected-organization';
import { useUserCalls } from '../api/calls';
import { useStartSubmission } from '../api/submissions';
import { cardState } from '../call-card-state';
import { CallCard } from '../components/call-card';
import { RegisterOrganizationDialog } from '../components/register-organization-dialog';

/** SPEC 2 "/calls": the calls this user may apply to, as cards. */
export function CallsPage() {
  const { t } = useTranslation();
  const config = useConfig();
  const navigate = useNavigate();
  const organizationId = useSelectedOrganizationId();
  const calls = useUserCalls(organizationId);
  const start = useStartSubmission();
  const [pending, setPending] = useState<TUserCall | null>(null);
  const [error, setError] = useState<string | null>(null);

  // SPEC 2: if the call list fails to load, the user goes home.
  useEffect(() => {
    if (calls.isError) void navigate('/', { replace: true });
  }, [calls.isError, navigate]);

  const open = async (call: TUserCall, orgId: string | null) => {
    const state = cardState(call);
    if (state.button === 'close') return void navigate(`/call/${call.submissionId}/0/0?readonly=true`);
    if (!orgId) return setPending(call);
    setError(null);
    try {
      const submission = await start.mutateAsync({ callId: call.id, organizationId: orgId });
      void navigate(`/call/${submission.id}/0/0`);
    } catch (err) {
      setError(t(err instanceof ApiError ? err.problem.messageKey : 'errors.unexpected'));
    }
  };

  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>{config.listName || t('calls.title')}</Title>
        <Text c="dimmed">{t('applying.listIntro')}</Text>
      </div>
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      {calls.isPending ? (
        <Center mih={200}>
          <Loader />
        </Center>
      ) : calls.data && calls.data.length > 0 ? (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          {calls.data.map((call) => (
            <CallCard
              key={call.id}
              call={call}
              busy={start.isPending && start.variables?.callId === call.id}
              onAction={(c) => void open(c, organizationId)}
            />
          ))}
        </SimpleGrid>
      ) : (
        <Text c="dimmed">{t('calls.empty')}</Text>
      )}
      <RegisterOrganizationDialog
        opened={pending !== null}
        onClose={() => setPending(null)}
        onCreated={(id) => {
          const call = pending;
          setPending(null);
          if (call) void open(call, id);
        }}
      />
    </Stack>
  );
}
