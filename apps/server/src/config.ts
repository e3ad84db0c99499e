import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_TIME_ZONE, isTimeZone } from './lib/moments';
import type { StorageConfig } from './modules/files/storage';

/**
 * The environment, read once and validated. Nothing else in the server reads process.env,
 * so every setting is listed here and in the README's table.
 */
const booleanString = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/**
 * How long PostgreSQL may take before a request fails fast instead of hanging:
 * one statement, getting a connection, a transaction left idle (whose client gave up: the server
 * rolls it back, so it never commits afterwards).
 */
export type DatabaseTimeouts = { statementMs: number; connectMs: number; idleInTransactionMs: number };
export const DEFAULT_DATABASE_TIMEOUTS: DatabaseTimeouts = {
  statementMs: 15_000,
  connectMs: 5_000,
  idleInTransactionMs: 30_000,
};

const ZEnv = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('localhost'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  PUBLIC_URL: z.url().optional(),
  DATABASE_URL: z.url().optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(15_000),
  DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(5_000),
  DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(30_000),
  DATA_DIR: z.string().min(1).default('./data'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TIME_ZONE: z
    .string()
    .default(DEFAULT_TIME_ZONE)
    .refine(isTimeZone, 'must be a time zone such as Europe/Rome, Europe/Paris or UTC'),
  SEED_DEMO: booleanString.optional(),
  WEB_DIST_DIR: z.string().min(1).optional(),
  TRUST_PROXY: booleanString.default(false),
  RATE_LIMIT_ALLOW_LIST: z.string().default(''),
  AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  // The embedded provider's private RSA signing key, a JWK as JSON; unset, one is made and kept in the database.
  IDP_SIGNING_JWK: z
    .string()
    .optional()
    .refine((v) => v === undefined || isPrivateRsaJwk(v), 'must be a private RSA key as a JWK in JSON'),
  OIDC_ISSUER: z.url().optional(),
  OIDC_CLIENT_ID: z.string().min(1).optional(),
  OIDC_CLIENT_SECRET: z.string().min(1).optional(),
  OIDC_ROLES_CLAIM: z.string().min(1).default('roles'),
  OIDC_SCOPES: z.string().min(1).default('openid email profile'),
  OIDC_REQUIRE_VERIFIED_EMAIL: booleanString.default(true),
  ADMIN_EMAILS: z.string().default(''),
  SMTP_URL: z.url().optional(),
  API_DOCS: booleanString.optional(),
  MAIL_FROM: z.string().min(3).default('Impact Calls <no-reply@localhost>'),
  CUSTOMIZE_EMAIL_DOMAIN: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[a-z0-9.-]+\.[a-z0-9-]+$/, 'must be a domain such as example.org')
    .default('impact-calls.test'),
  ADMIN_FILE_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(40 * 1024 * 1024)
    .default(5 * 1024 * 1024),
  // The heap cap of the thread that reads framework workbooks.
  IMPORT_MAX_MEMORY_MB: z.coerce.number().int().min(64).max(4096).default(512),
  // How often an open presence stream re-checks its viewer's membership (a removed member's stream ends within it).
  PRESENCE_RECHECK_SECONDS: z.coerce.number().int().min(1).max(300).default(45),
  // Shared limits and object storage for several instances.
  REDIS_URL: z.url().optional(),
  REDIS_PREFIX: z.string().default('impact-calls:'),
  FILE_STORAGE: z.enum(['postgres', 's3']).optional(),
  S3_ENDPOINT: z.url().optional(),
  S3_BUCKET: z.string().min(3).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: booleanString.default(true),
  S3_PREFIX: z.string().default(''),
  // Power BI embedding through a service principal; unset, nothing calls out.
  POWERBI_TENANT_ID: z.string().min(1).optional(),
  POWERBI_CLIENT_ID: z.string().min(1).optional(),
  POWERBI_CLIENT_SECRET: z.string().min(1).optional(),
  POWERBI_AUTHORITY_URL: z.url().default('https://login.microsoftonline.com'),
  POWERBI_API_URL: z.url().default('https://api.powerbi.com'),
  /** Where Power BI's report frames come from (the embed URLs' origin): the only frames allowed besides ours. */
  POWERBI_EMBED_ORIGIN: z.url().default('https://app.powerbi.com'),
  POWERBI_SCOPE: z.string().min(1).default('https://analysis.windows.net/powerbi/api/.default'),
  POWERBI_RLS_ROLES: z.string().default('Organization'),
  // Webhooks to private addresses and over http: development and tests only (decision 0042).
  WEBHOOK_ALLOW_PRIVATE: booleanString.default(false),
});

export type AppConfig = {
  env: 'development' | 'production' | 'test';
  isProduction: boolean;
  host: string;
  port: number;
  /** Where browsers reach the app; used for redirects and the embedded identity provider's issuer. */
  publicUrl: string;
  database:
    | { kind: 'pglite'; dataDir: string | null }
    | { kind: 'postgres'; url: string; poolSize: number; timeouts?: DatabaseTimeouts };
  logLevel: z.infer<typeof ZEnv>['LOG_LEVEL'];
  /** The funder's zone, in which mails, public pages and PDFs write moments (lib/moments.ts). */
  timeZone: string;
  seedDemo: boolean;
  /** The built web app to serve; null serves the API only (tests, `vite` dev server in front). */
  webDistDir: string | null;
  trustProxy: boolean;
  /**
   * Client addresses exempt from the per-address request limits (a monitoring probe, the test
   * browsers that all share 127.0.0.1). Per-account lockout still applies to them.
   */
  rateLimitAllowList: string[];
  /** Signs access tokens and cookies. Required in production; generated and stored otherwise. */
  authSecret: string | null;
  /** The embedded provider's signing key (a private RSA JWK) from the environment; null: kept in the database. */
  idpSigningJwk: string | null;
  /** null: the embedded provider at /idp; otherwise any standard OpenID Connect issuer. */
  externalOidc: { issuer: string; clientId: string; clientSecret: string } | null;
  oidcRolesClaim: string;
  oidcScopes: string;
  /** Refuse sign-in when the external issuer does not say the e-mail is verified (it gates call filters). */
  oidcRequireVerifiedEmail: boolean;
  /** E-mails of the embedded provider that get the admin role. */
  adminEmails: string[];
  smtpUrl: string | null;
  mailFrom: string;
  /**
   * SPEC 6: only admins of the organisation's own domain may brand the site. The e-mail's domain
   * must equal this (the safer reading of "contains": evil-impact-calls.test does not match).
   */
  customizeEmailDomain: string;
  /** Largest admin file (SPEC 5 gives 3 MB and 5 MB; 5 MB by default). */
  adminFileMaxBytes: number;
  /** Heap cap (MB) of the thread that reads framework workbooks; heavier workbooks are refused. */
  importMaxMemoryMb: number;
  /** /dev/outbox: only on a local development install without SMTP (it shows every link mailed). */
  devOutbox: boolean;
  /** Rate limits and sign-in throttles shared by every instance; null counts in this process only. */
  redisUrl: string | null;
  /** Prefix of this install's keys in Redis. */
  redisPrefix: string;
  /** Bound on how long a removed member's presence stream stays open (modules/presence). */
  presenceRecheckMs: number;
  /** Where new file bytes go (rows stored elsewhere are still read from their own backend). */
  fileStorage: StorageConfig;
  /** Power BI service principal and endpoints; null when not configured (the pages say so). */
  powerBi: {
    tenantId: string;
    clientId: string;
    clientSecret: string;
    authorityUrl: string;
    apiUrl: string;
    /** The origin of the report frames, allowed by the Content Security Policy's frame-src. */
    embedOrigin: string;
    scope: string;
    /** The dataset roles an RLS token carries, with the organization id as the user name. */
    rlsRoles: string[];
  } | null;
  /**
   * Webhooks may go to private, loopback and link-local addresses, and over plain http: for
   * development and tests only (docs/decisions/0042-webhooks.md); off, only https to public addresses.
   */
  webhookAllowPrivate: boolean;
  /** Swagger UI and the OpenAPI document at /api/docs: on outside production, opt-in (API_DOCS) in it. */
  apiDocs: boolean;
  /** Listening on a loopback interface only (localhost, 127.x, ::1): nobody else can connect. */
  loopbackOnly: boolean;
  /** Not production, loopback HOST, local PUBLIC_URL: a person trying the app on their machine. */
  privateInstall: boolean;
};

function isLocalUrl(url: string): boolean {
  const host = new URL(url).hostname;
  return host === 'localhost' || host === '127.0.0.1' || host === '[::1]' || host.endsWith('.localhost');
}

/** HOST values that accept connections from this machine only; 0.0.0.0, :: or a name do not. */
export function isLoopbackHost(host: string): boolean {
  const h = host
    .trim()
    .toLowerCase()
    .replace(/^\[|\]$/g, '');
  return h === 'localhost' || h === '::1' || /^127(\.\d{1,3}){3}$/.test(h) || h.endsWith('.localhost');
}

export class ConfigError extends Error {}

const repoRoot = path.resolve(import.meta.dirname, '../../..');

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = ZEnv.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid environment variable(s):\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const problems: string[] = [];
  if (e.NODE_ENV === 'production' && !e.AUTH_SECRET) problems.push('  AUTH_SECRET: required in production');
  const oidcSet = [e.OIDC_ISSUER, e.OIDC_CLIENT_ID, e.OIDC_CLIENT_SECRET].filter(Boolean).length;
  if (oidcSet > 0 && oidcSet < 3) {
    problems.push('  OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET: set all three for an external provider, or none');
  }
  const powerBiSet = [e.POWERBI_TENANT_ID, e.POWERBI_CLIENT_ID, e.POWERBI_CLIENT_SECRET].filter(Boolean).length;
  if (powerBiSet > 0 && powerBiSet < 3) {
    problems.push('  POWERBI_TENANT_ID, POWERBI_CLIENT_ID, POWERBI_CLIENT_SECRET: set all three for Power BI, or none');
  }
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  // Demo accounts have published passwords and the outbox shows reset links: both only for a
  // person trying the app on their own machine (loopback, not production, a local PUBLIC_URL).
  const loopbackOnly = isLoopbackHost(e.HOST);
  const privateInstall = e.NODE_ENV !== 'production' && loopbackOnly && isLocalUrl(publicUrl);
  if (e.SEED_DEMO === true && !privateInstall) {
    problems.push(
      '  SEED_DEMO: demo accounts have published passwords; they are seeded only outside production, on a loopback HOST and a local PUBLIC_URL',
    );
  }
  const fileStorage = e.FILE_STORAGE ?? (e.S3_BUCKET ? 's3' : 'postgres');
  if (fileStorage === 's3' && !e.S3_BUCKET) problems.push('  S3_BUCKET: required when FILE_STORAGE=s3');
  if (problems.length) throw new ConfigError(`Invalid environment variable(s):\n${problems.join('\n')}`);
  return {
    env: e.NODE_ENV,
    isProduction: e.NODE_ENV === 'production',
    host: e.HOST,
    port: e.PORT,
    publicUrl,
    database: e.DATABASE_URL
      ? {
          kind: 'postgres',
          url: e.DATABASE_URL,
          poolSize: e.DATABASE_POOL_SIZE,
          timeouts: {
            statementMs: e.DATABASE_STATEMENT_TIMEOUT_MS,
            connectMs: e.DATABASE_CONNECT_TIMEOUT_MS,
            idleInTransactionMs: e.DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS,
          },
        }
      : { kind: 'pglite', dataDir: path.resolve(e.DATA_DIR, 'pglite') },
    logLevel: e.LOG_LEVEL,
    timeZone: e.TIME_ZONE,
    // An instance listening on 0.0.0.0 with NODE_ENV and PUBLIC_URL forgotten is still not handed out.
    seedDemo: e.SEED_DEMO ?? privateInstall,
    devOutbox: privateInstall && !e.SMTP_URL,
    apiDocs: e.API_DOCS ?? e.NODE_ENV !== 'production',
    loopbackOnly,
    privateInstall,
    webDistDir: path.resolve(e.WEB_DIST_DIR ?? path.join(repoRoot, 'apps/web/dist')),
    trustProxy: e.TRUST_PROXY,
    rateLimitAllowList: e.RATE_LIMIT_ALLOW_LIST.split(',')
      .map((x) => x.trim())
      .filter(Boolean),
    authSecret: e.AUTH_SECRET ?? null,
    idpSigningJwk: e.IDP_SIGNING_JWK ?? null,
    externalOidc:
      e.OIDC_ISSUER && e.OIDC_CLIENT_ID && e.OIDC_CLIENT_SECRET
        ? { issuer: e.OIDC_ISSUER, clientId: e.OIDC_CLIENT_ID, clientSecret: e.OIDC_CLIENT_SECRET }
        : null,
    oidcRolesClaim: e.OIDC_ROLES_CLAIM,
    oidcScopes: e.OIDC_SCOPES,
    oidcRequireVerifiedEmail: e.OIDC_REQUIRE_VERIFIED_EMAIL,
    adminEmails: e.ADMIN_EMAILS.split(',')
      .map((x) => x.trim().toLowerCase())
      .filter(Boolean),
    smtpUrl: e.SMTP_URL ?? null,
    mailFrom: e.MAIL_FROM,
    customizeEmailDomain: e.CUSTOMIZE_EMAIL_DOMAIN,
    adminFileMaxBytes: e.ADMIN_FILE_MAX_BYTES,
    importMaxMemoryMb: e.IMPORT_MAX_MEMORY_MB,
    redisUrl: e.REDIS_URL ?? null,
    redisPrefix: e.REDIS_PREFIX,
    presenceRecheckMs: e.PRESENCE_RECHECK_SECONDS * 1000,
    fileStorage: {
      primary: fileStorage,
      s3: e.S3_BUCKET
        ? {
            endpoint: e.S3_ENDPOINT ?? null,
            bucket: e.S3_BUCKET,
            region: e.S3_REGION,
            accessKeyId: e.S3_ACCESS_KEY_ID ?? null,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY ?? null,
            forcePathStyle: e.S3_FORCE_PATH_STYLE,
            prefix: e.S3_PREFIX,
          }
        : null,
    },
    webhookAllowPrivate: e.WEBHOOK_ALLOW_PRIVATE,
    powerBi:
      e.POWERBI_TENANT_ID && e.POWERBI_CLIENT_ID && e.POWERBI_CLIENT_SECRET
        ? {
            tenantId: e.POWERBI_TENANT_ID,
            clientId: e.POWERBI_CLIENT_ID,
            clientSecret: e.POWERBI_CLIENT_SECRET,
            authorityUrl: e.POWERBI_AUTHORITY_URL.replace(/\/$/, ''),
            apiUrl: e.POWERBI_API_URL.replace(/\/$/, ''),
            embedOrigin: new URL(e.POWERBI_EMBED_ORIGIN).origin,
            scope: e.POWERBI_SCOPE,
            rlsRoles: e.POWERBI_RLS_ROLES.split(',')
              .map((r) => r.trim())
              .filter(Boolean),
          }
        : null,
  };
}

/** A private RSA key as a JWK: what the embedded provider signs its ID tokens with. */
function isPrivateRsaJwk(json: string): boolean {
  try {
    const jwk = JSON.parse(json) as Record<string, unknown>;
    return jwk.kty === 'RSA' && ['n', 'e', 'd', 'p', 'q'].every((k) => typeof jwk[k] === 'string');
  } catch {
    return false;
  }
}
