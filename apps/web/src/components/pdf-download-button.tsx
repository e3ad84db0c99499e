import { Button, type ButtonProps, Loader, Stack, Text } from '@mantine/core';
import { IconFileTypePdf } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { usePdfDownload } from './use-pdf-download';

type Props = {
  submissionId: string;
  label?: string;
  variant?: ButtonProps['variant'];
  /** A two-stage call's stage whose PDF to download (else the latest). */
  stage?: 1 | 2;
};

/** Downloads the application as questions_answers.pdf; says so clearly when it cannot. (Tables: PdfDownloadIcon.) */
export function PdfDownloadButton({ submissionId, label, variant = 'default', stage }: Props) {
  const { t } = useTranslation();
  const { busy, failed, download } = usePdfDownload(submissionId, undefined, stage);
  const text = label ?? t('pdf.download');
  return (
    <Stack gap={4} align="center">
      <Button
        variant={variant}
        // Busy without `loading`, which disables the button and drops the keyboard's focus.
        leftSection={busy ? <Loader size={18} /> : <IconFileTypePdf size={18} />}
        aria-busy={busy || undefined}
        onClick={() => void download()}
        // A short visible label ("PDF") still says what the button does to a screen reader.
        // A stage's button says which PDF in its own words (two buttons, two names).
        aria-label={text === t('pdf.download') || stage ? undefined : t('pdf.download')}
        data-testid={stage ? `download-pdf-stage-${stage}` : 'download-pdf'}
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
