import {
  ZAddStepCommentRequest,
  ZProblem,
  ZResolveStepCommentRequest,
  ZStepComments,
  ZStepCommentsQuery,
} from '@impact/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { currentUser } from '../../plugins/authentication';
import { getStepComments } from './read';
import { addStepComment, resolveStepComment } from './write';

const tags = ['comments'];
const problems = { 400: ZProblem, 401: ZProblem, 403: ZProblem, 404: ZProblem, 409: ZProblem };

/** The team's comments on a step of its draft: members only (any role); admins and reviewers get 404. */
export const commentRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, config }) => {
  app.get(
    '/Call/GetStepComments',
    {
      config: { access: 'user', owns: 'submissionId' },
      schema: {
        tags,
        summary: "A step's comment threads (with stepId) and every step's count of open threads",
        querystring: ZStepCommentsQuery,
        response: { 200: ZStepComments, ...problems },
      },
    },
    async (request) => getStepComments(db, currentUser(request), request.query),
  );

  app.post(
    '/Call/AddStepComment',
    {
      // Each comment may mail the members it mentions: bounded per address.
      config: { access: 'user', owns: 'submissionId', rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'A new thread on a step, or a reply (parentId); mentioned members are told by e-mail',
        body: ZAddStepCommentRequest,
        response: { 200: z.object({ id: z.uuid() }), ...problems },
      },
    },
    async (request) => addStepComment(db, currentUser(request), request.body, config.publicUrl),
  );

  app.post(
    '/Call/ResolveStepComment',
    {
      config: { access: 'user', owns: 'commentId' },
      schema: {
        tags,
        summary: 'Resolve or reopen the thread the comment belongs to',
        body: ZResolveStepCommentRequest,
        response: { 204: z.null(), ...problems },
      },
    },
    async (request, reply) => {
      await resolveStepComment(db, currentUser(request), request.body);
      return reply.status(204).send(null);
    },
  );
};
