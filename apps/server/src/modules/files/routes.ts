import multipart from '@fastify/multipart';
import {
  ZAttachmentRow,
  ZAttachmentType,
  ZFileDescription,
  ZUpdateFileDescriptionRequest,
  ZUploadResult,
} from '@impact/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { invalid } from '../../lib/app-error';
import { cleanFileName } from '../../lib/file-names';
import { currentUser } from '../../plugins/authentication';
import type { Told } from '../presence/step-saves';
import {
  describeSubmissionFile,
  getFileFor,
  listAttachments,
  listAttachmentTypes,
  removeSubmissionFile,
  uploadSubmissionFile,
} from './service';
import { sendStoredFile } from './storage/send';

/** No single upload is larger than this, whatever a step allows; larger bodies are cut off while streaming. */
export const MAX_UPLOAD_BYTES = 50 * 1024 * 1024;
const tags = ['files'];

export const fileRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, storage, stepSaves }) => {
  const told: Told = (saved) => stepSaves.saved(saved);
  // A file over the limit ends cut short (`truncated`) instead of throwing: the upload service decides.
  await app.register(multipart, {
    throwFileSizeLimit: false,
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 10, fieldSize: 16 * 1024 },
  });

  // Multipart: File plus Nome (slot), Descrizione, TipoFileId (SPEC 7), and the submission and step it belongs to.
  app.post(
    '/FileUpload/UploadFile',
    { config: { access: 'user' }, schema: { tags, response: { 200: ZUploadResult } } },
    async (request) => {
      const part = await request.file();
      if (!part) throw invalid([{ path: 'File', messageKey: 'errors.field.required' }]);
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
      if (!ids.success) {
        part.file.resume(); // nothing will read it
        throw invalid(ids.error.issues.map((i) => ({ path: String(i.path[0]), messageKey: 'errors.field.required' })));
      }
      try {
        return await uploadSubmissionFile(
          db,
          storage,
          currentUser(request),
          {
            submissionId: ids.data.submissionId,
            stepId: ids.data.stepId,
            slot: ids.data.Nome,
            description: field('Descrizione'),
            fileName: cleanFileName(part.filename || 'file'),
            file: part.file,
          },
          told,
        );
      } catch (err) {
        part.file.resume(); // refused before the bytes were read (404, 409): drain them
        throw err;
      }
    },
  );

  app.post(
    '/FileUpload/RemoveFile',
    {
      config: { access: 'user', owns: 'downloadId' },
      schema: { tags, querystring: z.object({ downloadId: z.uuid() }) },
    },
    async (request, reply) => {
      await removeSubmissionFile(db, storage, currentUser(request), request.query.downloadId, told);
      return reply.status(204).send();
    },
  );

  app.post(
    '/FileUpload/UpdateDescription',
    {
      config: { access: 'user', owns: 'downloadId' },
      schema: { tags, body: ZUpdateFileDescriptionRequest, response: { 200: ZFileDescription } },
    },
    async (request) =>
      describeSubmissionFile(db, currentUser(request), request.body.downloadId, request.body.description, told),
  );

  app.get(
    '/FileUpload/GetFile',
    {
      config: { access: 'user', owns: 'downloadId' },
      schema: { tags, querystring: z.object({ downloadId: z.uuid() }) },
    },
    async (request, reply) => {
      const file = await getFileFor(db, currentUser(request), request.query.downloadId);
      return sendStoredFile(reply, storage, file);
    },
  );

  app.get(
    '/FileUpload/GetAttachments',
    {
      config: { access: 'user', owns: 'submissionId' },
      schema: { tags, querystring: z.object({ submissionId: z.uuid() }), response: { 200: z.array(ZAttachmentRow) } },
    },
    async (request) => listAttachments(db, currentUser(request), request.query.submissionId),
  );

  app.get(
    '/FileUpload/GetAttachmentTypes',
    { config: { access: 'user' }, schema: { tags, response: { 200: z.array(ZAttachmentType) } } },
    async () => listAttachmentTypes(db),
  );
};
