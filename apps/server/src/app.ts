import { randomUUID } from 'node:crypto';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from './app-deps';
import type { AppConfig } from './config';
import type { Database, Db } from './db/client';
import { jobQueueClient } from './lib/job-queue';
import { loggerOptions } from './lib/log-safety';
import { setTimeZone } from './lib/moments';
import { getOrCreateSecret, randomSecret } from './lib/secrets';
import { adminFileRoutes } from './modules/admin-files/routes';
import { applicantHistoryRoutes } from './modules/applicant-history/routes';
import { auditRoutes } from './modules/audit/routes';
import { AccessTokens } from './modules/auth/access-tokens';
import { CallerLookups } from './modules/auth/caller-lookups';
import { registerIdentity } from './modules/auth/register-identity';
import { SessionRevocations } from './modules/auth/session-revocations';
import { callAdminRoutes } from './modules/calls/routes';
import { StepCache } from './modules/calls/step-cache';
import { changeRequestRoutes } from './modules/change-requests/routes';
import { commentRoutes } from './modules/comments/routes';
import { ActiveConfigCache } from './modules/config/active-config-cache';
import { configRoutes } from './modules/config/routes';
import { conversationRoutes } from './modules/conversation/routes';
import { devOutboxRoutes } from './modules/email/dev-outbox-routes';
import { fileRoutes } from './modules/files/routes';
import { createFileStorage } from './modules/files/storage';
import { grantRoutes } from './modules/grants/routes';
import { healthRoutes } from './modules/health/routes';
import { derivedSecret } from './modules/idp/provider';
import { impactAdminRoutes, impactRoutes } from './modules/impact/routes';
import { jobRoutes } from './modules/jobs/routes';
import { acceptMemberInvitations } from './modules/organizations/invitations';
import { memberRoutes } from './modules/organizations/member-routes';
import { organizationRoutes } from './modules/organizations/routes';
import { pdfRoutes } from './modules/pdf/routes';
import { recordAttachment } from './modules/pdf/service';
import { powerBiRoutes } from './modules/power-bi/routes';
import { presenceRoutes } from './modules/presence/routes';
import { StepSaves } from './modules/presence/step-saves';
import { privacyRoutes } from './modules/privacy/routes';
import { publicCallRoutes } from './modules/public-calls/routes';
import { reminderRoutes } from './modules/reminders/routes';
import { unsubscribeKeyOf } from './modules/reminders/unsubscribe-link';
import { reportRoutes } from './modules/reports/routes';
import { acceptReviewerInvitations } from './modules/review/reviewers';
import { reviewAdminRoutes, reviewerRoutes } from './modules/review/routes';
import { screeningRoutes } from './modules/screening/routes';
import { sendEmailRoutes } from './modules/send-email/routes';
import { stageAdminRoutes } from './modules/stages/routes';
import { stepHistoryRoutes } from './modules/submissions/history-routes';
import { submissionAdminRoutes, submissionRoutes } from './modules/submissions/routes';
import { surveyAdminRoutes, surveyRoutes } from './modules/surveys/routes';
import { webhookRoutes } from './modules/webhooks/routes';
import { authentication } from './plugins/authentication';
import { compression } from './plugins/compression';
import { edgeGuard } from './plugins/edge-guard';
import { registerOpenApi } from './plugins/openapi';
import { askRoleWithSessionCheck, organizationHeader } from './plugins/organization-header';
import { problemDetails } from './plugins/problem-details';
import { type AccessTable, routeAccess, routeAccessCheck } from './plugins/route-access';
import { registerSecurityHeaders } from './plugins/security-headers';
import { compiledSerializerCompiler } from './plugins/serializer';
import { createSharedLimits } from './plugins/shared-limits';
import { registerWebApp } from './plugins/web-app';

const SAFE_REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/**
 * The whole server, without listening: main.ts listens, tests use app.inject.
 * Order: cross-cutting plugins, then API modules, then the web app and its fallback.
 */
export async function buildApp(
  config: AppConfig,
  database: Database,
  options: { logStream?: { write(line: string): void } } = {},
): Promise<FastifyInstance> {
  // The zone mails, public pages and PDFs write moments in (one per process: TIME_ZONE).
  setTimeZone(config.timeZone);
  const app = Fastify({
    logger: loggerOptions(config.logLevel, options.logStream),
    trustProxy: config.trustProxy,
    requestIdHeader: false,
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && SAFE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
    },
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();

  // Before any route exists: every route registered from here on must state who may call it.
  const accessTable: AccessTable = new Map();
  await app.register(routeAccess, { table: accessTable });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(compiledSerializerCompiler({ checkWithZod: config.env === 'test' }));
  await app.register(problemDetails);
  // First among the hooks: every answer carries them and its request id, the edge guard's refusals included.
  await registerSecurityHeaders(app, {
    isProduction: config.isProduction,
    frameOrigins: config.powerBi ? [config.powerBi.embedOrigin] : [],
  });
  await app.register(edgeGuard);
  await app.register(compression);
  await app.register(formbody);
  const limits = await createSharedLimits(config.redisUrl, config.redisPrefix, app.log);
  app.addHook('onClose', () => limits.close());
  await app.register(rateLimit, {
    global: false,
    allowList: config.rateLimitAllowList,
    ...(limits.redis ? { redis: limits.redis, nameSpace: `${limits.nameSpace}rl:`, skipOnError: true } : {}),
  });
  await registerOpenApi(app, { served: config.apiDocs, accessTable });

  const storage = createFileStorage(database.db, config.fileStorage);
  app.addHook('onClose', () => storage.close());
  const deps: AppDeps = {
    config,
    database,
    db: database.db,
    configCache: new ActiveConfigCache(database.db),
    storage,
    limits,
    stepCache: new StepCache(database.db),
    callers: new CallerLookups(database.db),
    stepSaves: new StepSaves(),
    jobQueue: jobQueueClient(database),
  };
  // Production passes AUTH_SECRET; a development install makes one and keeps it in its database.
  const authSecret = config.authSecret ?? (await getOrCreateSecret(database.db, 'auth-secret', randomSecret));
  const revocations = new SessionRevocations(deps.callers);
  const accessTokens = new AccessTokens(authSecret, revocations.isRevoked, revocations.knownAnswer);
  await app.register(cookie, { secret: derivedSecret(authSecret, 'cookies') });
  await app.register(authentication, {
    tokens: accessTokens,
    withSessionCheck: askRoleWithSessionCheck(deps.callers),
  });
  await app.register(routeAccessCheck, { customizeDomain: config.customizeEmailDomain });
  await app.register(organizationHeader, { memberships: deps.callers });

  await app.register(healthRoutes, deps);
  // Signing in accepts the invitations to review and to join an organization sent to that address.
  const onSignIn = async (db: Db, user: { id: string; email: string }) => {
    await acceptReviewerInvitations(db, user);
    await acceptMemberInvitations(db, user);
  };
  await registerIdentity(app, { ...deps, authSecret, accessTokens, revocations, onSignIn });
  if (config.devOutbox)
    await app.register(devOutboxRoutes, { db: database.db, renderRecord: recordAttachment(storage) });
  await app.register(
    async (api) => {
      await api.register(configRoutes, deps);
      await api.register(callAdminRoutes, deps);
      await api.register(organizationRoutes, deps);
      await api.register(memberRoutes, deps);
      await api.register(submissionRoutes, deps);
      await api.register(submissionAdminRoutes, deps);
      await api.register(screeningRoutes, deps);
      await api.register(commentRoutes, deps);
      await api.register(conversationRoutes, deps);
      await api.register(changeRequestRoutes, deps);
      await api.register(applicantHistoryRoutes, deps);
      await api.register(stepHistoryRoutes, deps);
      await api.register(fileRoutes, deps);
      await api.register(impactRoutes, deps);
      await api.register(impactAdminRoutes, deps);
      await api.register(adminFileRoutes, deps);
      await api.register(sendEmailRoutes, deps);
      await api.register(auditRoutes, deps);
      await api.register(jobRoutes, deps);
      await api.register(surveyRoutes, deps);
      await api.register(surveyAdminRoutes, deps);
      await api.register(pdfRoutes, deps);
      await api.register(reportRoutes, deps);
      await api.register(powerBiRoutes, deps);
      await api.register(grantRoutes, deps);
      await api.register(reviewAdminRoutes, deps);
      await api.register(reviewerRoutes, deps);
      await api.register(stageAdminRoutes, deps);
      await api.register(privacyRoutes, { ...deps, revocations });
      await api.register(presenceRoutes, deps);
      await api.register(reminderRoutes, { ...deps, unsubscribeKey: unsubscribeKeyOf(authSecret) });
      await api.register(webhookRoutes, deps);
    },
    { prefix: '/api' },
  );

  await app.register(publicCallRoutes, deps);
  await registerWebApp(app, config.webDistDir, deps.configCache);
  return app;
}
