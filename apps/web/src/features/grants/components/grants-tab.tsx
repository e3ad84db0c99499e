import type { TGrant } from '@impact/domain';
import { Alert, Anchor, Button, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ScrollTable } from '../../../components/scroll-table';
import { openConfirmDialog } from '../../../lib/confirm-dialog';
import { problemText } from '../../../lib/problem-text';
import { StackableModal } from '../../../lib/stackable-modal';
import { downloadAwardLetter, downloadTranches, useCallGrants, useSendAwardLetter } from '../api/grants';
import { GrantReports, type RequestChangesDialog } from './grant-reports';
import { GrantStatusBadge } from './grant-status-badge';
import { GrantTermsForm } from './grant-terms-form';
import { formatMoney, formatPeriod } from './money';
import { ReportingPlan } from './reporting-plan';
import { TranchesEditor } from './tranches-editor';

/**
 * The call editor's Grants tab: one grant per accepted application, its terms, the award letter
 * (preview, send) and where the grantee's answer stands (decision 0043); the reporting plan and
 * each grant's reports (decision 0044).
 */
export function GrantsTab({ callId, RequestChanges }: { callId: string; RequestChanges?: RequestChangesDialog }) {
  const { t, i18n } = useTranslation();
  const grants = useCallGrants(callId);
  const send = useSendAwardLetter();
  const [editing, setEditing] = useState<TGrant | null>(null);
  const [paying, setPaying] = useState<TGrant | null>(null);
  const [reading, setReading] = useState<TGrant | null>(null);
  // Terms or tranches changed and not saved: closing their dialog asks first (they would be lost).
  const unsaved = useRef(false);
  const markUnsaved = useCallback((dirty: boolean) => {
    unsaved.current = dirty;
  }, []);
  const closeAsking = (close: () => void) => () => {
    const leave = () => {
      unsaved.current = false;
      close();
    };
    if (!unsaved.current) return leave();
    openConfirmDialog({
      title: t('grants.unsaved.title'),
      children: <Text size="sm">{t('grants.unsaved.body')}</Text>,
      labels: { confirm: t('grants.unsaved.leave'), cancel: t('grants.unsaved.keep') },
      confirmProps: { color: 'red' },
      onConfirm: leave,
    });
  };
  if (grants.isPending) return <Loader aria-label={t('grants.loading')} />;
  if (grants.isError && !grants.data) return <Alert color="red">{problemText(t, grants.error)}</Alert>;

  const sendLabel = (grant: TGrant) =>
    grant.status === 'draft' ? t('grants.letter.send') : t('grants.letter.sendAgain');
  const confirmSend = (grant: TGrant) =>
    openConfirmDialog({
      title: t('grants.letter.sendTitle', { org: grant.organizationName }),
      children: <Text size="sm">{t('grants.letter.sendBody')}</Text>,
      labels: { confirm: t('grants.letter.send'), cancel: t('grants.terms.cancel') },
      onConfirm: () =>
        send.mutate(
          { grantId: grant.id },
          {
            onSuccess: () => notifications.show({ color: 'teal', message: t('grants.letter.sent') }),
            onError: (e) => notifications.show({ color: 'red', message: problemText(t, e) }),
          },
        ),
    });

  return (
    <Stack>
      <Title order={2} size="h4">
        {t('grants.tab')}
      </Title>
      <Text c="dimmed" size="sm">
        {t('grants.intro')}
      </Text>
      {grants.data.length > 0 && (
        <Group gap="xs">
          <Button size="xs" variant="default" onClick={() => void downloadTranches(callId, 'csv', 'tranches.csv')}>
            {t('grants.tranches.exportCsv')}
          </Button>
          <Button size="xs" variant="default" onClick={() => void downloadTranches(callId, 'xlsx', 'tranches.xlsx')}>
            {t('grants.tranches.exportXlsx')}
          </Button>
        </Group>
      )}
      {grants.data.length === 0 ? (
        <Text>{t('grants.empty')}</Text>
      ) : (
        <ScrollTable minWidth={720} label={t('grants.tab')}>
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('grants.columns.organization')}</Table.Th>
                <Table.Th>{t('grants.columns.amount')}</Table.Th>
                <Table.Th>{t('grants.columns.period')}</Table.Th>
                <Table.Th>{t('grants.columns.status')}</Table.Th>
                <Table.Th>{t('grants.columns.actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {grants.data.map((grant) => {
                const open = grant.status === 'draft' || grant.status === 'awaitingAcceptance';
                return (
                  <Table.Tr key={grant.id}>
                    <Table.Td>
                      {/* The grant's own page: its letter, reports and tranches in one place. */}
                      <Anchor component={Link} to={`/grants/${grant.id}`}>
                        {grant.organizationName}
                      </Anchor>
                      <Text size="xs" c="dimmed">
                        {t('grants.referenceShort', { reference: grant.reference })}
                      </Text>
                    </Table.Td>
                    <Table.Td>{formatMoney(grant.amount, grant.currency, i18n.language)}</Table.Td>
                    <Table.Td>
                      {formatPeriod(grant.startsAt, grant.endsAt, i18n.language) ?? t('grants.periodNotSet')}
                    </Table.Td>
                    <Table.Td>
                      <GrantStatusBadge status={grant.status} />
                      {grant.acceptedByName && (
                        <Text size="xs" c="dimmed">
                          {t('grants.acceptedBy', { name: grant.acceptedByName })}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Group gap="xs" wrap="nowrap">
                        {open && (
                          <Button
                            size="xs"
                            variant="default"
                            onClick={() => setEditing(grant)}
                            aria-label={`${t('labelled', { label: t('grants.terms.edit') })} ${grant.organizationName}`}
                          >
                            {t('grants.terms.edit')}
                          </Button>
                        )}
                        <Button
                          size="xs"
                          variant="default"
                          onClick={() => setPaying(grant)}
                          aria-label={`${t('labelled', { label: t('grants.tranches.title') })} ${grant.organizationName}`}
                        >
                          {t('grants.tranches.title')}
                        </Button>
                        {!open && grant.status !== 'declined' && (
                          <Button
                            size="xs"
                            variant="default"
                            onClick={() => setReading(grant)}
                            aria-label={`${t('labelled', { label: t('grantReports.title') })} ${grant.organizationName}`}
                          >
                            {t('grantReports.title')}
                          </Button>
                        )}
                        <Button
                          size="xs"
                          variant="default"
                          onClick={() =>
                            void downloadAwardLetter(
                              grant.id,
                              t('grants.letter.fileName', { reference: grant.reference }),
                            )
                          }
                          aria-label={`${t('labelled', { label: t('grants.letter.read') })} ${grant.organizationName}`}
                        >
                          {t('grants.letter.read')}
                        </Button>
                        {open && (
                          <Button
                            size="xs"
                            onClick={() => confirmSend(grant)}
                            aria-label={`${t('labelled', { label: sendLabel(grant) })} ${grant.organizationName}`}
                          >
                            {sendLabel(grant)}
                          </Button>
                        )}
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </ScrollTable>
      )}
      <StackableModal
        opened={editing !== null}
        onClose={closeAsking(() => setEditing(null))}
        title={editing ? t('grants.terms.title', { org: editing.organizationName }) : ''}
        size="lg"
      >
        {editing && (
          <GrantTermsForm
            grant={editing}
            onDirty={markUnsaved}
            onDone={() => {
              unsaved.current = false;
              setEditing(null);
            }}
          />
        )}
      </StackableModal>
      <StackableModal
        opened={paying !== null}
        onClose={closeAsking(() => setPaying(null))}
        title={paying ? t('grants.tranches.titleFor', { org: paying.organizationName }) : ''}
        // A tranche on a report fits its amount, condition, report and bin on one line.
        size="54rem"
      >
        {paying && <TranchesEditor grant={paying} onDirty={markUnsaved} />}
      </StackableModal>
      <StackableModal
        opened={reading !== null}
        onClose={() => setReading(null)}
        title={reading ? t('grantReports.titleFor', { org: reading.organizationName }) : ''}
        size="xl"
      >
        {reading && (
          <GrantReports
            grantId={reading.id}
            viewer="admin"
            RequestChanges={reading.status === 'active' ? RequestChanges : undefined}
          />
        )}
      </StackableModal>
      <ReportingPlan callId={callId} />
    </Stack>
  );
}
