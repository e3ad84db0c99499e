import { isAdmin } from '@impact/domain';
import { Anchor, Center, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { RowCards } from '../../../components/row-cards';
import { ScrollTable } from '../../../components/scroll-table';
import { useNarrowScreen } from '../../../components/use-narrow-screen';
import { usePageTitle } from '../../../lib/page-title';
import { problemText } from '../../../lib/problem-text';
import { useSession } from '../../../lib/session-store';
import { useMyGrants } from '../api/grants';
import { GrantStatusBadge } from '../components/grant-status-badge';
import { formatMoney } from '../components/money';
import { ReportsOwed } from '../components/reports-owed';

/** /grants: the grants of the caller's organizations, each with its letter and answer. */
export function MyGrantsPage() {
  const { t, i18n } = useTranslation();
  const mine = useMyGrants();
  const session = useSession();
  const admin = session.status === 'authenticated' && isAdmin(session.user.roles);
  // On a phone each grant is a card: its status ("waiting for acceptance") and the reports owed
  // were two columns off the screen's edge.
  const narrow = useNarrowScreen();
  usePageTitle(t('grants.mine.title'));
  const link = (grant: NonNullable<typeof mine.data>[number]) => (
    <Anchor component={Link} to={`/grants/${grant.id}`} lang={grant.callNameLanguage}>
      {grant.callName}
    </Anchor>
  );
  return (
    <Stack>
      <Title order={1}>{t('grants.mine.title')}</Title>
      {mine.isPending && (
        <Center>
          <Loader aria-label={t('grants.loading')} />
        </Center>
      )}
      {mine.isError && <Text c="red">{problemText(t, mine.error)}</Text>}
      {mine.data?.length === 0 &&
        (admin ? (
          // An administrator belongs to no grantee as such: the grants are followed per call and in the portfolio.
          <Text c="dimmed">
            {t('grants.mine.emptyAdmin')}{' '}
            <Anchor component={Link} to="/admin?tab=portfolio">
              {t('grants.mine.portfolioLink')}
            </Anchor>
          </Text>
        ) : (
          <Text c="dimmed">{t('grants.mine.empty')}</Text>
        ))}
      {!!mine.data?.length && narrow && (
        <RowCards
          label={t('grants.mine.title')}
          rows={mine.data.map((grant) => ({
            key: grant.id,
            title: link(grant),
            details: [
              { label: t('grants.columns.reference'), value: grant.reference },
              { label: t('grants.columns.organization'), value: grant.organizationName },
              { label: t('grants.columns.amount'), value: formatMoney(grant.amount, grant.currency, i18n.language) },
              { label: t('grants.columns.status'), value: <GrantStatusBadge status={grant.status} /> },
              {
                label: t('grantReports.mine.column'),
                value: grant.status === 'active' ? <ReportsOwed grantId={grant.id} /> : '—',
              },
            ],
          }))}
        />
      )}
      {!!mine.data?.length && !narrow && (
        <ScrollTable minWidth={640} label={t('grants.mine.title')}>
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('grants.columns.call')}</Table.Th>
                <Table.Th>{t('grants.columns.organization')}</Table.Th>
                <Table.Th>{t('grants.columns.amount')}</Table.Th>
                <Table.Th>{t('grants.columns.status')}</Table.Th>
                <Table.Th>{t('grantReports.mine.column')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {mine.data.map((grant) => (
                <Table.Tr key={grant.id}>
                  <Table.Td>
                    {link(grant)}
                    <Text size="xs" c="dimmed">
                      {t('grants.referenceShort', { reference: grant.reference })}
                    </Text>
                  </Table.Td>
                  <Table.Td>{grant.organizationName}</Table.Td>
                  <Table.Td>{formatMoney(grant.amount, grant.currency, i18n.language)}</Table.Td>
                  <Table.Td>
                    <GrantStatusBadge status={grant.status} />
                  </Table.Td>
                  <Table.Td>{grant.status === 'active' ? <ReportsOwed grantId={grant.id} /> : '—'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollTable>
      )}
    </Stack>
  );
}
