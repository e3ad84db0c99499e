import { isAdmin } from '@impact/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error';
import type { AccessTokens } from '../modules/auth/access-tokens';

export type SessionUser = { id: string; email: string; roles: string[]; isAdmin: boolean; sessionId: string };

declare module 'fastify' {
  interface FastifyRequest {
    /** Set from a valid Bearer token; null when the request carries none (or a bad one). */
    user: SessionUser | null;
    /** Set when a token was sent but is invalid or expired: such requests answer 401, never anonymous. */
    tokenRejected: boolean;
  }
}

/** Reads `Authorization: Bearer <token>` on every request. Deciding who may pass is the hooks' job. */
export const authentication = fp<{ tokens: AccessTokens }>(
  async (app: FastifyInstance, { tokens }) => {
    app.decorateRequest('user', null);
    app.decorateRequest('tokenRejected', false);
    app.addHook('onRequest', async (request) => {
      const header = request.headers.authorization;
      if (!header) return;
      const match = /^Bearer\s+(\S+)$/i.exec(header);
      const claims = match?.[1] ? await tokens.verify(match[1]) : null;
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
    });
  },
  { name: 'authentication' },
);

/** Hook for a scope of routes that need a signed-in user. */
export async function requireUser(request: FastifyRequest, _reply: FastifyReply) {
  if (!request.user) {
    throw new AppError('unauthenticated', {
      messageKey: request.tokenRejected ? 'errors.sessionExpired' : 'errors.unauthenticated',
    });
  }
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
