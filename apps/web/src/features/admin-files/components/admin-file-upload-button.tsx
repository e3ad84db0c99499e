import type { TAdminFile } from '@impact/domain';
import { Button, FileButton } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconUpload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { useAdminFileLimits } from '../api/admin-files';
import { useUploadAdminFile } from '../api/upload-admin-file';

/** Picks and uploads one admin file; the size is checked here for speed and on the server for real. */
export function AdminFileUploadButton({
  onUploaded,
  label,
}: {
  onUploaded?: (file: TAdminFile) => void;
  label?: string;
}) {
  const { t } = useTranslation();
  const limits = useAdminFileLimits();
  const upload = useUploadAdminFile();
  const maxMb = (limits.data?.maxBytes ?? 5 * 1024 * 1024) / 1024 / 1024;

  const pick = (file: File | null) => {
    if (!file) return;
    if (limits.data && file.size > limits.data.maxBytes) {
      notifications.show({
        color: 'red',
        title: t('adminFiles.uploadError'),
        message: t('errors.adminFiles.tooLarge', { mb: maxMb }),
      });
      return;
    }
    upload.mutate(file, {
      onSuccess: (saved) => {
        notifications.show({ color: 'teal', message: t('adminFiles.uploaded', { name: saved.fileName }) });
        onUploaded?.(saved);
      },
      onError: (error) => {
        const field = error instanceof ApiError ? error.problem.errors?.[0] : undefined;
        notifications.show({
          color: 'red',
          title: t('adminFiles.uploadError'),
          message: field
            ? t(field.messageKey, { ...(field.params ?? {}) })
            : error instanceof ApiError
              ? t(error.problem.messageKey)
              : t('errors.unexpected'),
        });
      },
    });
  };

  return (
    <FileButton onChange={pick} accept={(limits.data?.extensions ?? []).join(',')}>
      {(props) => (
        <Button
          {...props}
          leftSection={<IconUpload size={16} aria-hidden />}
          loading={upload.isPending}
          data-testid="admin-file-upload"
        >
          {label ?? t('adminFiles.upload')}
        </Button>
      )}
    </FileButton>
  );
}
