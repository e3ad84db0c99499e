import multipart from '@fastify/multipart';
import {
  issueToFieldError,
  MESSAGE_FILE_MAX_BYTES,
  MESSAGE_FILES_MAX,
  ZMarkReadRequest,
  ZMessageFileQuery,
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
import { invalid } from '../../lib/app-error';
import { currentUser } from '../../plugins/authentication';
import { deleteStored } from '../files/storage';
import { sendStoredFile } from '../files/storage/send';
import { messageFileFor, receiveMessageParts } from './attachments';
import { getMessages, markRead, sendMessage, unreadCounts } from './service';

const tags = ['conversation'];
const problems = { 400: ZProblem, 401: ZProblem, 403: ZProblem, 404: ZProblem };

/**
 * An application's conversation between its team and the funder (decision 0037): the team's
 * members (owners and editors write, viewers read) and administrators; reviewers and everyone else
 * get 404.
 */
export const conversationRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, config, storage }) => {
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

  // Attachments arrive as multipart (decision 0037, addendum); a file past its limit ends cut
  // short (`truncated`) and the service answers 413; more files than allowed is a 400.
  await app.register(multipart, {
    throwFileSizeLimit: false,
    limits: { fileSize: MESSAGE_FILE_MAX_BYTES, files: MESSAGE_FILES_MAX + 1, fields: 4, fieldSize: 64 * 1024 },
  });

  app.post(
    '/Conversation/SendMessage',
    {
      // Each message may mail the other side: bounded per address.
      config: { access: 'user', owns: 'submissionId', rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary:
          'A message to the other side; they are told by e-mail (at most one mail per person every 10 minutes). JSON, or multipart with submissionId, text, then files (typed by their bytes)',
        // No body schema: a multipart body would fail it. JSON is validated below, multipart by the
        // service as its parts arrive.
        response: { 200: z.object({ id: z.uuid() }), ...problems },
      },
    },
    async (request) => {
      const user = currentUser(request);
      if (request.isMultipart()) {
        const received = await receiveMessageParts(db, storage, user, request.parts());
        try {
          return await sendMessage(db, user, received, config.publicUrl, received.files);
        } catch (err) {
          await deleteStored(storage, received.files);
          throw err;
        }
      }
      const body = ZSendMessageRequest.safeParse(request.body);
      if (!body.success) throw invalid(body.error.issues.map(issueToFieldError));
      return sendMessage(db, user, body.data, config.publicUrl);
    },
  );

  app.get(
    '/Conversation/GetFile',
    {
      config: { access: 'user', owns: 'fileId' },
      schema: {
        tags,
        summary: "A message's attached file, for who may read the conversation",
        querystring: ZMessageFileQuery,
      },
    },
    async (request, reply) => {
      const file = await messageFileFor(db, currentUser(request), request.query.fileId);
      return sendStoredFile(reply, storage, file);
    },
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
