import {
  ZAcceptAwardRequest,
  ZDeclineAwardRequest,
  ZGrant,
  ZGrantIdQuery,
  ZGrantReport,
  ZGrantReports,
  ZGrants,
  ZGrantsQuery,
  ZLanguage,
  ZMarkTranchePaidRequest,
  ZPortfolio,
  ZPortfolioQuery,
  ZProblem,
  ZReportIdRequest,
  ZReportingPlan,
  ZReportingPlanQuery,
  ZSaveReportingPlanRequest,
  ZSaveTranchesRequest,
  ZSendAwardLetterRequest,
  ZStartReportResponse,
  ZTranches,
  ZTranchesExportQuery,
  ZUpdateGrantRequest,
} from '@impact/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { attachmentDisposition } from '../../lib/file-names';
import { requestLanguage } from '../../lib/request-language';
import { currentUser } from '../../plugins/authentication';
import { sendPdf } from '../pdf/send-pdf';
import { renderLetterFor } from '../pdf/service';
import { csvStream, xlsxFileStream } from '../reports/export-files';
import { exportLanguage } from '../reports/export-words';
import { loadGrantFor } from './access';
import { portfolio, portfolioPages } from './portfolio';
import { readReportingPlan, saveReportingPlan } from './reporting-plan';
import { approveReport, readReports, startReport } from './reports';
import {
  acceptAward,
  callGrants,
  composeLetterFor,
  declineAward,
  myGrants,
  readGrant,
  sendAwardLetter,
  updateGrant,
} from './service';
import { markTranchePaid, readTranches, saveTranches, tranchesExport } from './tranches';

const tags = ['grants'];
const problems = { 400: ZProblem, 401: ZProblem, 403: ZProblem, 404: ZProblem, 409: ZProblem };

/**
 * Grants after the award (decision 0043): the admin's list, terms and letter; the grantee's list,
 * letter, acceptance and refusal. Ids of grants the caller may not see are 404.
 */
export const grantRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, config }) => {
  app.get(
    '/Grant/GetGrants',
    {
      config: { access: 'admin' },
      schema: { tags, summary: "A call's grants", querystring: ZGrantsQuery, response: { 200: ZGrants, ...problems } },
    },
    (request) => callGrants(db, request.query.callId, requestLanguage(request)),
  );

  app.get(
    '/Grant/GetMyGrants',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'The grants of the organizations the caller is a member of (once their letter is sent)',
        response: { 200: ZGrants, ...problems },
      },
    },
    (request) => myGrants(db, currentUser(request), requestLanguage(request)),
  );

  app.get(
    '/Grant/GetGrant',
    {
      config: { access: 'user', owns: 'grantId' },
      schema: { tags, summary: 'One grant', querystring: ZGrantIdQuery, response: { 200: ZGrant, ...problems } },
    },
    (request) => readGrant(db, currentUser(request), request.query.grantId, requestLanguage(request)),
  );

  app.put(
    '/Grant/UpdateGrant',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: "The grant's amount, dates and conditions (before acceptance), or closing an active grant",
        body: ZUpdateGrantRequest,
        response: { 200: ZGrant, ...problems },
      },
    },
    (request) => updateGrant(db, currentUser(request), request.body, requestLanguage(request), config.publicUrl),
  );

  app.post(
    '/Grant/SendAwardLetter',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Writes the award letter from the template and mails the grantee',
        body: ZSendAwardLetterRequest,
        response: { 200: ZGrant, ...problems },
      },
    },
    (request) =>
      sendAwardLetter(db, currentUser(request), request.body.grantId, config.publicUrl, requestLanguage(request)),
  );

  app.get(
    '/Grant/GetAwardLetter',
    {
      config: { access: 'user', owns: 'grantId' },
      schema: {
        tags,
        summary: 'The award letter as a PDF: as sent, or for an admin a preview of a draft',
        querystring: ZGrantIdQuery,
        response: { ...problems },
      },
    },
    async (request, reply) => {
      const language = requestLanguage(request);
      const { grant } = await loadGrantFor(db, currentUser(request), request.query.grantId, { need: 'read' });
      const text = grant.letterText ?? (await composeLetterFor(db, grant, currentUser(request).email, language)).text;
      const pdf = await renderLetterFor(currentUser(request).id, text);
      return sendPdf(reply, { body: pdf, size: pdf.length }, 'award-letter.pdf');
    },
  );

  app.post(
    '/Grant/AcceptAward',
    {
      config: { access: 'user', owns: 'grantId' },
      schema: {
        tags,
        summary: 'Accepts the award letter as sent (full name; conditions ticked when there are any)',
        body: ZAcceptAwardRequest,
        response: { 200: ZGrant, ...problems },
      },
    },
    (request) =>
      acceptAward(db, currentUser(request), request.body, request.ip, requestLanguage(request), config.publicUrl),
  );

  app.post(
    '/Grant/DeclineAward',
    {
      config: { access: 'user', owns: 'grantId' },
      schema: {
        tags,
        summary: 'Declines the award letter, with a reason',
        body: ZDeclineAwardRequest,
        response: { 200: ZGrant, ...problems },
      },
    },
    (request) =>
      declineAward(db, currentUser(request), request.body, request.ip, requestLanguage(request), config.publicUrl),
  );

  app.get(
    '/Grant/GetTranches',
    {
      config: { access: 'user', owns: 'grantId' },
      schema: {
        tags,
        summary: "The grant's payments in order, each pending, payable or paid",
        querystring: ZGrantIdQuery,
        response: { 200: ZTranches, ...problems },
      },
    },
    (request) => readTranches(db, currentUser(request), request.query.grantId),
  );

  app.put(
    '/Grant/SaveTranches',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Replaces the unpaid tranches (paid ones stay); together they may not exceed the amount awarded',
        body: ZSaveTranchesRequest,
        response: { 200: ZTranches, ...problems },
      },
    },
    (request) => saveTranches(db, currentUser(request), request.body),
  );

  app.post(
    '/Grant/MarkTranchePaid',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Marks a payable tranche paid, with the date and the payment reference',
        body: ZMarkTranchePaidRequest,
        response: { 200: ZTranches, ...problems },
      },
    },
    (request) => markTranchePaid(db, currentUser(request), request.body, config.publicUrl),
  );

  app.get(
    '/Grant/ExportTranches',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: "A call's tranches for the accounting office, CSV or XLSX",
        // `lang`: the headers' and words' language, whoever asks (docs/INTEGRATIONS.md).
        querystring: ZTranchesExportQuery.extend({ lang: ZLanguage.optional() }),
      },
    },
    async (request, reply) => {
      const { callId, format } = request.query;
      const pages = await tranchesExport(db, callId, exportLanguage(request, request.query.lang));
      reply.header('cache-control', 'no-store');
      reply.header('content-disposition', attachmentDisposition(`tranches.${format}`, 'tranches'));
      if (format === 'csv') return reply.type('text/csv; charset=utf-8').send(csvStream(pages));
      reply.type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
      return reply.send(xlsxFileStream(pages, 'Tranches'));
    },
  );

  app.get(
    '/Grant/GetReportingPlan',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'The reports each grant of the call owes: name, due (months after the start or a day), form',
        querystring: ZReportingPlanQuery,
        response: { 200: ZReportingPlan, ...problems },
      },
    },
    (request) => readReportingPlan(db, request.query.callId),
  );

  app.put(
    '/Grant/SaveReportingPlan',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: "Replaces the call's reporting plan (items sent with their id are kept)",
        body: ZSaveReportingPlanRequest,
        response: { 200: ZReportingPlan, ...problems },
      },
    },
    (request) => saveReportingPlan(db, currentUser(request), request.body),
  );

  app.get(
    '/Grant/GetReports',
    {
      config: { access: 'user', owns: 'grantId' },
      schema: {
        tags,
        summary: "The grant's reports with their due day and status",
        querystring: ZGrantIdQuery,
        response: { 200: ZGrantReports, ...problems },
      },
    },
    (request) => readReports(db, currentUser(request), request.query.grantId),
  );

  app.post(
    '/Grant/StartReport',
    {
      config: { access: 'user', owns: 'reportId' },
      schema: {
        tags,
        summary: 'Opens a report for writing (its submission, made once) in the ordinary wizard',
        body: ZReportIdRequest,
        response: { 200: ZStartReportResponse, ...problems },
      },
    },
    (request) => startReport(db, currentUser(request), request.body.reportId),
  );

  app.post(
    '/Grant/ApproveReport',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Approves a submitted report; the tranches waiting for it become payable',
        body: ZReportIdRequest,
        response: { 200: ZGrantReport, ...problems },
      },
    },
    (request) => approveReport(db, currentUser(request), request.body.reportId, config.publicUrl),
  );

  app.get(
    '/Report/GetPortfolio',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Grants across calls: by status, awarded and paid, by SDG, forecast (and later actual) SROI',
        querystring: ZPortfolioQuery,
        response: { 200: ZPortfolio, ...problems },
      },
    },
    (request) => portfolio(db, request.query, requestLanguage(request)),
  );

  app.get(
    '/Report/ExportPortfolio',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'The portfolio, one row per grant, as CSV or XLSX',
        // `lang` fixes the headers' language for a dataset refreshed by a machine (docs/INTEGRATIONS.md).
        querystring: ZPortfolioQuery.extend({ format: z.enum(['csv', 'xlsx']), lang: ZLanguage.optional() }),
      },
    },
    async (request, reply) => {
      const data = await portfolio(db, request.query, requestLanguage(request));
      const pages = portfolioPages(data, exportLanguage(request, request.query.lang));
      reply.header('cache-control', 'no-store');
      reply.header('content-disposition', attachmentDisposition(`portfolio.${request.query.format}`, 'portfolio'));
      if (request.query.format === 'csv') return reply.type('text/csv; charset=utf-8').send(csvStream(pages));
      reply.type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
      return reply.send(xlsxFileStream(pages, 'Portfolio'));
    },
  );
};
