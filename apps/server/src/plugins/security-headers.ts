import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/**
 * A strict Content Security Policy: scripts only from our origin (no inline script anywhere in the
 * app), images from our origin or data: URLs (the configured logo is stored as base64), styles from
 * our origin plus inline style attributes (Mantine sets CSS variables through them). Power BI's
 * report frames are allowed only where Power BI is configured (`frameOrigins`).
 */
type HeaderOptions = { isProduction: boolean; frameOrigins?: string[] };

export function securityHeaders(options: HeaderOptions & { frameAncestors?: string[] }): [string, string][] {
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
        // Nobody may frame a page, but the embeddable call list its listed sites (embedPolicy).
        frameAncestors: options.frameAncestors?.length ? options.frameAncestors : ["'none'"],
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
    // Said twice for older browsers that ignore frame-ancestors (the embed page drops it).
    xFrameOptions: { action: 'deny' },
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

/**
 * The Content Security Policy of the one page other sites may frame (/embed/calls, decision 0038's
 * addendum): the same policy with `frame-ancestors` naming the origins the active branding lists,
 * or 'none' when it lists none. Computed once per list of origins (they change rarely).
 */
export function embedPolicy(options: HeaderOptions) {
  let last: { key: string; csp: string } | null = null;
  return (origins: string[]): string => {
    const key = origins.join(' ');
    if (last?.key !== key) {
      const csp = new Map(securityHeaders({ ...options, frameAncestors: origins })).get('content-security-policy');
      if (!csp) throw new Error('helmet set no content-security-policy');
      last = { key, csp };
    }
    return last.csp;
  };
}
