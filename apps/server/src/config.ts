import path from 'node:path';
import { z } from 'zod';

/**
 * The environment, read once and validated. Nothing else in the server reads process.env,
 * so every setting is listed here and in the README's table.
 */
const booleanString = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const ZEnv = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('localhost'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  PUBLIC_URL: z.url().optional(),
  DATABASE_URL: z.url().optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  DATA_DIR: z.string().min(1).default('./data'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SEED_DEMO: booleanString.optional(),
  WEB_DIST_DIR: z.string().min(1).optional(),
  TRUST_PROXY: booleanString.default(false),
  AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  OIDC_ISSUER: z.url().optional(),
  OIDC_CLIENT_ID: z.string().min(1).optional(),
  OIDC_CLIENT_SECRET: z.string().min(1).optional(),
  OIDC_ROLES_CLAIM: z.string().min(1).default('roles'),
  OIDC_SCOPES: z.string().min(1).default('openid email profile'),
  OIDC_REQUIRE_VERIFIED_EMAIL: booleanString.default(true),
  ADMIN_EMAILS: z.string().default(''),
  SMTP_URL: z.url().optional(),
  MAIL_FROM: z.string().min(3).default('Impact Calls <no-reply@localhost>'),
});

export type AppConfig = {
  env: 'development' | 'production' | 'test';
  isProduction: boolean;
  host: string;
  port: number;
  /** Where browsers reach the app; used for redirects and the embedded identity provider's issuer. */
  publicUrl: string;
  database: { kind: 'pglite'; dataDir: string | null } | { kind: 'postgres'; url: string; poolSize: number };
  logLevel: z.infer<typeof ZEnv>['LOG_LEVEL'];
  seedDemo: boolean;
  /** The built web app to serve; null serves the API only (tests, `vite` dev server in front). */
  webDistDir: string | null;
  trustProxy: boolean;
  /** Signs access tokens and cookies. Required in production; generated and stored otherwise. */
  authSecret: string | null;
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
  /** /dev/outbox: only on a local development install without SMTP (it shows every link mailed). */
  devOutbox: boolean;
};

function isLocalUrl(url: string): boolean {
  const host = new URL(url).hostname;
  return host === 'localhost' || host === '127.0.0.1' || host === '[::1]' || host.endsWith('.localhost');
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
  if (problems.length) throw new ConfigError(`Invalid environment variable(s):\n${problems.join('\n')}`);
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  return {
    env: e.NODE_ENV,
    isProduction: e.NODE_ENV === 'production',
    host: e.HOST,
    port: e.PORT,
    publicUrl,
    database: e.DATABASE_URL
      ? { kind: 'postgres', url: e.DATABASE_URL, poolSize: e.DATABASE_POOL_SIZE }
      : { kind: 'pglite', dataDir: path.resolve(e.DATA_DIR, 'pglite') },
    logLevel: e.LOG_LEVEL,
    // Demo accounts have published passwords: by default only on a local, non-production install
    // (an instance someone forgot to mark as production is still not handed out).
    seedDemo: e.SEED_DEMO ?? (e.NODE_ENV !== 'production' && isLocalUrl(publicUrl)),
    devOutbox: e.NODE_ENV !== 'production' && !e.SMTP_URL && isLocalUrl(publicUrl),
    webDistDir: path.resolve(e.WEB_DIST_DIR ?? path.join(repoRoot, 'apps/web/dist')),
    trustProxy: e.TRUST_PROXY,
    authSecret: e.AUTH_SECRET ?? null,
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
  };
}
