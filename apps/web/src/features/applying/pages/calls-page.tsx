import type { TUserCallListItem } from '@impact/domain';
import { Alert, Button, Center, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { type ComponentType, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useConfig } from '../../../lib/api/get-config';
import { useOrganizations } from '../../../lib/api/get-organizations';
import { ApiError } from '../../../lib/api-client';
import { useSelectedOrganizationId } from '../../../lib/selected-organization';
import { forgetWantedCall, rememberCall, wantedCall } from '../../../lib/wanted-call';
import { useUserCalls } from '../api/calls';
import { useStartSubmission } from '../api/submissions';
import { cardState, submitWithoutOrganization } from '../call-card-state';
import { CallCard } from '../components/call-card';
import { useCanWriteForSelected } from '../use-can-write';

/** Pages of the list read, at most, to find the call a visitor came to apply to. */
const WANTED_CALL_MAX_PAGES = 15;

/** A refused start the call's eligibility screener explains: its page comes first. */
const SCREENER_REFUSALS = new Set(['errors.screening.required', 'errors.screening.ineligible']);

type Props = {
  /**
   * Registers an organization without leaving the list, for someone applying without one
   * (app/calls-page.tsx passes the organizations' dialog, loaded when first shown).
   */
  RegisterOrganizationDialog: ComponentType<{ opened: boolean; onClose: () => void; onCreated: (id: string) => void }>;
  /** On a card with an application: the funder's unread messages on it (features/conversation). */
  UnreadMessages?: ComponentType<{ submissionId: string }>;
};

/** SPEC 2 "/calls": the calls this user may apply to, as cards. */
export function CallsPage({ RegisterOrganizationDialog, UnreadMessages }: Props) {
  const { t, i18n } = useTranslation();
  const config = useConfig();
  const navigate = useNavigate();
  const organizationId = useSelectedOrganizationId();
  const canWrite = useCanWriteForSelected();
  // The list shows the selected organization's submissions: ask for it once the selection is known.
  const organizations = useOrganizations();
  const selectedName = organizations.data?.find((o) => o.id === organizationId)?.name;
  const calls = useUserCalls(organizationId, !organizations.isPending);
  const list = calls.data?.pages.flatMap((p) => p.items) ?? [];
  const total = calls.data?.pages.at(-1)?.total ?? 0;
  const start = useStartSubmission();
  const [pending, setPending] = useState<TUserCallListItem | null>(null);
  const [error, setError] = useState<string | null>(null);

  // The call the visitor came to apply to (a public call page's Apply): its card is found, paging
  // on if it is further down, then scrolled to and its heading given the keyboard.
  const [wanted, setWanted] = useState(() => wantedCall());
  const [wantedMissing, setWantedMissing] = useState(false);
  const pagesRead = calls.data?.pages.length ?? 0;
  useEffect(() => {
    if (!wanted || !calls.data) return;
    if (list.some((c) => c.id === wanted)) {
      forgetWantedCall();
      setWanted(null);
      const heading = document.getElementById(`call-${wanted}`);
      heading?.scrollIntoView({ block: 'center' });
      heading?.focus();
    } else if (calls.hasNextPage && pagesRead < WANTED_CALL_MAX_PAGES) {
      if (!calls.isFetchingNextPage) void calls.fetchNextPage();
    } else {
      forgetWantedCall();
      setWanted(null);
      setWantedMissing(true);
    }
  }, [wanted, calls.data, calls.hasNextPage, calls.isFetchingNextPage, calls.fetchNextPage, list, pagesRead]);

  // SPEC 2: if the call list fails to load, the user goes home.
  useEffect(() => {
    if (calls.isError) void navigate('/', { replace: true });
  }, [calls.isError, navigate]);

  const open = async (call: TUserCallListItem, orgId: string | null) => {
    const state = cardState(call, new Date(), canWrite);
    if (state.button === 'close') return void navigate(`/call/${call.submissionId}/0/0?readonly=true`);
    // The wizard opens stage 2 at its first step.
    if (state.button === 'stage2') return void navigate(`/call/${call.submissionId}`);
    // As the request's mail does: the wizard opens the first step the request reopened.
    if (state.button === 'changes') return void navigate(`/call/${call.submissionId}`);
    if (!orgId) {
      if (submitWithoutOrganization(config) === 'registerPage') {
        // Back on the list once registered, at the call chosen.
        rememberCall(call.id);
        return void navigate('/register-org?returnTo=/calls');
      }
      return setPending(call);
    }
    setError(null);
    try {
      const submission = await start.mutateAsync({ callId: call.id, organizationId: orgId });
      // Without a position: the wizard opens at the first step not done yet.
      void navigate(`/call/${submission.id}`);
    } catch (err) {
      if (err instanceof ApiError && SCREENER_REFUSALS.has(err.problem.messageKey))
        return void navigate(`/calls/${call.id}/eligibility`);
      setError(t(err instanceof ApiError ? err.problem.messageKey : 'errors.unexpected'));
    }
  };

  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>
          {/* A configured list name is written in the site's default language: other languages get the translation. */}
          {(i18n.language === config.defaultLanguage && config.listName) || t('calls.title')}
        </Title>
        <Text c="dimmed">{t('applying.listIntro')}</Text>
        {/* A member of several organizations reads whose applications the cards show: on a phone
            the selection sits in the folded side menu, and a colleague's application under another
            organization looked not started. */}
        {selectedName && (organizations.data?.length ?? 0) > 1 && (
          <Text size="sm" mt={4} data-testid="applying-as">
            {t('applying.applyingAs', { name: selectedName })}
          </Text>
        )}
      </div>
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      {wantedMissing && (
        <Alert color="blue" role="status">
          {t('applying.wantedCallMissing')}
        </Alert>
      )}
      {calls.isPending ? (
        <Center mih={200}>
          <Loader />
        </Center>
      ) : list.length > 0 ? (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          {list.map((call) => (
            <CallCard
              key={call.id}
              call={call}
              busy={start.isPending && start.variables?.callId === call.id}
              onAction={(c) => void open(c, organizationId)}
              UnreadMessages={UnreadMessages}
            />
          ))}
        </SimpleGrid>
      ) : (
        <Text c="dimmed">{t('calls.empty')}</Text>
      )}
      {list.length > 0 && (
        <Stack align="center" gap="xs">
          <Text size="sm" c="dimmed" aria-live="polite" data-testid="calls-count">
            {t('applying.shownOf', { shown: list.length, total })}
          </Text>
          {calls.hasNextPage && (
            <Button variant="light" loading={calls.isFetchingNextPage} onClick={() => void calls.fetchNextPage()}>
              {t('applying.loadMore')}
            </Button>
          )}
        </Stack>
      )}
      {pending !== null && (
        <Suspense fallback={null}>
          <RegisterOrganizationDialog
            opened
            onClose={() => setPending(null)}
            onCreated={(id) => {
              const call = pending;
              setPending(null);
              if (call) void open(call, id);
            }}
          />
        </Suspense>
      )}
    </Stack>
  );
}
