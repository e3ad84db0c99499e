import { parseServerDate } from '@impact/domain';
import { Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSubmissionRecords } from '../lib/api/submission-records';
import { DATE_TIME, dateFormat } from '../lib/date-formats';
import { PdfDownloadIcon } from './pdf-download-icon';

/** Every closing of a submission with its PDF, for admins (a reopened and re-closed submission has several). */
export function SubmissionRecords({ submissionId }: { submissionId: string }) {
  const { t, i18n } = useTranslation();
  const records = useSubmissionRecords(submissionId, true);
  if (!records.data?.length) return null;
  return (
    <Stack gap={4} mt="md" data-testid="submission-records">
      <Text size="sm" fw={600}>
        {t('pdf.records')}
      </Text>
      {records.data.map((r) => (
        <Group key={r.id} gap="xs" wrap="nowrap" justify="space-between">
          <Text size="sm">{dateFormat(i18n.language, DATE_TIME).format(parseServerDate(r.closedAt))}</Text>
          <PdfDownloadIcon submissionId={submissionId} recordId={r.id} />
        </Group>
      ))}
    </Stack>
  );
}
