import {
  ZMarkReadRequest,
  ZMessages,
  ZMessagesQuery,
  ZProblem,
  ZSendMessageRequest,
  ZUnreadCounts,
  ZUnreadCountsQuery,
} from '@impact/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { currentUser } from '../../plugins/authentication';
import { getMessages, markRead, sendMessage, unreadCounts } from './service';

const tags = ['conversation'];
const problems = { 400: ZProblem, 401: ZProblem, 403: ZProblem, 404: ZProblem };

/**
 * An application's conversation between its team and the funder (decision 0037): the team's
 * members (owners and editors write, viewers read) and administrators; reviewers and everyone else
 * get 404.
 */
export const conversationRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, config }) => {
  app.get(
    '/Conversation/GetMessages',
    {
      config: { access: 'user', owns: 'submissionId' },
      schema: {
        tags,
        summary: "The application's messages, oldest first, and how many the reader has not read",
        querystring: ZMessagesQuery,
        response: { 200: ZMessages, ...problems },
      },
    },
    async (request) => getMessages(db, currentUser(request), request.query.submissionId),
  );

  app.post(
    '/Conversation/SendMessage',
    {
      // Each message may mail the other side: bounded per address.
      config: { access: 'user', owns: 'submissionId', rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'A message to the other side; they are told by e-mail (at most one mail per person every 10 minutes)',
        body: ZSendMessageRequest,
        response: { 200: z.object({ id: z.uuid() }), ...problems },
      },
    },
    async (request) => sendMessage(db, currentUser(request), request.body, config.publicUrl),
  );

  app.post(
    '/Conversation/MarkRead',
    {
      config: { access: 'user', owns: 'submissionId' },
      schema: {
        tags,
        summary: 'Everything in the conversation up to now is read (for the caller)',
        body: ZMarkReadRequest,
        response: { 204: z.null(), ...problems },
      },
    },
    async (request, reply) => {
      await markRead(db, currentUser(request), request.body.submissionId);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/Conversation/GetUnreadCounts',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary:
          "Unread messages per application: the selected organization's (X-Organization-Id), or with callId an administrator's view of that call",
        querystring: ZUnreadCountsQuery,
        response: { 200: ZUnreadCounts, ...problems },
      },
    },
    async (request) =>
      unreadCounts(db, currentUser(request), {
        organizationId: request.organizationId,
        callId: request.query.callId,
        scope: request.query.scope,
      }),
  );
};
