import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { sendProblem } from './problem-details';

/** Paths the single-page app never owns: they answer 404 as problems, not with index.html. */
const SERVER_PREFIXES = ['/api', '/idp', '/dev', '/healthz', '/readyz'];

/**
 * Serves the built web app: hashed assets are cached for a year (their name changes with their
 * content), index.html is revalidated on every load so a deploy is seen at once, and every other
 * browser path falls back to index.html so client routes survive a reload.
 */
export async function registerWebApp(app: FastifyInstance, distDir: string | null) {
  const indexPath = distDir ? path.join(distDir, 'index.html') : null;
  const hasWebApp = indexPath !== null && fs.existsSync(indexPath);
  if (hasWebApp && distDir) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
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

  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    const isServerPath = SERVER_PREFIXES.some((p) => url === p || url.startsWith(`${p}/`));
    const wantsHtml = (request.headers.accept ?? '').includes('text/html');
    if (hasWebApp && request.method === 'GET' && !isServerPath && wantsHtml && !url.startsWith('/assets/')) {
      reply.header('cache-control', 'no-cache');
      return reply.sendFile('index.html');
    }
    return sendProblem(reply, request, 'notFound');
  });
}
