import { ZConfig } from '@impact/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app';

export const configRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { configCache }) => {
  // Public: the welcome page needs the branding before anyone signs in.
  app.get(
    '/Config/GetConfig',
    {
      schema: {
        tags: ['config'],
        summary: 'The active branding configuration',
        response: { 200: ZConfig },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-cache');
      return configCache.get();
    },
  );
};
