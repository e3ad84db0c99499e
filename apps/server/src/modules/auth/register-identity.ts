import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps';
import { mountProvider } from '../idp/mount';
import { createEmbeddedProvider } from '../idp/provider';
import { idpRoutes } from '../idp/routes';
import type { AccessTokens } from './access-tokens';
import { inProcessFetch, RelyingParty } from './relying-party';
import { authRoutes, type OnSignIn } from './routes';
import type { SessionRevocations } from './session-revocations';

/**
 * Sign-in: the embedded provider at /idp unless OIDC_ISSUER names an external one; either way the
 * same relying party and the same /api/Jwt endpoints.
 */
export async function registerIdentity(
  app: FastifyInstance,
  deps: AppDeps & {
    authSecret: string;
    accessTokens: AccessTokens;
    revocations: SessionRevocations;
    onSignIn: OnSignIn;
  },
) {
  const { config, db } = deps;
  let relyingParty: RelyingParty;
  if (config.externalOidc) {
    relyingParty = new RelyingParty({
      ...config.externalOidc,
      scopes: config.oidcScopes,
      rolesClaim: config.oidcRolesClaim,
      allowInsecure: config.externalOidc.issuer.startsWith('http://'),
      requireVerifiedEmail: config.oidcRequireVerifiedEmail,
    });
  } else {
    const embedded = await createEmbeddedProvider(config, db, deps.authSecret, deps.configCache);
    await app.register(mountProvider, { provider: embedded.provider });
    await app.register(idpRoutes, { provider: embedded.provider, db, config, brand: deps.configCache });
    relyingParty = new RelyingParty({
      issuer: embedded.issuer,
      clientId: embedded.clientId,
      clientSecret: embedded.clientSecret,
      scopes: 'openid email profile roles',
      rolesClaim: 'roles',
      allowInsecure: true,
      // Our own accounts cannot sign in before their e-mail is verified.
      requireVerifiedEmail: true,
      fetch: inProcessFetch(app, config.publicUrl),
    });
  }
  await app.register(authRoutes, { ...deps, prefix: '/api', relyingParty, embedded: !config.externalOidc });
}
