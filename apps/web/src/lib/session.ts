import { type TTokenResponse, ZLogoutResponse, ZTokenResponse } from '@impact/domain';
import { apiRequest } from './api-client';
import { forgetUnsentOf } from './kept-in-browser';
import { accessToken, getSession, setSession } from './session-store';

const RENEW_BEFORE_EXPIRY_MS = 60_000;
let renewTimer: ReturnType<typeof setTimeout> | undefined;
let refreshing: Promise<string | null> | null = null;

/** Set by the server beside the (unreadable) refresh cookie, so the page knows a renewal is worth asking for. */
export const SESSION_HINT_COOKIE = 'ic_session';

function hasSessionHint() {
  return document.cookie.split(';').some((c) => c.trim().startsWith(`${SESSION_HINT_COOKIE}=`));
}

function scheduleRenewal(expiresIn: number) {
  clearTimeout(renewTimer);
  renewTimer = setTimeout(() => void refreshAccessToken(), Math.max(5_000, expiresIn * 1000 - RENEW_BEFORE_EXPIRY_MS));
}

function adopt(tokens: TTokenResponse) {
  setSession({ status: 'authenticated', token: tokens.token, user: tokens.user });
  scheduleRenewal(tokens.expiresIn);
}

/** A fresh access token from the refresh cookie; null when the session is over. Single-flight. */
export function refreshAccessToken(): Promise<string | null> {
  refreshing ??= (async () => {
    try {
      const tokens = ZTokenResponse.parse(await apiRequest('Jwt/refresh', { method: 'POST', skipAuth: true }));
      const current = getSession();
      if (current.status === 'authenticated') {
        setSession({ ...current, token: tokens.token });
        scheduleRenewal(tokens.expiresIn);
      } else {
        adopt(tokens);
      }
      return tokens.token;
    } catch {
      return null;
    } finally {
      refreshing = null;
    }
  })();
  return refreshing;
}

/** On page load: resume the session if the refresh cookie is there; a signed-in user needs token and user (SPEC 4). */
export async function bootstrapSession() {
  if (!hasSessionHint()) {
    setSession({ status: 'anonymous' });
    return;
  }
  const token = await refreshAccessToken();
  if (!token) setSession({ status: 'anonymous' });
}

const exchanges = new Map<string, Promise<void>>();

/** /login-callback: the code is single-use, so a repeated render shares the one exchange. */
export function completeSignIn(params: { code: string; state: string; iss?: string }): Promise<void> {
  const existing = exchanges.get(params.code);
  if (existing) return existing;
  const run = (async () => {
    const tokens = ZTokenResponse.parse(
      await apiRequest('Jwt/token-exchange', {
        method: 'POST',
        skipAuth: true,
        body: { ...params, redirectUri: `${window.location.origin}/login-callback` },
      }),
    );
    adopt(tokens);
  })();
  exchanges.set(params.code, run);
  return run;
}

/** Ends the session locally; the caller decides where the browser goes. */
export function endSessionLocally() {
  clearTimeout(renewTimer);
  setSession({ status: 'anonymous' });
}

/** Logout revokes the refresh token on the server, then passes through the provider's logout. */
export async function logout() {
  let target = '/logout-callback';
  try {
    target = ZLogoutResponse.parse(await apiRequest('Jwt/logout', { method: 'POST', skipAuth: true })).logoutUrl;
  } catch {
    // Even if the server is unreachable, forget the session here.
  }
  const session = getSession();
  if (session.status === 'authenticated') forgetUnsentOf(session.user.id);
  endSessionLocally();
  window.location.assign(target);
}

export { accessToken };
