import type { TGrantReport } from '@impact/domain';
import { Alert, Anchor, Button, Group, Loader, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { type ComponentType, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { PdfDownloadButton } from '../../../components/pdf-download-button';
import { RowCards } from '../../../components/row-cards';
import { ScrollTable } from '../../../components/scroll-table';
import { useNarrowScreen } from '../../../components/use-narrow-screen';
import { openConfirmDialog } from '../../../lib/confirm-dialog';
import { problemText } from '../../../lib/problem-text';
import { reportKeys, useApproveReport, useGrantReports, useStartReport } from '../api/grant-reports';
import { formatDay } from './money';
import { ReportStatusBadge } from './report-status-badge';

/** The request-for-changes dialog on a report's submission (the app passes the change-requests feature's). */
export type RequestChangesDialog = ComponentType<{ submissionId: string; formCallId: string; onClose: () => void }>;

type Props = {
  grantId: string;
  /**
   * `admin`: read a submitted report, approve it or request changes. `grantee`: write, continue
   * or read the reports; `canWrite` (owners and editors) may start one.
   */
  viewer: 'admin' | 'grantee';
  canWrite?: boolean;
  RequestChanges?: RequestChangesDialog;
};

/** The reports a grant owes (decision 0044): name, due day, status and what the reader can do. */
export function GrantReports({ grantId, viewer, canWrite = false, RequestChanges }: Props) {
  const { t, i18n } = useTranslation();
  const reports = useGrantReports(grantId);
  const [asking, setAsking] = useState<TGrantReport | null>(null);
  const queryClient = useQueryClient();
  const narrow = useNarrowScreen();
  if (reports.isPending) return <Loader aria-label={t('grantReports.loading')} />;
  if (reports.isError) return <Alert color="red">{problemText(t, reports.error)}</Alert>;
  if (reports.data.length === 0) return <Text size="sm">{t('grantReports.list.empty')}</Text>;
  const actions = (report: TGrantReport) =>
    viewer === 'admin' ? (
      <AdminActions
        grantId={grantId}
        report={report}
        onRequestChanges={RequestChanges ? () => setAsking(report) : undefined}
      />
    ) : (
      <GranteeActions grantId={grantId} report={report} canWrite={canWrite} />
    );
  return (
    <>
      {narrow ? (
        <RowCards
          label={t('grantReports.title')}
          rows={reports.data.map((report) => ({
            key: report.id,
            title: report.name,
            details: [
              { label: t('grantReports.list.due'), value: formatDay(report.dueAt, i18n.language) },
              { label: t('grantReports.list.status'), value: <ReportStatusBadge status={report.status} /> },
            ],
            actions: actions(report),
          }))}
        />
      ) : (
        <ScrollTable minWidth={600} label={t('grantReports.title')}>
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('grantReports.list.report')}</Table.Th>
                <Table.Th>{t('grantReports.list.due')}</Table.Th>
                <Table.Th>{t('grantReports.list.status')}</Table.Th>
                <Table.Th>{t('grants.columns.actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {reports.data.map((report) => (
                <Table.Tr key={report.id}>
                  <Table.Td>{report.name}</Table.Td>
                  <Table.Td>{formatDay(report.dueAt, i18n.language)}</Table.Td>
                  <Table.Td>
                    <ReportStatusBadge status={report.status} />
                  </Table.Td>
                  <Table.Td>{actions(report)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollTable>
      )}
      {asking?.submissionId && RequestChanges && (
        <RequestChanges
          submissionId={asking.submissionId}
          formCallId={asking.formCallId}
          onClose={() => {
            setAsking(null);
            void queryClient.invalidateQueries({ queryKey: reportKeys.reports(grantId) });
          }}
        />
      )}
    </>
  );
}

const isSent = (report: TGrantReport) => report.submittedAt !== null && report.submissionId !== null;

function AdminActions({
  grantId,
  report,
  onRequestChanges,
}: {
  grantId: string;
  report: TGrantReport;
  onRequestChanges: (() => void) | undefined;
}) {
  const { t } = useTranslation();
  const approve = useApproveReport(grantId);
  // Approved or sent back, the report's Approve and Request changes go, the keyboard with them
  // (a dialog gives it back to the button that opened it): the report's Read takes it then.
  // (Whether a dialog has given it back yet depends on timing: the row acts once its status changed.)
  const readButton = useRef<HTMLAnchorElement>(null);
  const [acting, setActing] = useState(false);
  useEffect(() => {
    if (acting && report.status !== 'submitted') {
      readButton.current?.focus();
      setActing(false);
    }
  }, [acting, report.status]);
  if (!isSent(report) || !report.submissionId)
    return (
      <Text size="sm" c="dimmed">
        {t('grantReports.list.notSent')}
      </Text>
    );
  const confirmApprove = () =>
    openConfirmDialog({
      title: t('grantReports.approve.title', { name: report.name }),
      children: <Text size="sm">{t('grantReports.approve.body')}</Text>,
      labels: { confirm: t('grantReports.approve.action'), cancel: t('grants.terms.cancel') },
      onConfirm: () =>
        approve.mutate(report.id, {
          onSuccess: () => {
            notifications.show({ color: 'teal', message: t('grantReports.approve.done') });
            setActing(true);
          },
          onError: (e) => notifications.show({ color: 'red', message: problemText(t, e) }),
        }),
    });
  return (
    <Group gap="xs" wrap="nowrap">
      <Button
        size="xs"
        variant="default"
        component={Link}
        to={`/call/${report.submissionId}/0/0?readonly=true`}
        ref={readButton}
        aria-label={`${t('labelled', { label: t('grantReports.list.read') })} ${report.name}`}
      >
        {t('grantReports.list.read')}
      </Button>
      {report.status === 'submitted' && (
        <>
          <Button
            size="xs"
            onClick={confirmApprove}
            loading={approve.isPending}
            aria-label={`${t('labelled', { label: t('grantReports.approve.action') })} ${report.name}`}
          >
            {t('grantReports.approve.action')}
          </Button>
          {onRequestChanges && (
            <Button
              size="xs"
              variant="light"
              onClick={() => {
                setActing(true);
                onRequestChanges();
              }}
              aria-label={`${t('labelled', { label: t('grantReports.list.requestChanges') })} ${report.name}`}
            >
              {t('grantReports.list.requestChanges')}
            </Button>
          )}
        </>
      )}
    </Group>
  );
}

function GranteeActions({ grantId, report, canWrite }: { grantId: string; report: TGrantReport; canWrite: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const start = useStartReport(grantId);
  const readLink = (
    <Anchor component={Link} to={`/call/${report.submissionId}`} size="sm">
      {t('grantReports.list.view', { name: report.name })}
    </Anchor>
  );
  // No longer asked for (its grant closed): what was written is read, never continued or started.
  if (report.status === 'notRequired') return report.submissionId ? readLink : null;
  if (isSent(report) && report.status !== 'changesRequested') {
    return (
      <Group gap="xs" wrap="nowrap">
        {readLink}
        <PdfDownloadButton submissionId={report.submissionId ?? ''} label={t('grantReports.list.pdf')} />
      </Group>
    );
  }
  if (report.submissionId) {
    return (
      <Button
        size="xs"
        component={Link}
        to={`/call/${report.submissionId}`}
        aria-label={`${t('labelled', { label: t(canWrite ? 'grantReports.list.continue' : 'grantReports.list.open') })} ${report.name}`}
      >
        {t(canWrite ? 'grantReports.list.continue' : 'grantReports.list.open')}
      </Button>
    );
  }
  if (!canWrite)
    return (
      <Text size="sm" c="dimmed">
        {t('grantReports.list.notStarted')}
      </Text>
    );
  return (
    <Group gap="xs">
      <Button
        size="xs"
        loading={start.isPending}
        onClick={() =>
          start.mutate(report.id, { onSuccess: ({ submissionId }) => void navigate(`/call/${submissionId}`) })
        }
        aria-label={`${t('labelled', { label: t('grantReports.list.write') })} ${report.name}`}
      >
        {t('grantReports.list.write')}
      </Button>
      {start.isError && (
        <Text size="sm" c="red.8" role="alert">
          {problemText(t, start.error)}
        </Text>
      )}
    </Group>
  );
}
