import { ZJob, ZJobsPage, ZJobsQuery, ZProblem, ZRetryJobRequest } from '@impact/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps';
import { currentUser } from '../../plugins/authentication';
import { listJobs, retryJob } from './service';

const tags = ['jobs'];
const problems = { 400: ZProblem, 401: ZProblem, 403: ZProblem, 404: ZProblem, 409: ZProblem };

/** The admin jobs page (/admin/jobs; decision 0040): the background jobs, and a failed one run again. */
export const jobRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, jobQueue }) => {
  app.get(
    '/Jobs/GetJobs',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Background jobs, newest first, filtered by state and name, paged',
        querystring: ZJobsQuery,
        response: { 200: ZJobsPage, ...problems },
      },
    },
    (request) => listJobs(db, request.query),
  );

  app.post(
    '/Jobs/Retry',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Runs a failed background job again',
        body: ZRetryJobRequest,
        response: { 200: ZJob, ...problems },
      },
    },
    (request) => retryJob(db, jobQueue, currentUser(request), request.body.id),
  );
};
