import {
  ZChangeRequest,
  ZChangeRequests,
  ZChangeRequestsQuery,
  ZProblem,
  ZRequestChangesRequest,
  ZWithdrawChangeRequestRequest,
} from '@impact/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps';
import { currentUser } from '../../plugins/authentication';
import { listChangeRequests, requestChanges, withdrawChangeRequest } from './service';

const tags = ['change-requests'];
const problems = { 400: ZProblem, 401: ZProblem, 403: ZProblem, 404: ZProblem, 409: ZProblem };

/** Requests for changes on a submitted application (docs/decisions/0039-request-changes.md). */
export const changeRequestRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, config }) => {
  app.post(
    '/CallSubmission/RequestChanges',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary:
          'Reopens the named steps of a submitted application until dueAt, with a message in its conversation and a mail',
        body: ZRequestChangesRequest,
        response: { 200: ZChangeRequest, ...problems },
      },
    },
    (request) => requestChanges(db, currentUser(request), request.body, config.publicUrl),
  );
  app.post(
    '/CallSubmission/WithdrawChangeRequest',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Ends an open request for changes: its steps are read-only again',
        body: ZWithdrawChangeRequestRequest,
        response: { 200: ZChangeRequest, ...problems },
      },
    },
    (request) => withdrawChangeRequest(db, currentUser(request), request.body.requestId),
  );
  app.get(
    '/CallSubmission/GetChangeRequests',
    {
      config: { access: 'user', owns: 'submissionId' },
      schema: {
        tags,
        summary: "A submission's requests for changes, newest first (its members and administrators)",
        querystring: ZChangeRequestsQuery,
        response: { 200: ZChangeRequests, ...problems },
      },
    },
    (request) => listChangeRequests(db, currentUser(request), request.query.submissionId),
  );
};
