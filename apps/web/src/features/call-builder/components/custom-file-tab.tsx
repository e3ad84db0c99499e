import type { TCall } from '@impact/domain';
import { Button, Group, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload, IconX } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useAddCustomFile } from '../../admin-files/api/add-custom-file';
import { useAdminFiles } from '../../admin-files/api/admin-files';
import { downloadAdminFile } from '../../admin-files/api/download';
import { AdminFileUploadButton } from '../../admin-files/components/admin-file-upload-button';
import { callBuilderKeys } from '../api/keys';
import { errorMessage } from './labels';

/**
 * The call's custom file (SPEC 2 call card "download custom file"): picked from the admin files
 * or uploaded here; applicants get it once their submission is closed. Saved at once, not with the draft.
 */
export function CustomFileTab({ call }: { call: TCall }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const files = useAdminFiles();
  const save = useAddCustomFile(() => queryClient.invalidateQueries({ queryKey: callBuilderKeys.call(call.id) }));

  const choose = (fileId: string | null) =>
    save.mutate(
      { callId: call.id, fileId },
      {
        onSuccess: () => notifications.show({ color: 'teal', message: t('callBuilder.customFile.saved') }),
        onError: (e) =>
          notifications.show({ color: 'red', title: t('customize.errorSaving'), message: errorMessage(t, e) }),
      },
    );

  return (
    <Paper withBorder p="lg" radius="md">
      <Stack>
        <Title order={2} size="h4">
          {t('callBuilder.customFile.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('callBuilder.customFile.intro')}
        </Text>
        <Text size="sm" data-testid="custom-file-current">
          {call.customFile
            ? t('callBuilder.customFile.current', { name: call.customFile.name })
            : t('callBuilder.customFile.none')}
        </Text>
        <Group align="flex-end">
          <Select
            label={t('callBuilder.customFile.pick')}
            placeholder={t('callBuilder.customFile.pickPlaceholder')}
            data={(files.data ?? []).map((f) => ({ value: f.id, label: f.fileName }))}
            value={call.customFile?.id ?? null}
            onChange={(v) => v && choose(v)}
            searchable
            w={320}
            disabled={save.isPending}
          />
          <AdminFileUploadButton label={t('callBuilder.customFile.upload')} onUploaded={(f) => choose(f.id)} />
          {call.customFile && (
            <>
              <Button
                variant="default"
                leftSection={<IconDownload size={16} aria-hidden />}
                onClick={() => call.customFile && void downloadAdminFile(call.customFile.id, call.customFile.name)}
              >
                {t('callBuilder.customFile.download')}
              </Button>
              <Button
                variant="subtle"
                color="red"
                leftSection={<IconX size={16} aria-hidden />}
                onClick={() => choose(null)}
              >
                {t('callBuilder.customFile.remove')}
              </Button>
            </>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
