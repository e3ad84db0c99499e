import { Readable } from 'node:stream';
import fastifyEtag from '@fastify/etag';
import {
  NEXT_CURSOR_HEADER,
  SUBMISSIONS_PAGE_SIZE,
  TOTAL_COUNT_HEADER,
  ZCloseSubmissionRequest,
  ZStepResult,
  ZSubmission,
  ZSubmissionListItem,
  ZSubmissionsQuery,
  ZUpsertStepResultRequest,
  ZUpsertSubmissionRequest,
  ZUpsertSubmissionResponse,
  ZUserCall,
  ZUserCallListItem,
  ZUserCallListQuery,
} from '@impact/domain';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { requestLanguage } from '../../lib/request-language';
import { currentUser } from '../../plugins/authentication';
import {
  allSubmissionsJson,
  countSubmissions,
  deleteSubmission,
  listSubmissions,
  reopenSubmission,
} from './admin-service';
import { closeSubmission, closingFor } from './close';
import { getCallForUser, getStepResult, getSubmission, upsertStepResult, upsertSubmission } from './service';
import { callListPage, callListTag } from './user-call-list';

const tags = ['submissions'];

/** Applicants: their calls, their submissions, their answers. */
export const submissionRoutes: FastifyPluginAsyncZod<AppDeps> = async (
  app,
  { db, database, stepCache, configCache, stepSaves, config },
) => {
  // This app's Submit: its queue and per-person limit live as long as the app.
  const closing = closingFor(database, { branding: () => configCache.get(), publicUrl: config.publicUrl });
  // The list's own ETag (from the database's counters) and its 304: @fastify/etag, for this route
  // alone (the other answers would each be hashed), compares If-None-Match with the tag the handler
  // sets; a revalidation answers 304 before the page is read at all.
  await app.register(async (scope) => {
    await scope.register(fastifyEtag, { weak: true });
    scope.withTypeProvider<ZodTypeProvider>().get(
      '/Call/GetCallListUser',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: 'The calls this user may see (without steps), open first; paged with page/pageSize',
          querystring: ZUserCallListQuery,
          response: { 200: z.array(ZUserCallListItem), 304: z.null() },
        },
      },
      async (request, reply) => {
        const user = currentUser(request);
        const language = requestLanguage(request);
        const now = new Date();
        // Stored by the browser alone (private) and asked again with If-None-Match each time. The
        // tag names whose page it is (address, organization, page) and its language, so Vary need
        // not name the Authorization header: a renewed access token still revalidates.
        reply.header('cache-control', 'private, no-cache').header('vary', 'accept-encoding, accept-language');
        const asked = request.headers['if-none-match'];
        if (asked) {
          // A revalidation reads only what the tag is made of (decision 0023).
          const tag = await callListTag(db, user, request.organizationId, language, request.query, now);
          if (asked === tag) return reply.code(304).header('etag', tag).send(null);
        }
        const page = await callListPage(db, user, request.organizationId, language, request.query, now);
        reply.header('etag', page.tag).header(TOTAL_COUNT_HEADER, page.total);
        return page.items;
      },
    );
  });

  app.get(
    '/Call/GetCallById',
    {
      config: { access: 'user' },
      schema: { tags, querystring: z.object({ callId: z.uuid() }), response: { 200: ZUserCall } },
    },
    async (request) =>
      getCallForUser(db, currentUser(request), request.query.callId, request.organizationId, requestLanguage(request)),
  );

  app.post(
    '/Call/UpsertCallSubmission',
    {
      config: { access: 'user', owns: 'organizationId' },
      schema: { tags, body: ZUpsertSubmissionRequest, response: { 200: ZUpsertSubmissionResponse } },
    },
    async (request) =>
      upsertSubmission(
        db,
        currentUser(request),
        request.body.callId,
        request.body.organizationId ?? request.organizationId,
        requestLanguage(request),
      ),
  );

  app.get(
    '/Call/GetSubmissionByID',
    {
      config: { access: 'user', owns: 'submissionId' },
      schema: { tags, querystring: z.object({ submissionId: z.uuid() }), response: { 200: ZSubmission } },
    },
    async (request) => getSubmission(db, currentUser(request), request.query.submissionId),
  );

  app.post(
    '/Call/UpsertCallStepResult',
    {
      config: { access: 'user', owns: 'callSubmissionId' },
      schema: { tags, body: ZUpsertStepResultRequest, response: { 200: ZStepResult } },
    },
    async (request) => {
      const saved = await upsertStepResult(db, stepCache, currentUser(request), request.body, {
        told: (rewritten) => stepSaves.saved(rewritten),
      });
      stepSaves.saved({ submissionId: request.body.callSubmissionId, stepId: saved.stepId, version: saved.version });
      return saved;
    },
  );

  app.get(
    '/Call/GetStepResult',
    {
      config: { access: 'user', owns: 'submissionId' },
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
    {
      config: { access: 'user', owns: 'submissionId' },
      schema: { tags, body: ZCloseSubmissionRequest, response: { 200: ZUpsertSubmissionResponse } },
    },
    async (request) =>
      closeSubmission(
        closing,
        currentUser(request),
        request.body.submissionId,
        new Date(),
        request.body.language ?? requestLanguage(request),
      ),
  );
};

/** Admins: every submission, reopen and delete. */
export const submissionAdminRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, storage }) => {
  app.get(
    '/Call/GetSubmissions',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary:
          'Submissions, newest first, filtered; keyset-paged with limit/cursor (total and next cursor in headers)',
        querystring: ZSubmissionsQuery,
        response: { 200: z.array(ZSubmissionListItem) },
      },
    },
    async (request, reply) => {
      const q = request.query;
      const filters = {
        callId: q.callId,
        closed: q.closed === undefined ? undefined : q.closed === 'true',
        status: q.status,
        outcome: q.outcome,
        stage: q.stage === undefined ? undefined : q.stage === '2' ? (2 as const) : (1 as const),
        search: q.search,
        from: q.from ? new Date(q.from) : undefined,
        to: q.to ? new Date(q.to) : undefined,
      };
      if (q.limit === undefined && q.cursor === undefined) {
        // The whole list (SPEC 7), streamed: the items are built in the contract's shape by
        // listSubmissions, as for a page (the server tests check both against ZSubmissionListItem).
        reply.header(TOTAL_COUNT_HEADER, await countSubmissions(db, filters));
        return reply
          .type('application/json; charset=utf-8')
          .send(Readable.from(allSubmissionsJson(db, filters)) as never); // a stream bypasses the typed serializer
      }
      const { items, total, nextCursor } = await listSubmissions(db, filters, {
        limit: q.limit ?? SUBMISSIONS_PAGE_SIZE,
        cursor: q.cursor,
      });
      reply.header(TOTAL_COUNT_HEADER, total);
      if (nextCursor) reply.header(NEXT_CURSOR_HEADER, nextCursor);
      return items;
    },
  );

  app.get(
    '/Call/GetSubmissionByIDAdmin',
    {
      config: { access: 'admin' },
      schema: { tags, querystring: z.object({ submissionId: z.uuid() }), response: { 200: ZSubmission } },
    },
    async (request) => getSubmission(db, currentUser(request), request.query.submissionId, true),
  );

  app.post(
    '/CallSubmission/ReOpenSubmission',
    { config: { access: 'admin' }, schema: { tags, querystring: z.object({ submissionId: z.uuid() }) } },
    async (request, reply) => {
      await reopenSubmission(db, currentUser(request), request.query.submissionId);
      return reply.status(204).send();
    },
  );

  app.post(
    '/CallSubmission/DeleteSubmission',
    { config: { access: 'admin' }, schema: { tags, querystring: z.object({ submissionId: z.uuid() }) } },
    async (request, reply) => {
      await deleteSubmission(db, storage, currentUser(request), request.query.submissionId);
      return reply.status(204).send();
    },
  );
};
