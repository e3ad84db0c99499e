import { Anchor, Badge, Center, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePageTitle } from '../../../lib/page-title';
import { problemText } from '../../../lib/problem-text';
import { useMyAssignments } from '../api/reviewer';

const STATUS_COLOR = { declareConflict: 'orange', toReview: 'blue', inProgress: 'yellow', submitted: 'teal' } as const;

/** /review — the reviewer's workspace: the submissions assigned to them, with where each review stands. */
export function MyReviewsPage() {
  const { t } = useTranslation();
  const mine = useMyAssignments();
  usePageTitle(t('review.mine.title'));
  return (
    <Stack>
      <Title order={1}>{t('review.mine.title')}</Title>
      {mine.isPending && (
        <Center>
          <Loader aria-label={t('review.loading')} />
        </Center>
      )}
      {mine.isError && <Text c="red">{problemText(t, mine.error)}</Text>}
      {mine.data?.length === 0 && <Text c="dimmed">{t('review.mine.empty')}</Text>}
      {!!mine.data?.length && (
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('review.mine.call')}</Table.Th>
              <Table.Th>{t('review.mine.application')}</Table.Th>
              <Table.Th>{t('review.mine.status')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {mine.data.map((a, i) => (
              <Table.Tr key={a.assignmentId}>
                <Table.Td>{a.callName}</Table.Td>
                <Table.Td>
                  <Anchor component={Link} to={`/review/${a.assignmentId}`}>
                    {a.organizationName ?? t('review.mine.anonymous', { n: i + 1 })}
                  </Anchor>
                </Table.Td>
                <Table.Td>
                  <Badge variant="light" color={STATUS_COLOR[a.status]}>
                    {t(`review.status.${a.status}`)}
                  </Badge>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
