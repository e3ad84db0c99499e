import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/**
 * A strict Content Security Policy: scripts only from our origin (no inline script anywhere in the
 * app), images from our origin or data: URLs (the configured logo is stored as base64), styles from
 * our origin plus inline style attributes (Mantine sets CSS variables through them). Power BI's
 * report frames are allowed only where Power BI is configured (`frameOrigins`).
 */
export function securityHeaders(options: { isProduction: boolean; frameOrigins?: string[] }): [string, string][] {
  const middleware = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        frameSrc: ["'self'", ...(options.frameOrigins ?? [])],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        baseUri: ["'self'"],
        objectSrc: ["'none'"],
        ...(options.isProduction ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // Strict-Transport-Security only makes sense behind TLS, which production has and localhost has not.
    hsts: options.isProduction,
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  // Helmet's answer does not depend on the request: asked once, on a response that only records.
  const headers = new Map<string, string>();
  const recorder = {
    setHeader: (name: string, value: unknown) => headers.set(name.toLowerCase(), String(value)),
    removeHeader: (name: string) => headers.delete(name.toLowerCase()),
    getHeader: (name: string) => headers.get(name.toLowerCase()),
  };
  middleware({} as IncomingMessage, recorder as unknown as ServerResponse, () => {});
  return [...headers];
}

/**
 * Sets helmet's headers, and the request's id, on every response, computed once at start (@fastify/helmet
 * rebuilt the policy on every request, a tenth of a small API answer's CPU). As the reply's
 * headers, which Node then checks once when it writes them (set on the raw response they were
 * checked twice); a route may override one with reply.header. An answer that bypasses the reply
 * (the identity provider, idp/mount.ts) copies them to the raw response itself.
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  options: { isProduction: boolean; frameOrigins?: string[] },
) {
  const headers = Object.fromEntries(securityHeaders(options));
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(headers);
    // The request's id too, for support and the logs: one hook for every answer's fixed headers
    // (it had an onSend hook of its own, run for every answer).
    reply.header('x-request-id', request.id);
    done();
  });
}
