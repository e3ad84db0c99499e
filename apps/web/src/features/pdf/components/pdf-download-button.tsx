import { ActionIcon, Button, type ButtonProps, Stack, Text, Tooltip } from '@mantine/core';
import { IconFileTypePdf } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { downloadSubmissionPdf } from '../api/download-pdf';

type Props = {
  submissionId: string;
  recordId?: string;
  /** `icon`: a small icon button for tables; otherwise a labelled button. */
  look?: 'button' | 'icon';
  label?: string;
  variant?: ButtonProps['variant'];
};

/** Downloads the application as questions_answers.pdf; says so clearly when it cannot. */
export function PdfDownloadButton({ submissionId, recordId, look = 'button', label, variant = 'default' }: Props) {
  const { t, i18n } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);
  const text = label ?? t('pdf.download');

  const download = async () => {
    setBusy(true);
    setFailed(null);
    try {
      await downloadSubmissionPdf(submissionId, i18n.language, recordId);
    } catch (err) {
      const key = err instanceof ApiError ? err.problem.messageKey : 'errors.pdf.failed';
      setFailed(t(key, { defaultValue: t('errors.pdf.failed') }));
    } finally {
      setBusy(false);
    }
  };

  if (look === 'icon') {
    return (
      <Tooltip label={failed ?? text}>
        <ActionIcon
          variant="subtle"
          color={failed ? 'red' : undefined}
          loading={busy}
          onClick={() => void download()}
          aria-label={failed ? `${text}: ${failed}` : text}
          data-testid="download-pdf"
        >
          <IconFileTypePdf size={18} />
        </ActionIcon>
      </Tooltip>
    );
  }
  return (
    <Stack gap={4} align="center">
      <Button
        variant={variant}
        leftSection={<IconFileTypePdf size={18} />}
        loading={busy}
        onClick={() => void download()}
        // A short visible label ("PDF") still says what the button does to a screen reader.
        aria-label={text === t('pdf.download') ? undefined : t('pdf.download')}
        data-testid="download-pdf"
      >
        {text}
      </Button>
      {failed && (
        <Text size="sm" c="red" role="alert">
          {failed}
        </Text>
      )}
    </Stack>
  );
}
