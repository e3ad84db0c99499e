import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadSubmissionPdf } from '../lib/api/download-pdf';
import { ApiError } from '../lib/api-client';

/** Downloads the application as questions_answers.pdf, and says why when it cannot. */
export function usePdfDownload(submissionId: string, recordId?: string, stage?: 1 | 2) {
  const { t, i18n } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);
  // The buttons stay enabled while a download runs (a disabled button drops the keyboard's focus):
  // a second press meanwhile does nothing.
  const running = useRef(false);
  const download = async () => {
    if (running.current) return;
    running.current = true;
    setBusy(true);
    setFailed(null);
    try {
      await downloadSubmissionPdf(submissionId, i18n.language, recordId, stage);
    } catch (err) {
      const key = err instanceof ApiError ? err.problem.messageKey : 'errors.pdf.failed';
      setFailed(t(key, { defaultValue: t('errors.pdf.failed') }));
    } finally {
      running.current = false;
      setBusy(false);
    }
  };
  return { busy, failed, download };
}
