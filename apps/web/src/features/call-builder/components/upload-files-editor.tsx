import { type TUploadStepFile, UPLOAD_FILE_TYPES, UPLOAD_MAX_BYTES, UPLOAD_MAX_FILES } from '@impact/domain';
import {
  ActionIcon,
  Button,
  Checkbox,
  Group,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { amountSeparators } from '../../../lib/number-formats';

type Props = { files: TUploadStepFile[]; onChange: (files: TUploadStepFile[]) => void; showErrors: boolean };

const MEGABYTE = 1024 * 1024;
const DEFAULT_MAX_BYTES = 5 * MEGABYTE;

function humanSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return '';
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1).replace(/\.0$/, '')} MB`;
  if (bytes >= 1024) return `${(bytes / 1024).toFixed(0)} kB`;
  return `${bytes} B`;
}

/** The list of files an upload step asks for (SPEC 3 "Upload step definition"). */
export function UploadFilesEditor({ files, onChange, showErrors }: Props) {
  const { t, i18n } = useTranslation();
  const update = (index: number, patch: Partial<TUploadStepFile>) =>
    onChange(files.map((f, i) => (i === index ? { ...f, ...patch } : f)));
  const list = useRef<HTMLDivElement>(null);
  // A file just added: the keyboard goes to its name, the first thing to write (it stayed on "Add file").
  const [added, setAdded] = useState(false);
  useEffect(() => {
    if (!added) return;
    setAdded(false);
    const names = list.current?.querySelectorAll<HTMLInputElement>('[data-file-name]');
    names?.[names.length - 1]?.focus();
  }, [added]);
  const add = () => {
    onChange([
      ...files,
      { file_name: '', file_description: '', file_type: 'pdf', dimensions: DEFAULT_MAX_BYTES, mandatory: true },
    ]);
    setAdded(true);
  };

  return (
    <Stack gap="sm" ref={list}>
      <Text fw={600} size="sm">
        {t('callBuilder.upload.title')}
      </Text>
      {files.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('callBuilder.upload.empty')}
        </Text>
      )}
      {files.map((file, index) => (
        <Paper
          // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity of their own; order is the identity
          key={index}
          withBorder
          p="sm"
          radius="md"
          data-testid="upload-file-row"
        >
          <Stack gap="xs">
            <Group justify="space-between">
              <Text size="sm" fw={600}>
                {t('callBuilder.upload.file', { n: index + 1 })}
              </Text>
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={t('callBuilder.upload.remove', { n: index + 1 })}
                onClick={() => onChange(files.filter((_, i) => i !== index))}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Group>
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <TextInput
                label={t('callBuilder.upload.fileName')}
                required
                value={file.file_name}
                onChange={(e) => update(index, { file_name: e.currentTarget.value })}
                error={showErrors && !file.file_name.trim() ? t('errors.field.required') : undefined}
                maxLength={200}
                data-file-name
              />
              <Select
                label={t('callBuilder.upload.fileType')}
                required
                allowDeselect={false}
                data={UPLOAD_FILE_TYPES.map((v) => ({ value: v, label: t(`callBuilder.upload.types.${v}`) }))}
                value={file.file_type}
                onChange={(v) => v && update(index, { file_type: v as TUploadStepFile['file_type'] })}
              />
              <NumberInput
                // In megabytes, as people size files (the step keeps bytes: 5 MB is 5,242,880).
                label={t('callBuilder.upload.maxMegabytes')}
                required
                min={0.1}
                max={UPLOAD_MAX_BYTES / MEGABYTE}
                step={1}
                decimalScale={1}
                allowNegative={false}
                {...amountSeparators(i18n.language)}
                value={Math.round((file.dimensions / MEGABYTE) * 10) / 10}
                onChange={(v) => {
                  const megabytes = typeof v === 'number' ? v : Number.parseFloat(v);
                  update(index, { dimensions: Number.isFinite(megabytes) ? Math.round(megabytes * MEGABYTE) : 0 });
                }}
                error={
                  // Above the server's cap at once: the server stops reading any upload there.
                  file.dimensions > UPLOAD_MAX_BYTES
                    ? t('errors.field.tooBig', { maximum: humanSize(UPLOAD_MAX_BYTES) })
                    : showErrors && !(file.dimensions > 0)
                      ? t('errors.field.required')
                      : undefined
                }
              />
            </SimpleGrid>
            <Textarea
              label={t('callBuilder.upload.fileDescription')}
              value={file.file_description}
              onChange={(e) => update(index, { file_description: e.currentTarget.value })}
              autosize
              minRows={1}
              maxLength={1024}
            />
            <Checkbox
              label={t('callBuilder.upload.mandatory')}
              checked={file.mandatory}
              onChange={(e) => update(index, { mandatory: e.currentTarget.checked })}
            />
          </Stack>
        </Paper>
      ))}
      {files.length < UPLOAD_MAX_FILES ? (
        <Group>
          <Button variant="light" size="xs" leftSection={<IconPlus size={14} />} onClick={add}>
            {t('callBuilder.upload.add')}
          </Button>
        </Group>
      ) : (
        // The step's last limit said here, as its others are at their fields: the form adds no
        // message of its own for this editor.
        <Text size="sm" role="status">
          {t('callBuilder.upload.atMost', { most: UPLOAD_MAX_FILES })}
        </Text>
      )}
    </Stack>
  );
}
