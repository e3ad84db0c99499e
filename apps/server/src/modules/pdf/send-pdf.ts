import { PDF_FILE_NAME } from '@impact/domain';
import type { FastifyReply } from 'fastify';
import { attachmentDisposition } from '../../lib/file-names';
import type { PdfBody } from './stored-pdfs';

/** A PDF download: always an attachment with nosniff, never cached (it holds personal data). */
export function sendPdf(reply: FastifyReply, pdf: PdfBody, fileName = PDF_FILE_NAME) {
  return reply
    .type('application/pdf')
    .header('content-length', String(pdf.size))
    .header('content-disposition', attachmentDisposition(fileName))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .send(pdf.body);
}
