import type { TCall } from '@impact/domain';
import { Button, Group, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { problemText } from '../../../lib/problem-text';
import { useAddCustomFile } from '../api/add-custom-file';
import { useAdminFiles } from '../api/admin-files';
import { downloadAdminFile } from '../api/download';
import { AdminFileUploadButton } from './admin-file-upload-button';

/**
 * The call's custom file (SPEC 2 call card "download custom file"): picked from the admin files
 * or uploaded here; applicants get it once their submission is closed. Saved at once, not with the
 * draft: `onSaved` lets the call editor, which shows it as a tab (app/call-editor-page.tsx), read
 * the call again.
 */
export function CustomFileTab({ call, onSaved }: { call: TCall; onSaved: () => Promise<unknown> }) {
  const { t } = useTranslation();
  const files = useAdminFiles();
  const save = useAddCustomFile(onSaved);

  const choose = (fileId: string | null) =>
    save.mutate(
      { callId: call.id, fileId },
      {
        onSuccess: () => notifications.show({ color: 'teal', message: t('adminFiles.customFile.saved') }),
        onError: (e) =>
          notifications.show({ color: 'red', title: t('customize.errorSaving'), message: problemText(t, e) }),
      },
    );

  return (
    <Paper withBorder p="lg" radius="md">
      <Stack>
        <Title order={2} size="h4">
          {t('adminFiles.customFile.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('adminFiles.customFile.intro')}
        </Text>
        <Text size="sm" data-testid="custom-file-current">
          {call.customFile
            ? t('adminFiles.customFile.current', { name: call.customFile.name })
            : t('adminFiles.customFile.none')}
        </Text>
        <Group align="flex-end">
          <Select
            label={t('adminFiles.customFile.pick')}
            placeholder={t('adminFiles.customFile.pickPlaceholder')}
            data={(files.data ?? []).map((f) => ({ value: f.id, label: f.fileName }))}
            value={call.customFile?.id ?? null}
            onChange={(v) => v && choose(v)}
            searchable
            w={320}
            disabled={save.isPending}
          />
          <AdminFileUploadButton label={t('adminFiles.customFile.upload')} onUploaded={(f) => choose(f.id)} />
          {call.customFile && (
            <>
              <Button
                variant="default"
                leftSection={<IconDownload size={16} aria-hidden />}
                onClick={() => call.customFile && void downloadAdminFile(call.customFile.id, call.customFile.name)}
              >
                {t('adminFiles.customFile.download')}
              </Button>
              <Button
                variant="subtle"
                color="red"
                leftSection={<IconX size={16} aria-hidden />}
                onClick={() => choose(null)}
              >
                {t('adminFiles.customFile.remove')}
              </Button>
            </>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
