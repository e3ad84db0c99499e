import {
  ZCloseSubmissionRequest,
  ZStepResult,
  ZSubmission,
  ZSubmissionListItem,
  ZUpsertStepResultRequest,
  ZUpsertSubmissionRequest,
  ZUpsertSubmissionResponse,
  ZUserCall,
} from '@impact/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app';
import { currentUser, requireAdmin, requireUser } from '../../plugins/authentication';
import { deleteSubmission, listSubmissions, reopenSubmission } from './admin-service';
import {
  closeSubmission,
  getCallForUser,
  getStepResult,
  getSubmission,
  listCallsForUser,
  upsertStepResult,
  upsertSubmission,
} from './service';

const tags = ['submissions'];

/** Applicants: their calls, their submissions, their answers. */
export const submissionRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  app.addHook('onRequest', requireUser);

  app.get('/Call/GetCallListUser', { schema: { tags, response: { 200: z.array(ZUserCall) } } }, async (request) =>
    listCallsForUser(db, currentUser(request), request.organizationId),
  );

  app.get(
    '/Call/GetCallById',
    { schema: { tags, querystring: z.object({ callId: z.uuid() }), response: { 200: ZUserCall } } },
    async (request) => getCallForUser(db, currentUser(request), request.query.callId, request.organizationId),
  );

  app.post(
    '/Call/UpsertCallSubmission',
    { schema: { tags, body: ZUpsertSubmissionRequest, response: { 200: ZUpsertSubmissionResponse } } },
    async (request) =>
      upsertSubmission(
        db,
        currentUser(request),
        request.body.callId,
        request.body.organizationId ?? request.organizationId,
      ),
  );

  app.get(
    '/Call/GetSubmissionByID',
    { schema: { tags, querystring: z.object({ submissionId: z.uuid() }), response: { 200: ZSubmission } } },
    async (request) => getSubmission(db, currentUser(request), request.query.submissionId),
  );

  app.post(
    '/Call/UpsertCallStepResult',
    { schema: { tags, body: ZUpsertStepResultRequest, response: { 200: ZStepResult } } },
    async (request) => upsertStepResult(db, currentUser(request), request.body),
  );

  app.get(
    '/Call/GetStepResult',
    {
      schema: {
        tags,
        querystring: z.object({ submissionId: z.uuid(), StepId: z.uuid() }),
        response: { 200: ZStepResult },
      },
    },
    async (request) => getStepResult(db, currentUser(request), request.query.submissionId, request.query.StepId),
  );

  app.post(
    '/Call/CloseCallSubmission',
    { schema: { tags, body: ZCloseSubmissionRequest, response: { 200: ZUpsertSubmissionResponse } } },
    async (request) => closeSubmission(db, currentUser(request), request.body.submissionId),
  );
};

/** Admins: every submission, reopen and delete. */
export const submissionAdminRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  app.addHook('onRequest', requireAdmin);

  app.get(
    '/Call/GetSubmissions',
    {
      schema: {
        tags,
        querystring: z.object({ callId: z.uuid().optional(), closed: z.enum(['true', 'false']).optional() }),
        response: { 200: z.array(ZSubmissionListItem) },
      },
    },
    async (request) =>
      listSubmissions(db, {
        callId: request.query.callId,
        closed: request.query.closed === undefined ? undefined : request.query.closed === 'true',
      }),
  );

  app.get(
    '/Call/GetSubmissionByIDAdmin',
    { schema: { tags, querystring: z.object({ submissionId: z.uuid() }), response: { 200: ZSubmission } } },
    async (request) => getSubmission(db, currentUser(request), request.query.submissionId, true),
  );

  app.post(
    '/CallSubmission/ReOpenSubmission',
    { schema: { tags, querystring: z.object({ submissionId: z.uuid() }) } },
    async (request, reply) => {
      await reopenSubmission(db, request.query.submissionId);
      return reply.status(204).send();
    },
  );

  app.post(
    '/CallSubmission/DeleteSubmission',
    { schema: { tags, querystring: z.object({ submissionId: z.uuid() }) } },
    async (request, reply) => {
      await deleteSubmission(db, request.query.submissionId);
      return reply.status(204).send();
    },
  );
};
