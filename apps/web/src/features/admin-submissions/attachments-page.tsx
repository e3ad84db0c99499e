import {
  ActionIcon,
  Anchor,
  Badge,
  Breadcrumbs,
  Center,
  Loader,
  Stack,
  Table,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { DATE_TIME, dateFormat } from '../../lib/date-formats';
import { downloadFile, useAttachments } from '../step-kit/api/files';

/** SPEC 2 admin attachments/{subId}: description, attachment name, file name, created at. */
export function AttachmentsPage() {
  const { t, i18n } = useTranslation();
  const { subId = '' } = useParams();
  const attachments = useAttachments(subId);
  return (
    <Stack>
      <Breadcrumbs>
        <Anchor component={Link} to="/admin?tab=submissions">
          {t('adminIndex.tabs.submissions')}
        </Anchor>
        <Text>{t('adminSubmissions.attachments.title')}</Text>
      </Breadcrumbs>
      <Title order={1}>{t('adminSubmissions.attachments.title')}</Title>
      {attachments.isPending ? (
        <Center mih={120}>
          <Loader />
        </Center>
      ) : attachments.isError ? (
        <Text c="red">{t('errors.notFound')}</Text>
      ) : attachments.data.length === 0 ? (
        <Text c="dimmed">{t('adminSubmissions.attachments.empty')}</Text>
      ) : (
        <Table striped verticalSpacing="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('adminSubmissions.attachments.description')}</Table.Th>
              <Table.Th>{t('adminSubmissions.attachments.name')}</Table.Th>
              <Table.Th>{t('adminSubmissions.attachments.fileName')}</Table.Th>
              <Table.Th>{t('adminSubmissions.attachments.createdAt')}</Table.Th>
              <Table.Th aria-label={t('adminSubmissions.actions.download')} />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {attachments.data.map((a) => (
              <Table.Tr key={a.fileDownloadId}>
                {/* Applicants' text: a long unbroken word wraps (it made the page 8,913 px wide), and
                    its direction is isolated from the table's. */}
                <Table.Td style={{ overflowWrap: 'anywhere', minWidth: 160 }}>
                  <bdi>{a.descrizione || '—'}</bdi>
                </Table.Td>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>
                  <bdi>{a.nomeAllegato}</bdi>
                </Table.Td>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>
                  <bdi>{a.fileName}</bdi>
                  {/* Kept because a Submit sent it; the application now holds another (decision 0039). */}
                  {a.replaced && (
                    <Badge color="gray" variant="light" ml="xs">
                      {t('adminSubmissions.attachments.replaced')}
                    </Badge>
                  )}
                </Table.Td>
                <Table.Td>{dateFormat(i18n.language, DATE_TIME).format(new Date(a.createdAt))}</Table.Td>
                <Table.Td>
                  <Tooltip label={t('adminSubmissions.actions.download')}>
                    <ActionIcon
                      variant="subtle"
                      aria-label={t('adminSubmissions.actions.download')}
                      onClick={() => void downloadFile(a.fileDownloadId, a.fileName)}
                    >
                      <IconDownload size={18} />
                    </ActionIcon>
                  </Tooltip>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
