import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error';

/**
 * The cookie endpoints (refresh, logout) act on the refresh cookie alone, so another site must not
 * be able to make a browser call them. SameSite=Strict already stops the cookie; this is the
 * second lock: a browser's Sec-Fetch-Site (which pages cannot forge) must say same-origin (or
 * none: typed by the user), and an Origin, when sent, must be ours. Clients that send neither
 * (curl, tests) carry no victim's cookie and pass.
 */
export function refuseCrossSite(request: FastifyRequest, publicUrl: string) {
  const site = request.headers['sec-fetch-site'];
  if (typeof site === 'string' && site !== 'same-origin' && site !== 'none') throw crossSite();
  const origin = request.headers.origin;
  // With Sec-Fetch-Site present the browser has spoken (the Vite dev server's origin differs from PUBLIC_URL).
  if (typeof origin === 'string' && site === undefined && origin !== new URL(publicUrl).origin) throw crossSite();
}

const crossSite = () =>
  new AppError('forbidden', { messageKey: 'errors.auth.crossSite', detail: 'cross-site request' });
