import { PDF_FILE_NAME, ZPdfDataQuery, ZPdfExportData, ZSubmissionPdfQuery, ZSubmissionRecord } from '@impact/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { requestLanguage } from '../../lib/request-language';
import { currentUser } from '../../plugins/authentication';
import { pdfRenderPool } from './render-pool';
import { sendPdf } from './send-pdf';
import { getExportData, getSubmissionPdf, listSubmissionRecords } from './service';

const tags = ['pdf'];

/** The application PDF: its data, the file itself and the records frozen at each closing. */
export const pdfRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, storage }) => {
  // The render threads are the process's; a closing app lets them go (they restart on demand).
  app.addHook('onClose', async () => pdfRenderPool().close());

  app.get(
    '/Call/GetAllAnswerForPdf',
    {
      config: { access: 'user', owns: 'submissionId' },
      schema: {
        tags,
        summary: "SPEC 3 PDF export data: the latest frozen record, or a draft's answers as they are now",
        querystring: ZPdfDataQuery,
        response: { 200: ZPdfExportData },
      },
    },
    async (request) =>
      getExportData(db, currentUser(request), request.query.callId, request.query.submissionId, request.organizationId),
  );

  app.get(
    '/Call/GetSubmissionPdf',
    {
      config: { access: 'user', owns: 'submissionId' },
      schema: {
        tags,
        summary: `The submission as ${PDF_FILE_NAME} (owner or admin); recordId picks an earlier closing`,
        querystring: ZSubmissionPdfQuery,
      },
    },
    async (request, reply) => {
      const pdf = await getSubmissionPdf(db, storage, currentUser(request), request.query, requestLanguage(request));
      return sendPdf(reply, pdf);
    },
  );

  app.get(
    '/Call/GetSubmissionRecords',
    {
      config: { access: 'user', owns: 'submissionId' },
      schema: {
        tags,
        summary: 'Every closing of a submission (what was submitted each time), newest first',
        querystring: z.object({ submissionId: z.uuid() }),
        response: { 200: z.array(ZSubmissionRecord) },
      },
    },
    async (request) => listSubmissionRecords(db, currentUser(request), request.query.submissionId),
  );
};
