import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { ActiveConfigCache } from '../modules/config/active-config-cache';
import { LANGUAGE_COOKIE, loadAppPages, pageLanguage } from './app-page';
import { sendProblem } from './problem-details';

/** Paths the single-page app never owns: they answer 404 as problems, not with index.html. */
const SERVER_PREFIXES = ['/api', '/idp', '/dev', '/healthz', '/readyz', '/p', '/embed'];

/**
 * Serves the built web app: hashed assets are cached for a year (their name changes with their
 * content), index.html is revalidated on every load so a deploy is seen at once, and every other
 * browser path falls back to index.html so client routes survive a reload.
 */
export async function registerWebApp(app: FastifyInstance, distDir: string | null, configCache: ActiveConfigCache) {
  const indexPath = distDir ? path.join(distDir, 'index.html') : null;
  const hasWebApp = indexPath !== null && fs.existsSync(indexPath);
  const page = hasWebApp && distDir ? loadAppPages(distDir) : null;
  if (hasWebApp && distDir) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      // The build writes .br and .gz next to each asset (apps/web/vite.config.ts): sent as they are.
      preCompressed: true,
      cacheControl: false, // our setHeaders decides, per file kind
      setHeaders(res, filePath) {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.setHeader('cache-control', 'public, max-age=31536000, immutable');
        } else {
          res.setHeader('cache-control', 'no-cache');
        }
      },
    });
  } else {
    app.log.warn({ distDir }, 'web app not built: serving the API only (run `npm run build`)');
  }

  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    const isServerPath = SERVER_PREFIXES.some((p) => url === p || url.startsWith(`${p}/`));
    // Like any web server, a page is the answer to a browser, to HEAD (uptime checks) and to a client
    // that states no preference (curl, no Accept or */*); only clients asking for something else
    // (application/json) get the 404 problem.
    const accept = request.headers.accept ?? '';
    const wantsHtml = accept === '' || accept.includes('text/html') || accept.includes('*/*');
    const readMethod = request.method === 'GET' || request.method === 'HEAD';
    if (page && readMethod && !isServerPath && wantsHtml && !url.startsWith('/assets/')) {
      const chosen = request.cookies[LANGUAGE_COOKIE];
      const language = pageLanguage(chosen, chosen ? '' : (await configCache.get()).defaultLanguage);
      // The page's hints depend on the language cookie; it is revalidated on every load anyway.
      reply.header('cache-control', 'no-cache').header('vary', 'cookie').type('text/html; charset=utf-8');
      return reply.send(request.method === 'HEAD' ? undefined : page(language, url));
    }
    return sendProblem(reply, request, 'notFound');
  });
}
