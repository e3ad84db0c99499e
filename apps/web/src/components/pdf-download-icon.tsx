import { ActionIcon, Loader } from '@mantine/core';
import { IconFileTypePdf } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { IconTooltip } from './icon-tooltip';
import { usePdfDownload } from './use-pdf-download';

/**
 * The PDF download as a small icon button with a tooltip, for tables (admin pages, records).
 */
export function PdfDownloadIcon({ submissionId, recordId }: { submissionId: string; recordId?: string }) {
  const { t } = useTranslation();
  const { busy, failed, download } = usePdfDownload(submissionId, recordId);
  const text = t('pdf.download');
  return (
    <IconTooltip label={failed ?? text}>
      <ActionIcon
        variant="subtle"
        color={failed ? 'red' : undefined}
        // Busy without `loading`, which disables the button and drops the keyboard's focus.
        aria-busy={busy || undefined}
        onClick={() => void download()}
        aria-label={failed ? `${t('labelled', { label: text })} ${failed}` : text}
        data-testid="download-pdf"
      >
        {busy ? <Loader size={16} /> : <IconFileTypePdf size={18} />}
      </ActionIcon>
    </IconTooltip>
  );
}
