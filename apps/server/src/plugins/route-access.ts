import { isInCustomizeDomain } from '@impact/domain';
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { type AppError, forbidden } from '../lib/app-error';

import { signInRequired } from './authentication';

/**
 * Who may call a route, stated in its options (`config: { access, owns }`) next to its schema:
 * - public: anyone;
 * - user: any signed-in user; with `owns`, the query or body field holding an id the service
 *   checks belongs to the caller (someone else's is a 404: the declaration names it, the service
 *   enforces it, the authorization matrix tries it);
 * - admin: the admin role (401 without a session, 403 for anyone else);
 * - customizer: an admin whose e-mail domain is CUSTOMIZE_EMAIL_DOMAIN.
 */
export type RouteAccess = 'public' | 'user' | 'admin' | 'customizer';
export type AccessDeclaration = { access: RouteAccess; owns?: string };

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
    owns?: string;
  }
}

/** Routes added by libraries, which cannot state their access: the API's browsable docs. */
const LIBRARY_PUBLIC_PREFIXES = ['/api/docs'];

/** `METHOD /path` as the OpenAPI document spells it, for every declared route. */
export type AccessTable = Map<string, AccessDeclaration>;

function declarationOf(route: RouteOptions): AccessDeclaration {
  const config = (route.config ?? {}) as { access?: RouteAccess; owns?: string; file?: string };
  if (config.access) return { access: config.access, ...(config.owns ? { owns: config.owns } : {}) };
  const url = route.url;
  // The web app's built files (@fastify/static marks each route with the file it serves).
  if (typeof config.file === 'string') return { access: 'public' };
  if (LIBRARY_PUBLIC_PREFIXES.some((p) => url === p || url.startsWith(`${p}/`))) return { access: 'public' };
  const methods = [route.method].flat().join(',');
  throw new Error(
    `${methods} ${url} states no access: add config: { access } to its options (plugins/route-access.ts)`,
  );
}

/** What a declaration demands of a request: the refusal, or null to let it through. */
function refusalFor(request: FastifyRequest, access: RouteAccess, customizeDomain: string): AppError | null {
  if (access === 'public') return null;
  const noUser = signInRequired(request);
  if (noUser) return noUser;
  if (access === 'user') return null;
  if (!request.user?.isAdmin) return forbidden();
  if (access === 'customizer' && !isInCustomizeDomain(request.user.email, customizeDomain))
    return forbidden('errors.config.outsideDomain');
  return null;
}

/**
 * Deny by default, in one place: registered before any route, it refuses to build an app with a
 * route that states no access (so the server does not start) and keeps the table of declarations
 * (published as `x-access` by plugins/openapi.ts); `routeAccessCheck` enforces them.
 */
export const routeAccess = fp<{ table: AccessTable }>(
  async (app: FastifyInstance, { table }) => {
    app.addHook('onRoute', (route) => {
      const declaration = declarationOf(route);
      route.config = { ...(route.config ?? {}), ...declaration };
      const path = route.url.replace(/:(\w+)/g, '{$1}');
      for (const method of [route.method].flat()) table.set(`${method} ${path}`, declaration);
    });
  },
  { name: 'route-access' },
);

/** The enforcing hook, registered right after `authentication`. */
export const routeAccessCheck = fp<{ customizeDomain: string }>(
  async (app: FastifyInstance, { customizeDomain }) => {
    app.addHook('onRequest', (request, _reply, done) => {
      // No route matched: the 404 answers, and it reveals nothing.
      const access = request.routeOptions.config?.access;
      if (!access) return done();
      done(refusalFor(request, access, customizeDomain) ?? undefined);
    });
  },
  { name: 'route-access-check', dependencies: ['authentication'] },
);
