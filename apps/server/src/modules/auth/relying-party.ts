import type { FastifyInstance } from 'fastify';
import * as oidc from 'openid-client';
import type { VerifiedIdentity } from '../users/service';

export type RelyingPartyOptions = {
  issuer: string;
  clientId: string;
  clientSecret: string;
  scopes: string;
  rolesClaim: string;
  /** True for http:// issuers (localhost, tests). */
  allowInsecure: boolean;
  /** The e-mail decides which restricted calls a user sees: accept only addresses the issuer verified. */
  requireVerifiedEmail: boolean;
  /** The embedded provider is reached in-process, never over the network (see inProcessFetch). */
  fetch?: oidc.CustomFetch;
};

export type PendingSignIn = { state: string; nonce: string; codeVerifier: string };

/** Who the provider vouched for, plus its ID token (kept for the logout redirect). */
export type ProviderIdentity = VerifiedIdentity & { idToken: string | null };

/** "realm_access.roles" style paths reach nested claims (Keycloak); a string becomes one role. */
export function readRoles(claims: Record<string, unknown>, path: string): string[] {
  let value: unknown = claims;
  for (const part of path.split('.')) {
    value = value && typeof value === 'object' ? (value as Record<string, unknown>)[part] : undefined;
  }
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === 'string');
  if (typeof value === 'string' && value) return value.split(/[\s,]+/).filter(Boolean);
  return [];
}

/** The client side of OpenID Connect: code flow with PKCE, state and nonce, against any issuer. */
export class RelyingParty {
  private configuration: Promise<oidc.Configuration> | null = null;
  constructor(private readonly options: RelyingPartyOptions) {}

  private async config(): Promise<oidc.Configuration> {
    this.configuration ??= oidc
      .discovery(
        new URL(this.options.issuer),
        this.options.clientId,
        undefined,
        oidc.ClientSecretBasic(this.options.clientSecret),
        {
          ...(this.options.allowInsecure ? { execute: [oidc.allowInsecureRequests] } : {}),
          ...(this.options.fetch ? { [oidc.customFetch]: this.options.fetch } : {}),
        },
      )
      .then((config) => (this.options.fetch ? this.onIssuerOrigin(config) : config))
      .catch((err) => {
        this.configuration = null; // try discovery again next time (provider was down)
        throw err;
      });
    return this.configuration;
  }

  /**
   * In-process discovery sees neither the proxy's scheme nor its host, so the provider's endpoints
   * come back as http://… Browsers are sent to them (sign-in, logout): put every endpoint on the
   * issuer's origin, which is PUBLIC_URL.
   */
  private onIssuerOrigin(config: oidc.Configuration): oidc.Configuration {
    const origin = new URL(this.options.issuer);
    const metadata: Record<string, unknown> = { ...config.serverMetadata() };
    for (const [key, value] of Object.entries(metadata)) {
      if (typeof value !== 'string' || !(key.endsWith('_endpoint') || key === 'jwks_uri')) continue;
      const url = new URL(value);
      url.protocol = origin.protocol;
      url.host = origin.host;
      metadata[key] = url.toString();
    }
    const rebased = new oidc.Configuration(
      metadata as oidc.ServerMetadata,
      this.options.clientId,
      undefined,
      oidc.ClientSecretBasic(this.options.clientSecret),
    );
    if (this.options.allowInsecure) oidc.allowInsecureRequests(rebased);
    if (this.options.fetch) rebased[oidc.customFetch] = this.options.fetch;
    return rebased;
  }

  /** Whether the issuer advertises a prompt value (unknown values make a compliant issuer fail the request). */
  async supportsPrompt(value: string): Promise<boolean> {
    const supported = (await this.config()).serverMetadata().prompt_values_supported;
    return Array.isArray(supported) && supported.includes(value);
  }

  async start(redirectUri: string, extra: Record<string, string> = {}): Promise<{ url: URL; pending: PendingSignIn }> {
    const config = await this.config();
    const pending: PendingSignIn = {
      state: oidc.randomState(),
      nonce: oidc.randomNonce(),
      codeVerifier: oidc.randomPKCECodeVerifier(),
    };
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri,
      scope: this.options.scopes,
      response_type: 'code',
      state: pending.state,
      nonce: pending.nonce,
      code_challenge: await oidc.calculatePKCECodeChallenge(pending.codeVerifier),
      code_challenge_method: 'S256',
      ...extra,
    });
    return { url, pending };
  }

  /** Exchanges the code; throws on any mismatch of state, nonce, PKCE or token signature. */
  async finish(callbackUrl: URL, pending: PendingSignIn): Promise<ProviderIdentity> {
    const config = await this.config();
    const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
      pkceCodeVerifier: pending.codeVerifier,
      expectedState: pending.state,
      expectedNonce: pending.nonce,
      idTokenExpected: true,
    });
    let claims: Record<string, unknown> = { ...(tokens.claims() ?? {}) };
    if (!claims.email && tokens.access_token) {
      const sub = String(claims.sub);
      claims = { ...(await oidc.fetchUserInfo(config, tokens.access_token, sub)), ...claims };
    }
    const email = typeof claims.email === 'string' ? claims.email : '';
    if (!email) throw new Error('the identity provider did not give an e-mail address');
    if (this.options.requireVerifiedEmail && claims.email_verified !== true && claims.email_verified !== 'true') {
      throw new Error('the identity provider did not verify the e-mail address');
    }
    const name = typeof claims.name === 'string' ? claims.name : '';
    return {
      issuer: config.serverMetadata().issuer,
      subject: String(claims.sub),
      email,
      firstName: typeof claims.given_name === 'string' ? claims.given_name : (name.split(' ')[0] ?? ''),
      lastName: typeof claims.family_name === 'string' ? claims.family_name : name.split(' ').slice(1).join(' '),
      roles: readRoles(claims, this.options.rolesClaim),
      idToken: tokens.id_token ?? null,
    };
  }

  async logoutUrl(postLogoutRedirectUri: string, idTokenHint: string | null): Promise<string> {
    const config = await this.config();
    if (!config.serverMetadata().end_session_endpoint) return postLogoutRedirectUri;
    return oidc
      .buildEndSessionUrl(config, {
        post_logout_redirect_uri: postLogoutRedirectUri,
        client_id: this.options.clientId,
        ...(idTokenHint ? { id_token_hint: idTokenHint } : {}),
      })
      .toString();
  }
}

/**
 * Routes the client's requests to the embedded provider through app.inject: no network hop, and it
 * works wherever the server cannot reach its own public URL (behind a proxy, in tests).
 */
export function inProcessFetch(app: FastifyInstance, publicUrl: string): oidc.CustomFetch {
  const publicHost = new URL(publicUrl).host;
  return async (url, options) => {
    const target = new URL(url);
    const headers: Record<string, string> = {};
    new Headers(options.headers as ConstructorParameters<typeof Headers>[0]).forEach((value, key) => {
      headers[key] = value;
    });
    headers.host = publicHost;
    const response = await app.inject({
      method: (options.method ?? 'GET') as 'GET',
      url: `${target.pathname}${target.search}`,
      headers,
      ...(options.body ? { payload: String(options.body) } : {}),
    });
    const responseHeaders = new Headers();
    for (const [key, value] of Object.entries(response.headers)) {
      if (value === undefined) continue;
      for (const v of Array.isArray(value) ? value : [String(value)]) responseHeaders.append(key, v);
    }
    return new Response(response.rawPayload.length ? response.rawPayload : null, {
      status: response.statusCode,
      headers: responseHeaders,
    });
  };
}
