import { isInCustomizeDomain, ZCanCustomize, ZConfig, ZUpsertConfigRequest } from '@impact/domain';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { notFound } from '../../lib/app-error';
import { currentUser } from '../../plugins/authentication';
import { decodeLogo } from './logo';
import { activateConfig, deleteConfig, listConfigs, upsertConfig } from './service';

const tags = ['config'];
const configIdQuery = z.object({ configId: z.uuid() });

export const configRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const { configCache, db, config } = deps;

  // Public: the welcome page needs the branding before anyone signs in.
  app.get(
    '/Config/GetConfig',
    {
      config: { access: 'public' },
      schema: { tags, summary: 'The active branding configuration', response: { 200: ZConfig } },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-cache');
      return configCache.get();
    },
  );

  // Public, for the PDF and any page that prefers a URL to a data: URL. Typed and sanitised on upload.
  app.get(
    '/Config/GetLogo',
    { config: { access: 'public' }, schema: { tags, summary: 'The active logo as an image' } },
    async (_request, reply) => {
      const active = await configCache.get();
      const logo = active.logoBase64 ? decodeLogo(active.logoBase64) : null;
      if (!logo) throw notFound('errors.config.noLogo');
      return (
        reply
          .header('content-type', logo.mime)
          .header('x-content-type-options', 'nosniff')
          // Opened on its own, even a sanitised SVG gets no script and no network.
          .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
          .header('cache-control', 'no-cache')
          .send(logo.bytes)
      );
    },
  );

  app.get(
    '/Config/CanCustomize',
    {
      config: { access: 'user' },
      schema: { tags, summary: 'Whether the caller may brand the site', response: { 200: ZCanCustomize } },
    },
    async (request) => {
      const user = currentUser(request);
      return {
        canCustomize: user.isAdmin && isInCustomizeDomain(user.email, config.customizeEmailDomain),
        domain: config.customizeEmailDomain,
      };
    },
  );

  // Everything below: admins of the customize domain only (403 for any other admin).
  await app.register(async (plain) => {
    const scoped = plain.withTypeProvider<ZodTypeProvider>();

    scoped.get(
      '/Config/GetConfigList',
      {
        config: { access: 'customizer' },
        schema: { tags, summary: 'Every configuration, the active one first', response: { 200: z.array(ZConfig) } },
      },
      () => listConfigs(db),
    );

    scoped.post(
      '/Config/UpsertConfig',
      {
        config: { access: 'customizer' },
        // The logo travels inside the JSON as a data: URL.
        bodyLimit: 3 * 1024 * 1024,
        schema: {
          tags,
          summary: 'Create or update a configuration',
          body: ZUpsertConfigRequest,
          response: { 200: ZConfig },
        },
      },
      async (request) => {
        const saved = await upsertConfig(db, currentUser(request), request.body);
        configCache.invalidate();
        return saved;
      },
    );

    scoped.post(
      '/Config/ActivateConfig',
      {
        config: { access: 'customizer' },
        schema: {
          tags,
          summary: 'Make this configuration the active one',
          querystring: configIdQuery,
          response: { 200: ZConfig },
        },
      },
      async (request) => {
        const active = await activateConfig(db, currentUser(request), request.query.configId);
        configCache.invalidate();
        return active;
      },
    );

    scoped.delete(
      '/Config/DeleteConfig',
      {
        config: { access: 'customizer' },
        schema: { tags, summary: 'Delete a configuration that is not active', querystring: configIdQuery },
      },
      async (request, reply) => {
        await deleteConfig(db, currentUser(request), request.query.configId);
        return reply.status(204).send();
      },
    );
  });
};
