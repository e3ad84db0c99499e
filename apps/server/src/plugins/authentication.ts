import { isAdmin } from '@impact/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error';
import type { AccessClaims, AccessTokens } from '../modules/auth/access-tokens';

export type SessionUser = { id: string; email: string; roles: string[]; isAdmin: boolean; sessionId: string };

declare module 'fastify' {
  interface FastifyRequest {
    /** Set from a valid Bearer token; null when the request carries none (or a bad one). */
    user: SessionUser | null;
    /** Set when a token was sent but is invalid or expired: such requests answer 401, never anonymous. */
    tokenRejected: boolean;
  }
}

/**
 * Reads `Authorization: Bearer <token>` on every request. Deciding who may pass is the hooks' job.
 * `withSessionCheck` is told a valid token's claims when its session must be asked about, so that
 * a later hook's question can be asked in the same query (organization-header.ts).
 */
export const authentication = fp<{
  tokens: AccessTokens;
  withSessionCheck?: (request: FastifyRequest, claims: AccessClaims) => void;
}>(
  async (app: FastifyInstance, { tokens, withSessionCheck }) => {
    app.decorateRequest('user', null);
    app.decorateRequest('tokenRejected', false);
    const accept = (request: FastifyRequest, claims: AccessClaims | null) => {
      if (!claims) {
        request.tokenRejected = true;
        return;
      }
      request.user = {
        id: claims.userId,
        email: claims.email,
        roles: claims.roles,
        isAdmin: isAdmin(claims.roles),
        sessionId: claims.sessionId,
      };
    };
    // Callback style: a token seen before, of a session known to be live, passes without a promise.
    app.addHook('onRequest', (request, _reply, done) => {
      const header = request.headers.authorization;
      if (!header) return done();
      const token = /^Bearer\s+(\S+)$/i.exec(header)?.[1];
      if (!token) {
        accept(request, null);
        return done();
      }
      const known = tokens.verifyKnown(token);
      if (known !== undefined) {
        accept(request, known);
        return done();
      }
      const alongside = withSessionCheck && ((claims: AccessClaims) => withSessionCheck(request, claims));
      tokens.verify(token, alongside).then((claims) => {
        accept(request, claims);
        done();
      }, done);
    });
  },
  { name: 'authentication' },
);

/** The refusal of a request without a signed-in user; null when it has one. */
export function signInRequired(request: FastifyRequest): AppError | null {
  if (request.user) return null;
  return new AppError('unauthenticated', {
    messageKey: request.tokenRejected ? 'errors.sessionExpired' : 'errors.unauthenticated',
  });
}

/** Hook for a scope of routes that need a signed-in user. */
export async function requireUser(request: FastifyRequest, _reply: FastifyReply) {
  const refusal = signInRequired(request);
  if (refusal) throw refusal;
}

/** Hook for admin-only scopes: 401 without a session, 403 for a signed-in non-admin (SPEC 6). */
export async function requireAdmin(request: FastifyRequest, reply: FastifyReply) {
  await requireUser(request, reply);
  if (!request.user?.isAdmin) throw new AppError('forbidden');
}

/** The signed-in user inside a handler protected by requireUser. */
export function currentUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw new AppError('unauthenticated');
  return request.user;
}
