import {
  ZAssignmentRow,
  ZAssignRequest,
  ZAutoAssignRequest,
  ZAutoAssignResponse,
  ZDeclareConflictRequest,
  ZInviteReviewerRequest,
  ZLanguage,
  ZMyAssignment,
  ZOtherReview,
  ZRankingExportQuery,
  ZRankingQuery,
  ZRankingRow,
  ZRecordDecisionsRequest,
  ZRecordDecisionsResponse,
  ZReviewDraft,
  ZReviewer,
  ZReviewWorkspace,
  ZRubric,
  ZRubricResponse,
  ZSaveReviewRequest,
  ZSubmitReviewRequest,
} from '@impact/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { attachmentDisposition } from '../../lib/file-names';
import { requestLanguage } from '../../lib/request-language';
import { currentUser } from '../../plugins/authentication';
import { sendStoredFile } from '../files/storage/send';
import { sendPdf } from '../pdf/send-pdf';
import { csvStream, xlsxFileStream } from '../reports/export-files';
import { exportLanguage } from '../reports/export-words';
import { assignReviewer, autoAssign, listAssignments, unassignReviewer } from './assignments';
import { recordDecisions } from './decisions';
import { ranking, rankingPages } from './ranking';
import { inviteReviewer, listReviewers } from './reviewers';
import { declareConflict, otherReviews, saveReview, submitReview } from './reviewing';
import { getRubric, saveRubric } from './rubric';
import { getReviewFile, getReviewPdf, getWorkspace, myAssignments } from './workspace';

const tags = ['review'];
const byCall = z.object({ callId: z.uuid() });
const stageOf = (stage: '1' | '2' | undefined) => (stage === undefined ? undefined : Number(stage));
const byAssignment = z.object({ assignmentId: z.uuid() });

/** Review, the admin's side: rubric, reviewers, assignments, ranking, decisions. */
export const reviewAdminRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, config }) => {
  app.get(
    '/Review/GetRubric',
    { config: { access: 'admin' }, schema: { tags, querystring: byCall, response: { 200: ZRubricResponse } } },
    (request) => getRubric(db, request.query.callId),
  );
  app.put(
    '/Review/SaveRubric',
    { config: { access: 'admin' }, schema: { tags, body: ZRubric, response: { 200: ZRubricResponse } } },
    (request) => saveRubric(db, currentUser(request), request.body),
  );
  app.get(
    '/Review/GetReviewers',
    { config: { access: 'admin' }, schema: { tags, querystring: byCall, response: { 200: z.array(ZReviewer) } } },
    (request) => listReviewers(db, request.query.callId),
  );
  app.post(
    '/Review/InviteReviewer',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Invites by e-mail (once per address and call)',
        body: ZInviteReviewerRequest,
        response: { 200: z.array(ZReviewer) },
      },
    },
    (request) => inviteReviewer(db, currentUser(request), request.body, config.publicUrl),
  );
  app.get(
    '/Review/GetAssignments',
    { config: { access: 'admin' }, schema: { tags, querystring: byCall, response: { 200: z.array(ZAssignmentRow) } } },
    (request) => listAssignments(db, request.query.callId),
  );
  app.post(
    '/Review/Assign',
    { config: { access: 'admin' }, schema: { tags, body: ZAssignRequest, response: { 200: z.array(ZAssignmentRow) } } },
    (request) => assignReviewer(db, currentUser(request), request.body),
  );
  app.post(
    '/Review/Unassign',
    {
      config: { access: 'admin' },
      schema: { tags, querystring: byAssignment, response: { 200: z.array(ZAssignmentRow) } },
    },
    (request) => unassignReviewer(db, currentUser(request), request.query.assignmentId),
  );
  app.post(
    '/Review/AutoAssign',
    { config: { access: 'admin' }, schema: { tags, body: ZAutoAssignRequest, response: { 200: ZAutoAssignResponse } } },
    (request) => autoAssign(db, currentUser(request), request.body.callId),
  );
  app.get(
    '/Review/GetRanking',
    {
      config: { access: 'admin' },
      schema: { tags, querystring: ZRankingQuery, response: { 200: z.array(ZRankingRow) } },
    },
    async (request) => (await ranking(db, request.query.callId, stageOf(request.query.stage))).rows,
  );
  app.get(
    '/Review/ExportRanking',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'The ranking as CSV or XLSX',
        // `lang`: the headers' and words' language, whoever asks (docs/INTEGRATIONS.md).
        querystring: ZRankingExportQuery.extend({ lang: ZLanguage.optional() }),
      },
    },
    async (request, reply) => {
      const { callName, rows } = await ranking(db, request.query.callId, stageOf(request.query.stage));
      const format = request.query.format;
      const pages = rankingPages(rows, exportLanguage(request, request.query.lang));
      reply.header('cache-control', 'no-store');
      reply.header('content-disposition', attachmentDisposition(`${callName} - ranking.${format}`, 'ranking'));
      if (format === 'csv') return reply.type('text/csv; charset=utf-8').send(csvStream(pages));
      reply.type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
      return reply.send(xlsxFileStream(pages, callName));
    },
  );
  app.post(
    '/Review/RecordDecisions',
    {
      config: { access: 'admin' },
      schema: { tags, body: ZRecordDecisionsRequest, response: { 200: ZRecordDecisionsResponse } },
    },
    (request) => recordDecisions(db, currentUser(request), request.body),
  );
};

/**
 * Review, the reviewer's side. Any signed-in user may ask; each answer is scoped to the
 * caller's own assignments (404 for every other id), redacted under blind review.
 */
export const reviewerRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, storage }) => {
  app.get(
    '/Review/GetMyAssignments',
    { config: { access: 'user' }, schema: { tags, response: { 200: z.array(ZMyAssignment) } } },
    (request) => myAssignments(db, currentUser(request), requestLanguage(request)),
  );
  app.post(
    '/Review/DeclareConflict',
    { config: { access: 'user', owns: 'assignmentId' }, schema: { tags, body: ZDeclareConflictRequest } },
    async (request, reply) => {
      await declareConflict(db, currentUser(request), request.body);
      return reply.status(204).send();
    },
  );
  app.get(
    '/Review/GetReviewWorkspace',
    {
      config: { access: 'user', owns: 'assignmentId' },
      schema: { tags, querystring: byAssignment, response: { 200: ZReviewWorkspace } },
    },
    (request) => getWorkspace(db, currentUser(request), request.query.assignmentId, requestLanguage(request)),
  );
  app.get(
    '/Review/GetReviewFile',
    {
      config: { access: 'user', owns: 'assignmentId' },
      schema: { tags, querystring: z.object({ assignmentId: z.uuid(), downloadId: z.uuid() }) },
    },
    async (request, reply) => {
      const file = await getReviewFile(db, currentUser(request), request.query.assignmentId, request.query.downloadId);
      return sendStoredFile(reply, storage, file);
    },
  );
  app.get(
    '/Review/GetReviewPdf',
    {
      config: { access: 'user', owns: 'assignmentId' },
      schema: { tags, querystring: z.object({ assignmentId: z.uuid(), lang: ZLanguage.optional() }) },
    },
    async (request, reply) => {
      const { assignmentId, lang } = request.query;
      return sendPdf(reply, await getReviewPdf(db, storage, currentUser(request), assignmentId, lang), 'review.pdf');
    },
  );
  app.put(
    '/Review/SaveReview',
    {
      config: { access: 'user', owns: 'assignmentId' },
      schema: { tags, body: ZSaveReviewRequest, response: { 200: ZReviewDraft } },
    },
    (request) => saveReview(db, currentUser(request), request.body),
  );
  app.post(
    '/Review/SubmitReview',
    {
      config: { access: 'user', owns: 'assignmentId' },
      schema: { tags, body: ZSubmitReviewRequest, response: { 200: ZReviewDraft } },
    },
    (request) => submitReview(db, currentUser(request), request.body),
  );
  app.get(
    '/Review/GetOtherReviews',
    {
      config: { access: 'user', owns: 'assignmentId' },
      schema: { tags, querystring: byAssignment, response: { 200: z.array(ZOtherReview) } },
    },
    (request) => otherReviews(db, currentUser(request), request.query.assignmentId),
  );
};
