import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type Provider from 'oidc-provider';
import { IDP_PATH } from './provider';

/** Paths under /idp that are our own Fastify routes, not the provider's. */
const OWN_PATHS = ['/interaction/', '/verify', '/forgot', '/reset', '/assets/'];

const PROVIDER_HEADERS: Record<string, string> = {
  'content-security-policy':
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; frame-ancestors 'none'; form-action 'self' http: https:; base-uri 'self'; object-src 'none'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
};

/**
 * Hands /idp requests to oidc-provider (a Koa app) before Fastify reads their body: the provider
 * parses its own forms. The mount path is given through originalUrl, as Express would.
 */
export const mountProvider = fp<{ provider: Provider }>(async (app: FastifyInstance, { provider }) => {
  const callback = provider.callback();
  app.addHook('onRequest', (request, reply, done) => {
    const url = request.raw.url ?? '';
    const isProviderPath = url === IDP_PATH || url.startsWith(`${IDP_PATH}/`) || url.startsWith(`${IDP_PATH}?`);
    const rest = url.slice(IDP_PATH.length);
    if (!isProviderPath || OWN_PATHS.some((p) => rest.startsWith(p))) {
      done();
      return;
    }
    reply.hijack();
    // Hijacked, the reply's headers (the security headers and the request id) are not sent: copied first.
    for (const [name, value] of Object.entries(reply.getHeaders()))
      if (value !== undefined) reply.raw.setHeader(name, value);
    for (const [name, value] of Object.entries(PROVIDER_HEADERS)) reply.raw.setHeader(name, value);
    const raw = request.raw as typeof request.raw & { originalUrl?: string };
    raw.originalUrl = url;
    raw.url = rest.startsWith('/') ? rest : `/${rest}`;
    void callback(raw, reply.raw);
  });
});
