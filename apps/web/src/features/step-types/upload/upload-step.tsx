import { ACCEPTED_EXTENSIONS, formatBytes, type TUploadStepFile, uploadedOf, uploadSlots } from '@impact/domain';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Card,
  FileButton,
  Group,
  Loader,
  Stack,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconDownload, IconTrash, IconUpload } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GrowingTextarea } from '../../../components/growing-textarea';
import { IconTooltip } from '../../../components/icon-tooltip';
import { ApiError } from '../../../lib/api-client';
import { openConfirmDialog } from '../../../lib/confirm-dialog';
import { refocusIfLost } from '../../../lib/refocus-if-lost';
import { describeFile, downloadFile, removeFile, uploadFile } from '../../step-kit/api/files';
import { submissionKey } from '../../step-kit/api/keys';
import type { StepProps } from '../../step-kit/step-props';

type Props = Pick<StepProps, 'step' | 'submissionId' | 'result' | 'readOnly' | 'onContent'>;

/** SPEC 5: one slot per expected file, with its description, type and size limit. */
export function UploadStep({ step, submissionId, result, readOnly, onContent }: Props) {
  const uploaded = uploadedOf(result?.content);
  useEffect(() => onContent(result?.content ?? ''), [result?.content, onContent]);
  return (
    <Stack gap="md">
      {uploadSlots(step.content).map((slot) => (
        <UploadSlot
          key={slot.file_name}
          slot={slot}
          stepId={step.id}
          submissionId={submissionId}
          readOnly={readOnly}
          current={uploaded.find((f) => f.slot === slot.file_name)}
        />
      ))}
    </Stack>
  );
}

/**
 * One slot's file: choose, replace, download, remove. Another step type with files (the impact
 * actuals' evidence) uses it too: `beforeChange` saves its pending typing first, `afterChange`
 * follows the answer the upload rewrote.
 */
export function UploadSlot({
  slot,
  stepId,
  submissionId,
  readOnly,
  current,
  beforeChange,
  afterChange,
}: {
  slot: TUploadStepFile;
  stepId: string;
  submissionId: string;
  readOnly: boolean;
  current: ReturnType<typeof uploadedOf>[number] | undefined;
  beforeChange?: () => Promise<boolean>;
  afterChange?: () => void;
}) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const titleId = useId();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [description, setDescription] = useState(current?.description ?? '');
  // The file input is emptied after each try, so the same file can be chosen again (after a
  // removal by mistake, or a failed upload): an input that still holds it fires no change.
  const resetInput = useRef<() => void>(null);
  // Where the keyboard's focus goes once a removed file's row (and its buttons) is gone.
  const chooseButton = useRef<HTMLButtonElement>(null);
  const limit = formatBytes(slot.dimensions);
  const tooLarge = t('applying.upload.tooLarge', { value: limit.value, unit: t(`units.${limit.unit}`) });

  const send = async (file: File | null) => {
    if (!file) return;
    setError(null);
    // Checked here for a quick answer, and again on the server, which also reads the bytes' type.
    if (file.size > slot.dimensions) {
      setError(tooLarge);
      return;
    }
    setBusy(true);
    try {
      if (beforeChange && !(await beforeChange())) return;
      await uploadFile({ submissionId, stepId, slot: slot.file_name, description, file });
      await client.invalidateQueries({ queryKey: submissionKey(submissionId) });
      afterChange?.();
    } catch (err) {
      const key = err instanceof ApiError ? err.problem.messageKey : 'errors.unexpected';
      setError(
        key === 'errors.files.tooLarge' ? tooLarge : t(key, { expected: t(`applying.fileTypes.${slot.file_type}`) }),
      );
    } finally {
      setBusy(false); // SPEC 8: on failure the spinner stops (and we also say why)
      resetInput.current?.();
      // The button was disabled while the file went: the keyboard comes back to it, or to the one
      // drawn in its place (a step may draw its slots anew once its files change).
      refocusIfLost(
        () =>
          chooseButton.current ??
          document.querySelector<HTMLButtonElement>(`[data-choose-file="${CSS.escape(slot.file_name)}"]`),
      );
    }
  };

  // A file's description is saved on its own once typing pauses (or the field is left), like an
  // answer; before a file is chosen it waits and goes with the upload, and while a file is being
  // chosen or removed it waits for the file that results.
  const [describing, setDescribing] = useState(false);
  const saved = current?.description ?? '';
  // The text this field had stored for this file (or is storing): the pause after a save made on
  // leaving the field sends nothing again. Forgotten once the stored text is another (an upload,
  // a teammate's change, a restored version).
  const stored = useRef<{ fileId: string; text: string } | null>(null);
  useEffect(() => {
    if (stored.current && stored.current.text !== saved) stored.current = null;
  }, [saved]);
  const saveDescription = async (text: string) => {
    if (!current || readOnly || busy || text === saved) return;
    const fileId = current.fileDownloadId;
    if (stored.current?.fileId === fileId && stored.current.text === text) return;
    stored.current = { fileId, text };
    setDescribing(true);
    setError(null);
    try {
      if (beforeChange && !(await beforeChange())) {
        stored.current = null;
        return;
      }
      await describeFile(fileId, text);
      await client.invalidateQueries({ queryKey: submissionKey(submissionId) });
      afterChange?.();
    } catch (err) {
      stored.current = null; // not stored: the next pause or leaving the field tries again
      setError(t(err instanceof ApiError ? err.problem.messageKey : 'errors.unexpected'));
    } finally {
      setDescribing(false);
    }
  };
  const [paused] = useDebouncedValue(description, 800);
  // Also once an upload or a removal ends: the file it left takes what was typed meanwhile.
  // biome-ignore lint/correctness/useExhaustiveDependencies: saved when typing pauses or the file changes, not when the save function does
  useEffect(() => {
    void saveDescription(paused);
  }, [paused, current?.fileDownloadId, busy]);

  // Asked first: the bin sits beside the download button, easy to touch by mistake on a phone, and
  // a file removed is gone from the application (the person must find it again to upload it).
  const askRemove = () => {
    if (!current) return;
    openConfirmDialog({
      title: t('applying.upload.removeConfirm', { name: current.fileName }),
      children: <Text size="sm">{t('applying.upload.removeConfirmText')}</Text>,
      labels: { confirm: t('applying.upload.removeConfirmYes'), cancel: t('applying.upload.keep') },
      confirmProps: { color: 'red' },
      onConfirm: () => void remove(),
    });
  };
  const remove = async () => {
    if (!current) return;
    setBusy(true);
    try {
      if (beforeChange && !(await beforeChange())) return;
      await removeFile(current.fileDownloadId);
      await client.invalidateQueries({ queryKey: submissionKey(submissionId) });
      afterChange?.();
    } catch (err) {
      setError(t(err instanceof ApiError ? err.problem.messageKey : 'errors.unexpected'));
    } finally {
      setBusy(false);
      chooseButton.current?.focus();
    }
  };

  return (
    // A group named by its slot: a step with several slots repeats "Description" and "Choose the
    // file", and each is announced with the slot it belongs to.
    <Card
      withBorder
      radius="md"
      padding="md"
      data-testid={`slot-${slot.file_name}`}
      role="group"
      aria-labelledby={titleId}
    >
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap">
          <div>
            <Group gap="xs">
              <Text fw={600} id={titleId}>
                {slot.label ?? slot.file_name}
              </Text>
              {slot.mandatory && (
                <Badge size="sm" color="red" variant="light">
                  {t('applying.upload.mandatory')}
                </Badge>
              )}
            </Group>
            {slot.file_description && (
              <Text size="sm" c="dimmed">
                {slot.file_description}
              </Text>
            )}
            {/* What may be sent: said to whoever sends, not to a reader of what was sent. */}
            {!readOnly && (
              <Text size="xs" c="dimmed">
                {t('applying.upload.accepts', {
                  type: t(`applying.fileTypes.${slot.file_type}`),
                  extensions: ACCEPTED_EXTENSIONS[slot.file_type].join(', '),
                  value: limit.value,
                  unit: t(`units.${limit.unit}`),
                })}
              </Text>
            )}
          </div>
          {busy && <Loader size="sm" aria-label={t('applying.upload.uploading')} />}
        </Group>
        {current && (
          <Group gap="xs">
            {/* A file name is shown as given (case kept) and isolated from the surrounding text direction. */}
            <Badge color="teal" variant="light" tt="none" data-testid="uploaded-file-name">
              <bdi>{current.fileName}</bdi>
            </Badge>
            <IconTooltip label={t('applying.upload.download')}>
              <ActionIcon
                variant="subtle"
                // With the file's name: a step with several files has several of these buttons.
                aria-label={`${t('applying.upload.download')} ${current.fileName}`}
                onClick={() => void downloadFile(current.fileDownloadId, current.fileName)}
              >
                <IconDownload size={16} />
              </ActionIcon>
            </IconTooltip>
            {!readOnly && (
              <IconTooltip label={t('applying.upload.remove')}>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={`${t('applying.upload.remove')} ${current.fileName}`}
                  onClick={askRemove}
                  disabled={busy}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              </IconTooltip>
            )}
          </Group>
        )}
        {readOnly && saved && (
          <Text size="sm" data-testid="uploaded-file-description">
            <Text span fw={600}>
              {t('labelled', { label: t('applying.upload.descriptionRead') })}
            </Text>{' '}
            {saved}
          </Text>
        )}
        {!readOnly && (
          <>
            <GrowingTextarea
              // Each slot's field is told apart by its slot's name where a list of fields is read
              // (a screen reader's form list, voice control), after the visible words.
              label={
                <>
                  {t('applying.upload.description')}
                  <VisuallyHidden> · {slot.label ?? slot.file_name}</VisuallyHidden>
                </>
              }
              value={description}
              onChange={(e) => setDescription(e.currentTarget.value.slice(0, 1024))}
              onBlur={() => void saveDescription(description)}
              // Said while a change is not stored yet, so the field never seems saved when it is not.
              description={
                !current
                  ? description
                    ? t('applying.upload.descriptionWithFile')
                    : undefined
                  : description !== saved
                    ? t(describing ? 'applying.upload.descriptionSaving' : 'applying.upload.descriptionNotSaved')
                    : undefined
              }
              minRows={1}
              maxLength={1024}
            />
            <FileButton
              resetRef={resetInput}
              onChange={(f) => void send(f)}
              accept={ACCEPTED_EXTENSIONS[slot.file_type].join(',')}
              disabled={busy}
            >
              {(props) => (
                <Button
                  {...props}
                  ref={chooseButton}
                  data-choose-file={slot.file_name}
                  aria-describedby={titleId}
                  leftSection={<IconUpload size={16} />}
                  variant={current ? 'default' : 'filled'}
                  w="fit-content"
                >
                  {current ? t('applying.upload.replace') : t('applying.upload.choose')}
                </Button>
              )}
            </FileButton>
          </>
        )}
        {error && (
          <Alert color="red" role="alert" data-testid="upload-error">
            {error}
          </Alert>
        )}
      </Stack>
    </Card>
  );
}
