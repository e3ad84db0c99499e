import {
  ACCESS_TOKEN_SECONDS,
  isLanguage,
  ZLogoutResponse,
  ZTokenExchangeRequest,
  ZTokenResponse,
  ZUser,
} from '@impact/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { statedLanguage } from '../../lib/request-language';
import { currentUser } from '../../plugins/authentication';
import { findUserById, saveUserLanguage, toUser, upsertUserFromIdentity } from '../users/service';
import type { AccessTokens } from './access-tokens';
import { cookieOptions, PENDING_COOKIE, REFRESH_COOKIE, SESSION_HINT_COOKIE } from './cookies';
import { issueRefreshToken, type RefreshOutcome, revokeFamilyOf, rotateRefreshToken } from './refresh-tokens';
import type { PendingSignIn, RelyingParty } from './relying-party';
import { refuseCrossSite } from './same-origin';
import { revokeSession, type SessionRevocations } from './session-revocations';

/**
 * What other modules do when someone signs in, before the session starts (app.ts passes the
 * review module's: an invitation to review goes to the owner of the provider-verified address).
 */
export type OnSignIn = (db: Db, user: { id: string; email: string }) => Promise<void>;

export type AuthDeps = AppDeps & {
  relyingParty: RelyingParty;
  onSignIn: OnSignIn;
  accessTokens: AccessTokens;
  revocations: SessionRevocations;
  embedded: boolean;
};

const ZPending = z.object({ state: z.string(), nonce: z.string(), codeVerifier: z.string() });

export const authRoutes: FastifyPluginAsyncZod<AuthDeps> = async (
  app,
  { db, config, relyingParty, accessTokens, revocations, embedded, onSignIn },
) => {
  const cookies = cookieOptions(config.publicUrl);
  const redirectUri = `${config.publicUrl}/login-callback`;
  const postLogoutUri = `${config.publicUrl}/logout-callback`;
  // The user comes along, so a page that starts with a renewal does not wait one more request for /User.
  const accessFor = async (user: Parameters<typeof toUser>[0], sessionId: string) => ({
    token: await accessTokens.sign({ userId: user.id, email: user.email, roles: user.roles, sessionId }),
    expiresIn: ACCESS_TOKEN_SECONDS,
    user: toUser(user),
  });

  // Login and Register both start here and go to the identity provider (SPEC 2 "/").
  app.get(
    '/Auth/Login',
    {
      schema: {
        tags: ['auth'],
        summary: 'Start sign-in (or registration) at the identity provider',
        querystring: z.object({ register: z.enum(['true', 'false']).optional(), lang: z.string().max(10).optional() }),
      },
      config: { access: 'public', rateLimit: { max: 60, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const extra: Record<string, string> = {};
      if (request.query.lang && isLanguage(request.query.lang)) extra.ui_locales = request.query.lang;
      if (request.query.register === 'true') {
        // The embedded provider opens its registration page; an external issuer gets prompt=create
        // (OIDC "Initiating User Registration") only when it advertises it, else a plain sign-in.
        if (embedded) extra.screen = 'register';
        else if (await relyingParty.supportsPrompt('create')) extra.prompt = 'create';
      }
      const { url, pending } = await relyingParty.start(redirectUri, extra);
      reply.setCookie(PENDING_COOKIE, JSON.stringify(pending), cookies.pending);
      return reply.redirect(url.toString(), 303);
    },
  );

  app.post(
    '/Jwt/token-exchange',
    {
      schema: { tags: ['auth'], body: ZTokenExchangeRequest, response: { 200: ZTokenResponse } },
      config: { access: 'public', rateLimit: { max: 30, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const { code, state, iss } = request.body;
      if (request.body.redirectUri !== redirectUri) {
        throw new AppError('validation', {
          messageKey: 'errors.auth.exchangeFailed',
          detail: 'unexpected redirectUri',
        });
      }
      const raw = request.cookies[PENDING_COOKIE];
      const unsigned = raw ? request.unsignCookie(raw) : null;
      let pending: PendingSignIn | null = null;
      try {
        pending = unsigned?.valid && unsigned.value ? ZPending.parse(JSON.parse(unsigned.value)) : null;
      } catch {
        pending = null;
      }
      reply.clearCookie(PENDING_COOKIE, { path: cookies.pending.path });
      if (!pending || pending.state !== state) {
        throw new AppError('validation', { messageKey: 'errors.auth.exchangeFailed', detail: 'state mismatch' });
      }
      const callback = new URL(redirectUri);
      callback.searchParams.set('code', code);
      callback.searchParams.set('state', state);
      if (iss) callback.searchParams.set('iss', iss);
      let identity: Awaited<ReturnType<RelyingParty['finish']>>;
      try {
        identity = await relyingParty.finish(callback, pending);
      } catch (err) {
        request.log.warn({ err }, 'code exchange refused');
        throw new AppError('validation', { messageKey: 'errors.auth.exchangeFailed', detail: 'code exchange refused' });
      }
      const user = await upsertUserFromIdentity(db, identity);
      await saveUserLanguage(db, user, statedLanguage(request));
      await onSignIn(db, user);
      const session = await issueRefreshToken(db, user.id, identity.idToken);
      reply.setCookie(REFRESH_COOKIE, session.token, cookies.refresh);
      reply.setCookie(SESSION_HINT_COOKIE, '1', cookies.hint);
      reply.header('cache-control', 'no-store');
      return accessFor(user, session.familyId);
    },
  );

  app.post(
    '/Jwt/refresh',
    {
      schema: { tags: ['auth'], response: { 200: ZTokenResponse } },
      config: { access: 'public', rateLimit: { max: 60, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      refuseCrossSite(request, config.publicUrl);
      const token = request.cookies[REFRESH_COOKIE];
      const outcome: RefreshOutcome = token
        ? await rotateRefreshToken(db, token)
        : { kind: 'rejected', reason: 'unknown' };
      if (outcome.kind === 'rejected') {
        if (outcome.familyId) revocations.markRevoked(outcome.familyId);
        reply.clearCookie(REFRESH_COOKIE, { path: cookies.refresh.path });
        reply.clearCookie(SESSION_HINT_COOKIE, { path: '/' });
        throw new AppError('unauthenticated', { messageKey: 'errors.sessionExpired', detail: outcome.reason });
      }
      const user = await findUserById(db, outcome.userId);
      if (!user) throw new AppError('unauthenticated', { messageKey: 'errors.sessionExpired' });
      await saveUserLanguage(db, user, statedLanguage(request));
      if (outcome.kind === 'rotated') reply.setCookie(REFRESH_COOKIE, outcome.refreshToken, cookies.refresh);
      reply.header('cache-control', 'no-store');
      return accessFor(user, outcome.familyId);
    },
  );

  // Works without a valid access token: a user whose session expired can still sign out everywhere.
  app.post(
    '/Jwt/logout',
    { config: { access: 'public' }, schema: { tags: ['auth'], response: { 200: ZLogoutResponse } } },
    async (request, reply) => {
      refuseCrossSite(request, config.publicUrl);
      const token = request.cookies[REFRESH_COOKIE];
      const revoked = token ? await revokeFamilyOf(db, token) : null;
      // Every access token of the session dies with it; the bearer's own session too (cookie gone).
      for (const sessionId of new Set([revoked?.familyId, request.user?.sessionId])) {
        if (!sessionId) continue;
        if (sessionId !== revoked?.familyId) await revokeSession(db, sessionId);
        revocations.markRevoked(sessionId);
      }
      reply.clearCookie(REFRESH_COOKIE, { path: cookies.refresh.path });
      reply.clearCookie(SESSION_HINT_COOKIE, { path: '/' });
      let logoutUrl = postLogoutUri;
      try {
        logoutUrl = await relyingParty.logoutUrl(postLogoutUri, revoked?.idTokenHint ?? null);
      } catch (err) {
        request.log.warn({ err }, 'provider logout URL unavailable; local logout only');
      }
      return { logoutUrl };
    },
  );

  app.get(
    '/User',
    {
      config: { access: 'user' },
      schema: { tags: ['users'], summary: 'The signed-in user', response: { 200: ZUser } },
    },
    async (request) => {
      const user = await findUserById(db, currentUser(request).id);
      if (!user) throw new AppError('unauthenticated', { messageKey: 'errors.sessionExpired' });
      return toUser(user);
    },
  );
};
