import {
  NEXT_CURSOR_HEADER,
  TOTAL_COUNT_HEADER,
  ZCallDashboard,
  ZCallDashboardQuery,
  ZDashboardOrganization,
  ZDashboardOrganizationsQuery,
  ZExportQuery,
  ZSurveyReport,
  ZSurveyReportQuery,
  ZSurveyStepList,
} from '@impact/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { attachmentDisposition } from '../../lib/file-names';
import { requestLanguage } from '../../lib/request-language';
import { currentUser } from '../../plugins/authentication';
import { savedLanguageOf } from '../users/service';

import { callDashboard } from './dashboard';
import { csvStream, xlsxFileStream } from './export-files';
import { exportRows } from './export-rows';
import { dashboardOrganizations } from './organizations-page';
import { surveyReport, surveySteps } from './survey-report';

const tags = ['reports'];

/** The built-in reports of a call, for administrators only (403 for applicants). */
export const reportRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  app.get(
    '/Report/GetCallDashboard',
    {
      config: { access: 'admin' },
      schema: { tags, querystring: ZCallDashboardQuery, response: { 200: ZCallDashboard } },
    },
    (request) => callDashboard(db, request.query.callId, requestLanguage(request)),
  );

  app.get(
    '/Report/GetDashboardOrganizations',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: "A page of the call's submissions with their organizations, newest first (keyset cursor)",
        querystring: ZDashboardOrganizationsQuery,
        response: { 200: z.array(ZDashboardOrganization) },
      },
    },
    async (request, reply) => {
      const page = await dashboardOrganizations(db, request.query);
      reply.header(TOTAL_COUNT_HEADER, page.total);
      if (page.nextCursor) reply.header(NEXT_CURSOR_HEADER, page.nextCursor);
      return page.items;
    },
  );

  app.get(
    '/Report/ExportSubmissions',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Every submission of a call, flattened, as CSV or XLSX, streamed',
        querystring: ZExportQuery,
      },
    },
    async (request, reply) => {
      const { callId, format, closedOnly, stage } = request.query;
      // The language asked for; else the reader's own (saved), else the request's.
      const language =
        request.query.language ?? (await savedLanguageOf(db, currentUser(request).id)) ?? requestLanguage(request);
      const exported = await exportRows(db, {
        callId,
        closedOnly: closedOnly === 'true',
        language,
        stage: stage === undefined ? undefined : Number(stage),
      });
      const name = `${exported.callName} - submissions`;
      reply.header('cache-control', 'no-store');
      reply.header('content-disposition', attachmentDisposition(`${name}.${format}`, 'export'));
      if (format === 'csv') {
        reply.type('text/csv; charset=utf-8');
        return reply.send(csvStream(exported.pages));
      }
      reply.type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
      return reply.send(xlsxFileStream(exported.pages, exported.callName, exported.sheets));
    },
  );

  app.get(
    '/Report/GetSurveySteps',
    {
      config: { access: 'admin' },
      schema: { tags, querystring: ZCallDashboardQuery, response: { 200: ZSurveyStepList } },
    },
    (request) => surveySteps(db, request.query.callId, requestLanguage(request)),
  );

  app.get(
    '/Report/GetSurveyReport',
    {
      config: { access: 'admin' },
      schema: { tags, querystring: ZSurveyReportQuery, response: { 200: ZSurveyReport } },
    },
    (request) =>
      surveyReport(db, request.log, {
        callId: request.query.callId,
        stepId: request.query.stepId,
        includeOpen: request.query.includeOpen === 'true',
        language: requestLanguage(request),
      }),
  );
};
