import type { TGrant } from '@impact/domain';
import { Alert, Button, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { openConfirmDialog } from '../../../lib/confirm-dialog';
import { problemText } from '../../../lib/problem-text';
import { useGrantReports } from '../api/grant-reports';
import { useTranches, useUpdateGrant } from '../api/grants';
import { formatMoney } from './money';

/**
 * The funder closes an active grant at its end. What is still open (reports not approved,
 * tranches not paid) is said before and in the confirmation, since closing stops new reports and
 * their reminders; payments can still be marked paid afterwards.
 */
export function CloseGrant({ grant, closing }: { grant: TGrant; closing: (pending: boolean) => void }) {
  const { t, i18n } = useTranslation();
  const close = useUpdateGrant();
  const reports = useGrantReports(grant.id);
  const tranches = useTranches(grant.id);
  // What is still open is said before closing: not offered until both lists are known.
  const known = reports.isSuccess && tranches.isSuccess;
  const unknown = reports.error ?? tranches.error;
  // Named, not only counted: the funder checks them against their own records before closing.
  const reportsOpen = (reports.data ?? [])
    .filter((r) => r.status !== 'approved')
    .map((r) => `${r.name} (${t(`grantReports.status.${r.status}`)})`);
  const unpaid = (tranches.data ?? [])
    .filter((tr) => tr.status !== 'paid')
    .map((tr) =>
      t('grants.close.trancheNamed', {
        n: tr.position + 1,
        amount: formatMoney(tr.amount, grant.currency, i18n.language),
      }),
    );
  // "2 reports not yet approved: A and B", once there is any.
  const line = (what: string, names: string[]) =>
    names.length === 0
      ? []
      : [
          t('grants.close.named', {
            what,
            names: new Intl.ListFormat(i18n.language, { type: 'conjunction' }).format(names),
          }),
        ];
  const open = [
    ...line(t('grants.close.reportsOpen', { count: reportsOpen.length }), reportsOpen),
    ...line(t('grants.close.unpaid', { count: unpaid.length }), unpaid),
  ];
  const stillOpen = open.length > 0 && (
    <List size="sm">
      {open.map((line) => (
        <List.Item key={line}>{line}</List.Item>
      ))}
    </List>
  );
  const confirm = () =>
    openConfirmDialog({
      title: t('grants.close.confirmTitle'),
      children: (
        <Stack gap="xs">
          {stillOpen}
          <Text size="sm">{t('grants.close.confirmBody')}</Text>
        </Stack>
      ),
      labels: { confirm: t('grants.close.action'), cancel: t('grants.terms.cancel') },
      onConfirm: () => {
        // Said before sending: once closed, this section leaves with the answer (and its callbacks).
        closing(true);
        close.mutate({ grantId: grant.id, status: 'closed' }, { onError: () => closing(false) });
      },
    });
  return (
    <Paper withBorder p="lg" radius="md">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('grants.close.title')}
        </Title>
        <Text size="sm">{t('grants.close.help')}</Text>
        {stillOpen}
        {(close.isError || unknown) && (
          <Alert color="red" role="alert">
            {problemText(t, close.error ?? unknown)}
          </Alert>
        )}
        <Group>
          <Button variant="default" onClick={confirm} loading={close.isPending} disabled={!known}>
            {t('grants.close.action')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
