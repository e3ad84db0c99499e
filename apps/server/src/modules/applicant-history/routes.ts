import { ZApplicantHistory, ZApplicantHistoryQuery, ZProblem } from '@impact/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps';
import { requestLanguage } from '../../lib/request-language';
import { applicantHistory } from './history';

const problems = { 400: ZProblem, 401: ZProblem, 403: ZProblem, 404: ZProblem };

/** What the funder already knows of an applicant (docs/decisions/0060-applicant-history.md). */
export const applicantHistoryRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  app.get(
    '/CallSubmission/GetApplicantHistory',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['submissions'],
        summary:
          "The submitting organization's other applications and decisions, its grants, and the organizations that look like the same body",
        querystring: ZApplicantHistoryQuery,
        response: { 200: ZApplicantHistory, ...problems },
      },
    },
    (request) => applicantHistory(db, request.query.submissionId, requestLanguage(request)),
  );
};
