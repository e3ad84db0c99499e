import { ZProblem, ZRestoreStepVersionRequest, ZStepHistory, ZStepHistoryQuery, ZStepResult } from '@impact/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps';
import { currentUser } from '../../plugins/authentication';
import { restoreStepVersion } from './restore-version';
import { getStepHistory } from './step-history';

const tags = ['submissions'];
const problems = { 400: ZProblem, 401: ZProblem, 403: ZProblem, 404: ZProblem };

/** A step's version history, for the members of the submission's organization (docs/decisions/0030). */
export const stepHistoryRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, stepCache, stepSaves }) => {
  app.get(
    '/Call/GetStepResultHistory',
    {
      config: { access: 'user', owns: 'submissionId' },
      schema: {
        tags,
        summary: "A step's saved versions (newest first) and its Submits as milestones; any member",
        querystring: ZStepHistoryQuery,
        response: { 200: ZStepHistory, ...problems },
      },
    },
    async (request) => {
      const { submissionId, StepId, stepId } = request.query;
      return getStepHistory(db, currentUser(request), submissionId, (StepId ?? stepId) as string);
    },
  );

  app.post(
    '/Call/RestoreStepResultVersion',
    {
      // Each restore adds a whole version to the history: bounded per address.
      config: { access: 'user', owns: 'submissionId', rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'Save a kept version again as the newest one (owners and editors, while writable)',
        body: ZRestoreStepVersionRequest,
        response: { 200: ZStepResult, 409: ZProblem, ...problems },
      },
    },
    async (request) => {
      const restored = await restoreStepVersion(db, stepCache, currentUser(request), request.body, {
        told: (rewritten) => stepSaves.saved(rewritten),
      });
      stepSaves.saved({ submissionId: request.body.submissionId, stepId: restored.stepId, version: restored.version });
      return restored;
    },
  );
};
