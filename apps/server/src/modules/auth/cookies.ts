import type { CookieSerializeOptions } from '@fastify/cookie';
import { REFRESH_TOKEN_DAYS } from '@impact/domain';

export const REFRESH_COOKIE = 'ic_refresh';
export const PENDING_COOKIE = 'ic_oidc';
/** Not a secret: tells the web app a session may exist, so anonymous visits skip a refresh call. */
export const SESSION_HINT_COOKIE = 'ic_session';

const DAY_SECONDS = 24 * 60 * 60;

export function cookieOptions(publicUrl: string) {
  const secure = publicUrl.startsWith('https://');
  const refresh: CookieSerializeOptions = {
    httpOnly: true,
    secure,
    sameSite: 'strict',
    path: '/api/Jwt',
    maxAge: REFRESH_TOKEN_DAYS * DAY_SECONDS,
  };
  // Lax: the browser comes back from the provider with a top-level navigation.
  const pending: CookieSerializeOptions = {
    httpOnly: true,
    secure,
    sameSite: 'lax',
    path: '/api/Jwt',
    maxAge: 15 * 60,
    signed: true,
  };
  const hint: CookieSerializeOptions = {
    httpOnly: false,
    secure,
    sameSite: 'lax',
    path: '/',
    maxAge: REFRESH_TOKEN_DAYS * DAY_SECONDS,
  };
  return { refresh, pending, hint };
}
