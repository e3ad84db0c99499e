import { createHmac } from 'node:crypto';
import { exportJWK, generateKeyPair } from 'jose';
import Provider, { type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/client';
import { escapeHtml } from '../../lib/html';
import { getOrCreateSecret } from '../../lib/secrets';
import type { ActiveConfigCache } from '../config/active-config-cache';
import { findAccountById } from './accounts';
import { createAdapterFactory } from './adapter';
import { layout, messagePage } from './pages';
import { idpTexts, pickLanguage } from './texts';

export const EMBEDDED_CLIENT_ID = 'impact-calls-web';
export const IDP_PATH = '/idp';
const SCOPES = 'openid email profile roles';

/** Secrets of the embedded provider, all derived from the one AUTH_SECRET. */
export function derivedSecret(authSecret: string, purpose: string) {
  return createHmac('sha256', authSecret).update(purpose).digest('base64url');
}

/**
 * The key the provider signs ID tokens with: IDP_SIGNING_JWK when set (production keeps it out of
 * the database, and of its dumps); otherwise made once and kept in `app_secrets`.
 */
async function signingKeys(db: Db, fromEnvironment: string | null) {
  if (fromEnvironment) {
    const jwk = JSON.parse(fromEnvironment) as Record<string, unknown>;
    return { keys: [{ alg: 'RS256', use: 'sig', kid: 'env', ...jwk }] };
  }
  const json = await getOrCreateSecret(db, 'idp-signing-jwk', async () => {
    const { privateKey } = await generateKeyPair('RS256', { extractable: true });
    return JSON.stringify({ ...(await exportJWK(privateKey)), alg: 'RS256', use: 'sig', kid: `k${Date.now()}` });
  });
  return { keys: [JSON.parse(json)] };
}

export type EmbeddedProvider = { provider: Provider; issuer: string; clientId: string; clientSecret: string };

/**
 * The certified oidc-provider as our default identity provider, with local accounts. One
 * first-party client (this app): consent is implied, PKCE is required.
 */
export async function createEmbeddedProvider(
  config: AppConfig,
  db: Db,
  authSecret: string,
  brand: ActiveConfigCache,
): Promise<EmbeddedProvider> {
  const issuer = `${config.publicUrl}${IDP_PATH}`;
  const clientSecret = derivedSecret(authSecret, 'idp-client-secret');
  const pageContext = async (ctx: KoaContextWithOIDC) => {
    const language = pickLanguage(ctx.oidc?.params?.ui_locales ?? ctx.query?.ui_locales);
    return { language, t: idpTexts(language), brand: await brand.get() };
  };

  const configuration: Configuration = {
    adapter: createAdapterFactory(db),
    clients: [
      {
        client_id: EMBEDDED_CLIENT_ID,
        client_secret: clientSecret,
        client_name: 'Impact Calls',
        redirect_uris: [`${config.publicUrl}/login-callback`],
        post_logout_redirect_uris: [`${config.publicUrl}/logout-callback`],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    pkce: { required: () => true },
    scopes: SCOPES.split(' '),
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['given_name', 'family_name', 'name', 'locale'],
      roles: ['roles'],
    },
    // Our client reads names and roles from the ID token; no extra userinfo round trip.
    conformIdTokenClaims: false,
    extraParams: ['screen'],
    cookies: { keys: [derivedSecret(authSecret, 'idp-cookies')] },
    jwks: await signingKeys(db, config.idpSigningJwk),
    features: {
      devInteractions: { enabled: false },
      rpInitiatedLogout: {
        enabled: true,
        async logoutSource(ctx, form) {
          const page = await pageContext(ctx);
          // The form carries the provider's anti-forgery token; a same-origin script submits it.
          ctx.body = layout(
            page,
            page.t.logoutTitle,
            `<h1>${escapeHtml(page.t.logoutTitle)}</h1><p class="intro">${escapeHtml(page.t.logoutText)}</p>${form}
<button type="submit" form="op.logoutForm" name="logout" value="yes" id="logout-yes">${escapeHtml(page.t.logoutButton)}</button>`,
            { scripts: [`${IDP_PATH}/assets/logout.js`] },
          );
        },
      },
    },
    interactions: { url: (_ctx, interaction) => `${IDP_PATH}/interaction/${interaction.uid}` },
    async loadExistingGrant(ctx) {
      const clientId = ctx.oidc.client?.clientId;
      const accountId = ctx.oidc.session?.accountId;
      if (!clientId || !accountId) return undefined;
      const grantId = ctx.oidc.result?.consent?.grantId || ctx.oidc.session?.grantIdFor(clientId);
      if (grantId) {
        const existing = await ctx.oidc.provider.Grant.find(grantId);
        if (existing) return existing;
      }
      const grant = new ctx.oidc.provider.Grant({ clientId, accountId });
      grant.addOIDCScope(SCOPES);
      await grant.save();
      return grant;
    },
    async findAccount(_ctx, id) {
      const account = await findAccountById(db, id);
      if (!account) return undefined;
      const roles = new Set(account.roles);
      if (config.adminEmails.includes(account.email.toLowerCase())) roles.add('admin');
      return {
        accountId: account.id,
        claims: async () => ({
          sub: account.id,
          email: account.email,
          email_verified: Boolean(account.emailVerifiedAt),
          given_name: account.firstName,
          family_name: account.lastName,
          name: `${account.firstName} ${account.lastName}`.trim(),
          locale: account.language,
          roles: [...roles],
        }),
      };
    },
    async renderError(ctx, _out, _error) {
      const page = await pageContext(ctx);
      ctx.type = 'html';
      ctx.body = messagePage(page, page.t.errorTitle, page.t.errorText, {
        href: `${config.publicUrl}/`,
        text: page.t.restart,
      });
    },
    ttl: {
      Interaction: 60 * 60,
      Session: 14 * 24 * 60 * 60,
      Grant: 14 * 24 * 60 * 60,
      AuthorizationCode: 60,
      IdToken: 60 * 60,
      AccessToken: 60 * 60,
    },
  };

  const provider = new Provider(issuer, configuration);
  provider.proxy = config.trustProxy;
  return { provider, issuer, clientId: EMBEDDED_CLIENT_ID, clientSecret };
}
