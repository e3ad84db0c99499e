import type { FastifyReply } from 'fastify';
import { attachmentDisposition } from '../../../lib/file-names';
import type { FileStorage } from './types';

/**
 * Streams a stored file to the client, after the caller's authorization check: S3 is never
 * reached by the browser, so every download goes through the same ownership rules.
 * Always a download with nosniff: an uploaded HTML or SVG never renders in our origin.
 */
export async function sendStoredFile(
  reply: FastifyReply,
  storage: FileStorage,
  file: { fileName: string; mimeType: string; size: number; storage: string; storageKey: string },
) {
  const body = await storage.backend(file.storage).get(file.storageKey);
  return reply
    .header('content-type', file.mimeType)
    .header('content-length', String(file.size))
    .header('content-disposition', attachmentDisposition(file.fileName, 'file'))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .send(body);
}
