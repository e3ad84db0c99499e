import { Button, Stack, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ReviewSectionProps } from '../../step-kit/review-sections';

/** The reviewer's view of the files: one download per file (neutral names under blind review). */
export function UploadReview({ workspace, downloadFile }: ReviewSectionProps) {
  const { t } = useTranslation();
  return (
    <Stack gap={4}>
      {workspace.files.map((f) => (
        <Button
          key={f.fileDownloadId}
          variant="subtle"
          justify="flex-start"
          leftSection={<IconDownload size={16} />}
          onClick={() => downloadFile(f.fileDownloadId, f.fileName)}
        >
          {f.slot}: {f.fileName}
        </Button>
      ))}
      {!workspace.files.length && <Text c="dimmed">{t('review.workspace.noAnswer')}</Text>}
    </Stack>
  );
}
