import {
  ZApplicantScreener,
  ZPreviewScreenerRequest,
  ZSaveScreenerRequest,
  ZScreenerAdmin,
  ZScreenings,
  ZScreenRequest,
  ZScreenResult,
} from '@impact/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { requestLanguage } from '../../lib/request-language';
import { currentUser } from '../../plugins/authentication';
import { previewScreener } from './preview';
import { getApplicantScreener, screen } from './screen';
import { getScreenerAdmin, saveScreener } from './screener-store';
import { getScreenings } from './screenings-report';

const tags = ['screening'];
const byCall = z.object({ callId: z.uuid() });

/** A call's eligibility screener: written by admins, answered by applicants before they start (decision 0033). */
export const screeningRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  app.put(
    '/Call/SaveScreener',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: "Save a call's screener (null removes it)",
        body: ZSaveScreenerRequest,
        response: { 200: ZScreenerAdmin },
      },
    },
    (request) => saveScreener(db, currentUser(request), request.body.callId, request.body.screener),
  );

  app.get(
    '/Call/GetScreenerAdmin',
    {
      config: { access: 'admin' },
      schema: { tags, summary: "A call's screener as saved", querystring: byCall, response: { 200: ZScreenerAdmin } },
    },
    (request) => getScreenerAdmin(db, request.query.callId),
  );

  app.post(
    '/Call/PreviewScreener',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'A screener tried on typed answers and organization data (nothing kept)',
        body: ZPreviewScreenerRequest,
        response: { 200: ZScreenResult },
      },
    },
    (request) =>
      previewScreener(request.body.screener, request.body.answers, request.body.org, requestLanguage(request)),
  );

  app.get(
    '/Call/GetScreenings',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: "A call's screenings: figures and every attempt with its answers",
        querystring: byCall,
        response: { 200: ZScreenings },
      },
    },
    (request) => getScreenings(db, request.query.callId, requestLanguage(request)),
  );

  app.get(
    '/Call/GetScreener',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: "The call's screener to answer, and the selected organization's latest result",
        querystring: byCall,
        response: { 200: ZApplicantScreener },
      },
    },
    (request) =>
      getApplicantScreener(
        db,
        currentUser(request),
        request.organizationId,
        request.query.callId,
        requestLanguage(request),
      ),
  );

  app.post(
    '/Call/Screen',
    {
      // A person answers a screener a few times; its judging runs on a thread of its own (survey-check-pool.ts).
      config: { access: 'user', rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: "The selected organization's screening answers, judged and kept",
        body: ZScreenRequest,
        response: { 200: ZScreenResult },
      },
    },
    (request) =>
      screen(
        db,
        currentUser(request),
        request.organizationId,
        request.organizationRole,
        request.body,
        requestLanguage(request),
      ),
  );
};
