import multipart from '@fastify/multipart';
import { ZAttachmentRow, ZAttachmentType, ZUploadResult } from '@impact/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app';
import { AppError, invalid } from '../../lib/app-error';
import { currentUser, requireUser } from '../../plugins/authentication';
import {
  getFileFor,
  listAttachments,
  listAttachmentTypes,
  removeSubmissionFile,
  uploadSubmissionFile,
} from './service';

/** No single upload is larger than this, whatever a step allows; larger bodies are cut off while streaming. */
export const MAX_UPLOAD_BYTES = 50 * 1024 * 1024;
const tags = ['files'];

export const fileRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 10, fieldSize: 16 * 1024 } });
  app.addHook('onRequest', requireUser);

  // Multipart: File plus Nome (slot), Descrizione, TipoFileId (SPEC 7), and the submission and step it belongs to.
  app.post('/FileUpload/UploadFile', { schema: { tags, response: { 200: ZUploadResult } } }, async (request) => {
    const part = await request.file();
    if (!part) throw invalid([{ path: 'File', messageKey: 'errors.field.required' }]);
    const bytes = await part.toBuffer().catch((err: { code?: string }) => {
      if (err.code === 'FST_REQ_FILE_TOO_LARGE')
        throw new AppError('tooLarge', { messageKey: 'errors.files.tooLarge' });
      throw err;
    });
    const field = (name: string) => {
      const f = part.fields[name];
      const one = Array.isArray(f) ? f[0] : f;
      return one && 'value' in one ? String(one.value) : '';
    };
    const ids = z.object({ submissionId: z.uuid(), stepId: z.uuid(), Nome: z.string().min(1).max(300) }).safeParse({
      submissionId: field('submissionId'),
      stepId: field('stepId'),
      Nome: field('Nome'),
    });
    if (!ids.success)
      throw invalid(ids.error.issues.map((i) => ({ path: String(i.path[0]), messageKey: 'errors.field.required' })));
    return uploadSubmissionFile(db, currentUser(request), {
      submissionId: ids.data.submissionId,
      stepId: ids.data.stepId,
      slot: ids.data.Nome,
      description: field('Descrizione'),
      fileName: part.filename || 'file',
      bytes,
    });
  });

  app.post(
    '/FileUpload/RemoveFile',
    { schema: { tags, querystring: z.object({ downloadId: z.uuid() }) } },
    async (request, reply) => {
      await removeSubmissionFile(db, currentUser(request), request.query.downloadId);
      return reply.status(204).send();
    },
  );

  app.get(
    '/FileUpload/GetFile',
    { schema: { tags, querystring: z.object({ downloadId: z.uuid() }) } },
    async (request, reply) => {
      const file = await getFileFor(db, currentUser(request), request.query.downloadId);
      // Always a download, never rendered in our origin: an uploaded HTML or SVG cannot run as us.
      return reply
        .header('content-type', file.mimeType)
        .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(file.fileName)}`)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(file.bytes);
    },
  );

  app.get(
    '/FileUpload/GetAttachments',
    { schema: { tags, querystring: z.object({ submissionId: z.uuid() }), response: { 200: z.array(ZAttachmentRow) } } },
    async (request) => listAttachments(db, currentUser(request), request.query.submissionId),
  );

  app.get(
    '/FileUpload/GetAttachmentTypes',
    { schema: { tags, response: { 200: z.array(ZAttachmentType) } } },
    async () => listAttachmentTypes(db),
  );
};
