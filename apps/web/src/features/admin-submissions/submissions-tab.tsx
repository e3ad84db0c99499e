import { DECISION_OUTCOMES, SUBMISSIONS_PAGE_SIZE, type TSubmissionListItem } from '@impact/domain';
import {
  ActionIcon,
  Button,
  Center,
  Checkbox,
  Group,
  Loader,
  Select,
  Table,
  Text,
  TextInput,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconEye, IconLockOpen, IconMailForward, IconPaperclip, IconSearch, IconTrash } from '@tabler/icons-react';
import { type ComponentType, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { OutcomeBadge } from '../../components/outcome-badge';
import { PdfDownloadIcon } from '../../components/pdf-download-icon';
import { listedCallName, useCallList } from '../../lib/api/get-call-list';
import { openConfirmDialog } from '../../lib/confirm-dialog';
import { DATE_TIME, dateFormat } from '../../lib/date-formats';
import { useAdminSubmissions, useDeleteSubmission, useIsTwoStageCall, useReopenSubmission } from './api';
import { useSubmissionFilterParams } from './filter-params';
import { InviteDialog } from './invite-dialog';
import { StageCell } from './stage-cell';
import { SubmissionStatus } from './status-badge';

/** Admin index, submissions tab: every submission with filters, read-only view, attachments, reopen, delete. */
/** `UnreadMessages`: the applicants' unread messages on a row (features/conversation, given by app/admin-page.tsx). */
export function SubmissionsTab({ UnreadMessages }: { UnreadMessages?: ComponentType<{ submissionId: string }> } = {}) {
  const { t, i18n } = useTranslation();
  const { callId, status, outcome, stage, query, set: setFilter } = useSubmissionFilterParams();
  // A call in two stages (decision 0034): its closed stage-1 submissions may be invited, one or many.
  const twoStage = useIsTwoStageCall(callId).data === true;
  const [selected, setSelected] = useState<Map<string, TSubmissionListItem>>(new Map());
  const [invitees, setInvitees] = useState<TSubmissionListItem[] | null>(null);
  // The search box types into its own state (an input driven by the address lags: the router
  // applies navigations in a transition); what is typed goes to the address, and to the list, a
  // moment after the last key.
  const [typed, setTyped] = useState(query);
  const [search] = useDebouncedValue(typed.trim(), 300);
  // Only typing writes the address, and only the address (a link, Back within the tab) sets the
  // box: either way round, a change from the other side would be written back over it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: what was typed, once settled
  useEffect(() => {
    if (search !== query.trim()) setFilter('q', search || null);
  }, [search]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new address only
  useEffect(() => {
    if (query.trim() !== search) setTyped(query);
  }, [query]);
  // Keyset paging: the cursors of the pages before this one, so Previous goes back exactly.
  const [cursors, setCursors] = useState<Array<string | null>>([null]);
  const cursor = cursors.at(-1) ?? null;
  const filters = useMemo(
    () => ({
      callId: callId ?? undefined,
      status: status ?? undefined,
      outcome: outcome ?? undefined,
      stage: stage === '2' ? (2 as const) : stage === '1' ? (1 as const) : undefined,
      search,
    }),
    [callId, status, outcome, stage, search],
  );
  const [shownFilters, setShownFilters] = useState(filters);
  if (shownFilters !== filters) {
    setShownFilters(filters);
    setCursors([null]);
    // Only the call shown can be invited: another filter starts a new selection.
    setSelected(new Map());
  }
  const invitable = (s: TSubmissionListItem) => twoStage && s.callId === callId && s.closed && s.stage === 1;
  const toggle = (s: TSubmissionListItem, on: boolean) =>
    setSelected((current) => {
      const next = new Map(current);
      if (on) next.set(s.id, s);
      else next.delete(s.id);
      return next;
    });
  const submissions = useAdminSubmissions(filters, cursor);
  const reopen = useReopenSubmission();
  const remove = useDeleteSubmission();
  const callList = useCallList();

  const calls = useMemo(
    () => (callList.data ?? []).map((c) => ({ value: c.id, label: listedCallName(c, i18n.language) })),
    [callList.data, i18n.language],
  );
  // A row names its call as the filter does; the row's own name (the default language's) until the list arrives.
  const callName = (s: { callId: string; callName: string }) =>
    calls.find((c) => c.value === s.callId)?.label ?? s.callName;
  const rows = submissions.data?.items ?? [];
  const total = submissions.data?.total ?? 0;
  const first = (cursors.length - 1) * SUBMISSIONS_PAGE_SIZE;
  // A single-stage call's rows name no stage: the column shows only where a row has two.
  const anyTwoStage = twoStage || rows.some((s) => s.twoStage);
  const date = (iso: string | null) => (iso ? dateFormat(i18n.language, DATE_TIME).format(new Date(iso)) : '—');

  const confirmReopen = (s: TSubmissionListItem) =>
    openConfirmDialog({
      title: t('adminSubmissions.reopen.title'),
      children: <Text size="sm">{t('adminSubmissions.reopen.text', { organization: s.organizationName })}</Text>,
      labels: { confirm: t('adminSubmissions.reopen.confirm'), cancel: t('adminSubmissions.cancel') },
      onConfirm: () =>
        reopen.mutate(s.id, {
          onSuccess: () => notifications.show({ color: 'teal', message: t('adminSubmissions.reopen.done') }),
          onError: () => notifications.show({ color: 'red', message: t('errors.unexpected') }),
        }),
    });
  const confirmDelete = (s: TSubmissionListItem) =>
    openConfirmDialog({
      title: t('adminSubmissions.delete.title'),
      children: (
        <Text size="sm">
          {t('adminSubmissions.delete.text', { organization: s.organizationName, call: callName(s) })}
        </Text>
      ),
      labels: { confirm: t('adminSubmissions.delete.confirm'), cancel: t('adminSubmissions.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(s.id, {
          onSuccess: () => notifications.show({ color: 'teal', message: t('adminSubmissions.delete.done') }),
          onError: () =>
            notifications.show({
              color: 'red',
              title: t('adminSubmissions.delete.errorTitle'),
              message: t('errors.unexpected'),
            }),
        }),
    });

  if (submissions.isPending) {
    return (
      <Center mih={160}>
        <Loader />
      </Center>
    );
  }
  return (
    <>
      <Group mb="md" align="flex-end">
        <Select
          label={t('adminSubmissions.filters.call')}
          data={calls}
          value={callId}
          onChange={(value) => setFilter('call', value)}
          clearable
          searchable
          w={260}
        />
        <Select
          label={t('adminSubmissions.filters.status')}
          data={[
            { value: 'open', label: t('adminSubmissions.status.open') },
            { value: 'submitted', label: t('adminSubmissions.status.closed') },
            ...(anyTwoStage || status === 'stageOneSent'
              ? [{ value: 'stageOneSent', label: t('adminSubmissions.status.stageOneSent') }]
              : []),
            { value: 'changesRequested', label: t('adminSubmissions.status.changesRequested') },
          ]}
          value={status}
          onChange={(value) => setFilter('status', value)}
          clearable
          w={200}
        />
        <Select
          label={t('adminSubmissions.filters.outcome')}
          data={[
            ...DECISION_OUTCOMES.map((o) => ({ value: o, label: t(`review.outcome.${o}`) })),
            { value: 'none', label: t('adminSubmissions.outcome.none') },
          ]}
          value={outcome}
          onChange={(value) => setFilter('outcome', value)}
          clearable
          w={180}
        />
        {(anyTwoStage || stage !== null) && (
          <Select
            label={t('adminSubmissions.filters.stage')}
            data={[
              { value: '1', label: t('adminSubmissions.stage.filter1') },
              { value: '2', label: t('adminSubmissions.stage.filter2') },
            ]}
            value={stage}
            onChange={(value) => setFilter('stage', value)}
            clearable
            w={200}
          />
        )}
        <TextInput
          label={t('adminSubmissions.filters.search')}
          leftSection={<IconSearch size={16} />}
          value={typed}
          onChange={(e) => setTyped(e.currentTarget.value)}
          w={260}
        />
        {twoStage && (
          <Button
            leftSection={<IconMailForward size={16} />}
            disabled={selected.size === 0}
            onClick={() => setInvitees([...selected.values()])}
            data-testid="invite-selected"
          >
            {t('adminSubmissions.invite.selected', { n: selected.size })}
          </Button>
        )}
      </Group>
      {invitees && callId && (
        <InviteDialog
          callId={callId}
          invitees={invitees}
          onClose={() => setInvitees(null)}
          onInvited={() => {
            setInvitees(null);
            setSelected(new Map());
          }}
        />
      )}
      {rows.length === 0 ? (
        <Text c="dimmed">{t('adminSubmissions.empty')}</Text>
      ) : (
        <>
          {/* The browser's own scrollbar: always drawn where the table is wider than the page
              (the drawn one showed only under the mouse, and the actions looked cut off). */}
          {/* Positioned, so the visually hidden header texts are placed inside it, not on the page's
              right where they widened a phone's page to the table's width. */}
          <Table.ScrollContainer minWidth={720} type="native">
            <Table striped highlightOnHover verticalSpacing="sm">
              <Table.Thead>
                <Table.Tr>
                  {twoStage && (
                    <Table.Th>
                      <VisuallyHidden>{t('adminSubmissions.invite.selectColumn')}</VisuallyHidden>
                    </Table.Th>
                  )}
                  <Table.Th>{t('adminSubmissions.columns.call')}</Table.Th>
                  <Table.Th>{t('adminSubmissions.columns.organization')}</Table.Th>
                  <Table.Th>{t('adminSubmissions.columns.user')}</Table.Th>
                  <Table.Th>{t('adminSubmissions.columns.status')}</Table.Th>
                  <Table.Th>{t('adminSubmissions.columns.outcome')}</Table.Th>
                  {anyTwoStage && <Table.Th>{t('adminSubmissions.columns.stage')}</Table.Th>}
                  <Table.Th>{t('adminSubmissions.columns.submitted')}</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>{t('adminSubmissions.columns.actions')}</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((s) => (
                  <Table.Tr key={s.id} data-testid="submission-row">
                    {twoStage && (
                      <Table.Td>
                        {invitable(s) && (
                          <Checkbox
                            aria-label={t('adminSubmissions.invite.select', { organization: s.organizationName })}
                            checked={selected.has(s.id)}
                            onChange={(e) => toggle(s, e.currentTarget.checked)}
                          />
                        )}
                      </Table.Td>
                    )}
                    <Table.Td>{callName(s)}</Table.Td>
                    <Table.Td>
                      <Text size="sm">{s.organizationName}</Text>
                      {s.reference && (
                        // The figure alone on one line (the table stays within the page); its word for screen readers.
                        <Text size="xs" c="dimmed" data-testid="submission-reference" style={{ whiteSpace: 'nowrap' }}>
                          <VisuallyHidden>{t('adminSubmissions.columns.referenceLabel')} </VisuallyHidden>
                          {s.reference}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{s.userName}</Text>
                      <Text size="xs" c="dimmed">
                        {s.userEmail}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <SubmissionStatus submission={s} date={date} />
                      {UnreadMessages && <UnreadMessages submissionId={s.id} />}
                    </Table.Td>
                    <Table.Td>{s.outcome ? <OutcomeBadge outcome={s.outcome} /> : '—'}</Table.Td>
                    {anyTwoStage && <Table.Td>{s.twoStage ? <StageCell submission={s} date={date} /> : '—'}</Table.Td>}
                    <Table.Td>
                      <Text size="sm">{date(s.closedAt)}</Text>
                      <Text size="xs" c="dimmed">
                        {t('adminSubmissions.columns.updatedOn', { date: date(s.updatedAt) })}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Group gap={4} wrap="nowrap">
                        <Tooltip label={t('adminSubmissions.actions.view')}>
                          <ActionIcon
                            component={Link}
                            to={`/call/${s.id}/0/0?readonly=true`}
                            variant="subtle"
                            aria-label={t('adminSubmissions.actions.view')}
                          >
                            <IconEye size={18} />
                          </ActionIcon>
                        </Tooltip>
                        <Tooltip label={t('adminSubmissions.actions.attachments')}>
                          <ActionIcon
                            component={Link}
                            to={`/admin/attachments/${s.id}`}
                            variant="subtle"
                            aria-label={t('adminSubmissions.actions.attachments')}
                          >
                            <IconPaperclip size={18} />
                          </ActionIcon>
                        </Tooltip>
                        <PdfDownloadIcon submissionId={s.id} />
                        {invitable(s) && (
                          <Tooltip label={t('adminSubmissions.invite.one')}>
                            <ActionIcon
                              variant="subtle"
                              onClick={() => setInvitees([s])}
                              aria-label={t('adminSubmissions.invite.oneFor', { organization: s.organizationName })}
                              data-testid="invite-one"
                            >
                              <IconMailForward size={18} />
                            </ActionIcon>
                          </Tooltip>
                        )}
                        {s.closed && (
                          <Tooltip label={t('adminSubmissions.actions.reopen')}>
                            <ActionIcon
                              variant="subtle"
                              onClick={() => confirmReopen(s)}
                              aria-label={t('adminSubmissions.actions.reopen')}
                            >
                              <IconLockOpen size={18} />
                            </ActionIcon>
                          </Tooltip>
                        )}
                        <Tooltip label={t('adminSubmissions.actions.delete')}>
                          <ActionIcon
                            variant="subtle"
                            color="red"
                            onClick={() => confirmDelete(s)}
                            aria-label={t('adminSubmissions.actions.delete')}
                          >
                            <IconTrash size={18} />
                          </ActionIcon>
                        </Tooltip>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Group justify="space-between" mt="md">
            <Text size="sm" c="dimmed" aria-live="polite" data-testid="submissions-range">
              {t('adminSubmissions.paging.range', { from: first + 1, to: first + rows.length, total })}
            </Text>
            <Group gap="xs">
              <Button
                variant="default"
                disabled={cursors.length === 1}
                onClick={() => setCursors((c) => c.slice(0, -1))}
              >
                {t('adminSubmissions.paging.previous')}
              </Button>
              <Button
                variant="default"
                disabled={!submissions.data?.nextCursor || submissions.isPlaceholderData}
                loading={submissions.isFetching && submissions.isPlaceholderData}
                onClick={() => {
                  const next = submissions.data?.nextCursor;
                  if (next) setCursors((c) => [...c, next]);
                }}
              >
                {t('adminSubmissions.paging.next')}
              </Button>
            </Group>
          </Group>
        </>
      )}
    </>
  );
}
