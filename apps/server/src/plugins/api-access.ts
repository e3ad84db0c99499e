import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { signInRequired } from './authentication';

/**
 * The only /api routes an anonymous caller may reach, as "METHOD /path" exactly as registered.
 * Everything else under /api needs a signed-in user (admin routes add their role check), so a
 * route added tomorrow is protected even if its module forgets to say so.
 */
export const PUBLIC_API_ROUTES: readonly string[] = [
  // The welcome page needs the branding before anyone signs in.
  'GET /api/Config/GetConfig',
  // The active logo as an image (the PDF and pages that prefer a URL); sanitised on upload.
  'GET /api/Config/GetLogo',
  // Sign-in starts, ends and renews without an access token (the refresh cookie is the credential).
  'GET /api/Auth/Login',
  'POST /api/Jwt/token-exchange',
  'POST /api/Jwt/refresh',
  // A user whose session expired can still sign out everywhere.
  'POST /api/Jwt/logout',
];

/** Swagger UI and the OpenAPI document: public where they are served at all (see config.apiDocs). */
const DOCS_PREFIX = '/api/docs';

/** One authentication gate for the whole /api prefix, registered right after `authentication`. */
export const apiAccess = fp(
  async (app: FastifyInstance) => {
    const open = new Set(PUBLIC_API_ROUTES);
    app.addHook('onRequest', (request, _reply, done) => {
      // The matched route's pattern, not the raw URL: however a path is spelled, it is the route that runs.
      const route = request.routeOptions.url;
      // No route matched: the 404 problem answers, and it reveals nothing.
      if (route === undefined || (route !== '/api' && !route.startsWith('/api/'))) return done();
      if (route === DOCS_PREFIX || route.startsWith(`${DOCS_PREFIX}/`)) return done();
      if (open.has(`${request.method} ${route}`)) return done();
      // HEAD is answered by the GET route.
      if (request.method === 'HEAD' && open.has(`GET ${route}`)) return done();
      done(signInRequired(request) ?? undefined);
    });
  },
  { name: 'api-access', dependencies: ['authentication'] },
);
