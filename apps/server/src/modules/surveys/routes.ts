import {
  STEP_RESULT_BY_CALL_PAGE_SIZE,
  SURVEY_TYPE_PAGE_SIZE,
  TOTAL_COUNT_HEADER,
  ZCreateSurveyTypeRequest,
  ZLanguage,
  ZStepResultByCallItem,
  ZStepResultByCallQuery,
  ZSubmissionResults,
  ZSurveyType,
  ZSurveyTypeListItem,
  ZSurveyTypeListQuery,
  ZUpdateSurveyTypeRequest,
} from '@impact/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { currentUser } from '../../plugins/authentication';
import { submissionResults } from './results';
import { createSurveyType, getSurveyType, listSurveyTypes, updateSurveyType } from './service';
import { stepResultsByCall } from './step-results-by-call';

const tags = ['surveys'];

/** Applicants: the results of their own submission (hidden while the call is locked). */
export const surveyRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  app.get(
    '/Call/GetSubmissionResults',
    {
      config: { access: 'user', owns: 'submissionId' },
      schema: {
        tags,
        summary: 'Score ranges of the impact steps and quiz recaps, computed by the server',
        querystring: z.object({ submissionId: z.uuid(), lang: ZLanguage.optional() }),
        response: { 200: ZSubmissionResults },
      },
    },
    async (request) =>
      submissionResults(db, currentUser(request), request.query.submissionId, request.query.lang ?? 'it'),
  );
};

/** Admins: survey types (SPEC 7 SJSurvey/*) and one step's answers across a call. */
export const surveyAdminRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  app.post(
    '/SJSurvey/CreateSurveyType',
    { config: { access: 'admin' }, schema: { tags, body: ZCreateSurveyTypeRequest, response: { 200: ZSurveyType } } },
    async (request) => createSurveyType(db, currentUser(request), request.body),
  );

  app.put(
    '/SJSurvey/UpdateSurveyType',
    { config: { access: 'admin' }, schema: { tags, body: ZUpdateSurveyTypeRequest, response: { 200: ZSurveyType } } },
    async (request) => updateSurveyType(db, currentUser(request), request.body),
  );

  app.get(
    '/SJSurvey/GetSurveyTypes',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Survey types by name, paged with page/pageSize (total in X-Total-Count)',
        querystring: ZSurveyTypeListQuery,
        response: { 200: z.array(ZSurveyTypeListItem) },
      },
    },
    async (request, reply) => {
      const { page = 1, pageSize = SURVEY_TYPE_PAGE_SIZE } = request.query;
      const { items, total } = await listSurveyTypes(db, page, pageSize);
      reply.header(TOTAL_COUNT_HEADER, total);
      return items;
    },
  );

  app.get(
    '/SJSurvey/GetSurveyType',
    {
      config: { access: 'admin' },
      schema: { tags, querystring: z.object({ id: z.uuid() }), response: { 200: ZSurveyType } },
    },
    async (request) => getSurveyType(db, request.query.id),
  );

  app.get(
    '/Call/GetStepResultByCall',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: "Every submission's answer to one step of a call, paged with page/pageSize (total in X-Total-Count)",
        querystring: ZStepResultByCallQuery,
        response: { 200: z.array(ZStepResultByCallItem) },
      },
    },
    async (request, reply) => {
      const { callId, StepId, page = 1, pageSize = STEP_RESULT_BY_CALL_PAGE_SIZE } = request.query;
      const { items, total } = await stepResultsByCall(db, { callId, stepId: StepId, page, pageSize });
      reply.header(TOTAL_COUNT_HEADER, total);
      return items;
    },
  );
};
