import { ZEmailAudience, ZRecipientCount, ZSendEmailRequest, ZSendEmailResponse } from '@impact/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { currentUser } from '../../plugins/authentication';
import { countRecipients, sendEmailToApplicants } from './service';

const tags = ['email'];

/** Administrators write to the applicants of a call (SPEC 7 SendEmail/SendEmail). */
export const sendEmailRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, configCache }) => {
  app.get(
    '/SendEmail/GetRecipientCount',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'How many applicants an e-mail would reach',
        querystring: z.object({ callId: z.uuid(), audience: ZEmailAudience }),
        response: { 200: ZRecipientCount },
      },
    },
    async (request) => ({ count: await countRecipients(db, request.query.callId, request.query.audience) }),
  );

  app.post(
    '/SendEmail/SendEmail',
    {
      config: { access: 'admin' },
      bodyLimit: 256 * 1024,
      schema: {
        tags,
        summary: "Queue an e-mail to a call's applicants, one mail per recipient",
        body: ZSendEmailRequest,
        response: { 200: ZSendEmailResponse },
      },
    },
    async (request) => {
      const { name } = await configCache.get();
      return sendEmailToApplicants(db, currentUser(request), request.body, name);
    },
  );
};
