import { isLanguage, PDF_FILE_NAME } from '@impact/domain';
import { apiRequest } from '../api-client';
import { saveBlob } from '../save-file';

/**
 * GET Call/GetSubmissionPdf with the session, saved as questions_answers.pdf. Anything that is not
 * a PDF (an empty body, an error page) is refused here, so the browser never saves a blank file.
 */
export async function downloadSubmissionPdf(
  submissionId: string,
  language: string,
  recordId?: string,
  /** The latest record of this stage of a two-stage call (else the latest record). */
  stage?: 1 | 2,
) {
  const blob = await apiRequest<Blob>('Call/GetSubmissionPdf', {
    query: {
      submissionId,
      recordId,
      stage: stage === undefined ? undefined : String(stage),
      lang: isLanguage(language) ? language : undefined,
    },
    responseType: 'blob',
  });
  const head = new Uint8Array(await blob.slice(0, 5).arrayBuffer());
  if (String.fromCharCode(...head) !== '%PDF-') throw new Error('not a PDF');
  saveBlob(blob, PDF_FILE_NAME);
}
