import { randomUUID } from 'node:crypto';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppConfig } from './config';
import type { Database, Db } from './db/client';
import { getOrCreateSecret, randomSecret } from './lib/secrets';
import { AccessTokens } from './modules/auth/access-tokens';
import { registerIdentity } from './modules/auth/register-identity';
import { callAdminRoutes } from './modules/calls/routes';
import { ActiveConfigCache } from './modules/config/active-config-cache';
import { configRoutes } from './modules/config/routes';
import { devOutboxRoutes } from './modules/email/dev-outbox-routes';
import { fileRoutes } from './modules/files/routes';
import { healthRoutes } from './modules/health/routes';
import { derivedSecret } from './modules/idp/provider';
import { impactAdminRoutes, impactRoutes } from './modules/impact/routes';
import { organizationRoutes } from './modules/organizations/routes';
import { submissionAdminRoutes, submissionRoutes } from './modules/submissions/routes';
import { authentication } from './plugins/authentication';
import { registerOpenApi } from './plugins/openapi';
import { organizationHeader } from './plugins/organization-header';
import { problemDetails } from './plugins/problem-details';
import { registerSecurityHeaders } from './plugins/security-headers';
import { registerWebApp } from './plugins/web-app';

/** What every module receives: no globals, so tests build as many apps as they like. */
export type AppDeps = { config: AppConfig; database: Database; db: Db; configCache: ActiveConfigCache };

const SAFE_REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/**
 * The whole server, without listening: main.ts listens, tests use app.inject.
 * Order: cross-cutting plugins, then API modules, then the web app and its fallback.
 */
export async function buildApp(config: AppConfig, database: Database): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: config.logLevel, redact: ['req.headers.authorization', 'req.headers.cookie'] },
    trustProxy: config.trustProxy,
    requestIdHeader: false,
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && SAFE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
    },
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  await app.register(problemDetails);
  await registerSecurityHeaders(app, { isProduction: config.isProduction });
  await app.register(formbody);
  await app.register(rateLimit, { global: false });
  await registerOpenApi(app);

  const deps: AppDeps = { config, database, db: database.db, configCache: new ActiveConfigCache(database.db) };
  // Production passes AUTH_SECRET; a development install makes one and keeps it in its database.
  const authSecret = config.authSecret ?? (await getOrCreateSecret(database.db, 'auth-secret', randomSecret));
  const accessTokens = new AccessTokens(authSecret);
  await app.register(cookie, { secret: derivedSecret(authSecret, 'cookies') });
  await app.register(authentication, { tokens: accessTokens });
  await app.register(organizationHeader, { db: database.db });

  await app.register(healthRoutes, deps);
  await registerIdentity(app, { ...deps, authSecret, accessTokens });
  if (config.devOutbox) await app.register(devOutboxRoutes, { db: database.db });
  await app.register(
    async (api) => {
      await api.register(configRoutes, deps);
      await api.register(callAdminRoutes, deps);
      await api.register(organizationRoutes, deps);
      await api.register(submissionRoutes, deps);
      await api.register(submissionAdminRoutes, deps);
      await api.register(fileRoutes, deps);
      await api.register(impactRoutes, deps);
      await api.register(impactAdminRoutes, deps);
    },
    { prefix: '/api' },
  );

  await registerWebApp(app, config.webDistDir);
  return app;
}
