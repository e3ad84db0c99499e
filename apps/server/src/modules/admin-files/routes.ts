import multipart from '@fastify/multipart';
import { ADMIN_FILE_EXTENSIONS, ZAddCustomFileRequest, ZAdminFile, ZAdminFileLimits } from '@impact/domain';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { invalid } from '../../lib/app-error';
import { cleanFileName } from '../../lib/file-names';
import { currentUser } from '../../plugins/authentication';
import { sendStoredFile } from '../files/storage/send';
import {
  deleteAdminFile,
  getAdminFile,
  getCustomFileFor,
  listAdminFiles,
  setCustomFile,
  uploadAdminFile,
} from './service';

const tags = ['admin files'];
const fileIdQuery = z.object({ fileId: z.uuid() });

export const adminFileRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, config, storage }) => {
  const maxBytes = config.adminFileMaxBytes;
  /** Always a download with nosniff, streamed from the file storage after the access check. */
  const sendDownload = (reply: FastifyReply, file: Parameters<typeof sendStoredFile>[2]) =>
    sendStoredFile(reply, storage, file);

  // Applicants: the custom file of a call they submitted to (404 for anyone else).
  app.get(
    '/CallSubmission/GetCustomFile',
    {
      config: { access: 'user' },
      schema: { tags, querystring: z.object({ callId: z.uuid() }) },
    },
    async (request, reply) =>
      sendDownload(reply, await getCustomFileFor(db, currentUser(request), request.query.callId)),
  );

  await app.register(async (plain) => {
    const admin = plain.withTypeProvider<ZodTypeProvider>();
    await admin.register(multipart, {
      throwFileSizeLimit: false,
      limits: { fileSize: maxBytes, files: 1, fields: 5, fieldSize: 1024 },
    });

    admin.get(
      '/FileUpload/GetAdminFileLimits',
      { config: { access: 'admin' }, schema: { tags, response: { 200: ZAdminFileLimits } } },
      async () => ({
        maxBytes,
        extensions: [...ADMIN_FILE_EXTENSIONS],
      }),
    );

    admin.post(
      '/FileUpload/UploadAdminFile',
      { config: { access: 'admin' }, schema: { tags, response: { 201: ZAdminFile } } },
      async (request, reply) => {
        const part = await request.file();
        if (!part) throw invalid([{ path: 'File', messageKey: 'errors.field.required' }]);
        const saved = await uploadAdminFile(db, storage, currentUser(request), {
          fileName: cleanFileName(part.filename || 'file'),
          file: part.file,
          maxBytes,
        }).catch((err) => {
          part.file.resume(); // refused before the bytes were read: drain them
          throw err;
        });
        return reply.status(201).send(saved);
      },
    );

    admin.get(
      '/FileUpload/GetAdminFiles',
      { config: { access: 'admin' }, schema: { tags, response: { 200: z.array(ZAdminFile) } } },
      () => listAdminFiles(db),
    );

    admin.get(
      '/FileUpload/GetAdminFile',
      { config: { access: 'admin' }, schema: { tags, querystring: fileIdQuery } },
      async (request, reply) => sendDownload(reply, await getAdminFile(db, request.query.fileId)),
    );

    admin.post(
      '/FileUpload/DeleteAdminFile',
      { config: { access: 'admin' }, schema: { tags, querystring: fileIdQuery } },
      async (request, reply) => {
        await deleteAdminFile(db, storage, currentUser(request), request.query.fileId);
        return reply.status(204).send();
      },
    );

    admin.post(
      '/CallSubmission/AddCustomFile',
      {
        config: { access: 'admin' },
        schema: { tags, summary: "Set (or clear) a call's custom file", body: ZAddCustomFileRequest },
      },
      async (request, reply) => {
        await setCustomFile(db, currentUser(request), request.body);
        return reply.status(204).send();
      },
    );
  });
};
