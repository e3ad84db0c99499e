import type { EarlyRequest } from '../boot/early-requests';

/** After this the page has been open a while: an answer fetched at its start may be stale. */
const ADOPT_WITHIN_MS = 20_000;

/**
 * The answer to a request that `boot/early-requests.ts` already made while the scripts were
 * downloading: the same method, path and query, token and organization, taken once. Null when
 * there is none, and for everything after the page's first seconds.
 *
 * Every request the app sends comes through here, adoptable or not (`adoptable`: no body), because
 * one not adopted makes early answers unfit for later: a write (any method but GET) may change
 * what any of them said, so all are dropped; a GET asked afresh (for another organization, say)
 * drops the early answers for its path, which a later refetch, after a save, would otherwise take
 * as new.
 */
export function takeEarlyResponse(
  request: Pick<EarlyRequest, 'token' | 'organizationId' | 'language'> & {
    method: string;
    url: URL;
    adoptable: boolean;
  },
): Promise<Response | null> | null {
  const early = window.__impactEarlyRequests;
  if (!early) return null;
  if (early.requests.length === 0) {
    if (request.method !== 'GET') early.closed = true;
    return null;
  }
  if (performance.now() - early.startedAt > ADOPT_WITHIN_MS) {
    early.requests.length = 0;
    early.closed = true;
    return null;
  }
  const path = request.url.pathname + request.url.search;
  const index = request.adoptable
    ? early.requests.findIndex(
        (r) =>
          r.method === request.method &&
          r.url === path &&
          r.token === request.token &&
          r.organizationId === request.organizationId &&
          r.language === request.language,
      )
    : -1;
  if (index >= 0) {
    const [found] = early.requests.splice(index, 1);
    return found?.response ?? null;
  }
  if (request.method !== 'GET') {
    // Also those the first script has yet to ask (the wizard's call waits for its submission).
    early.requests.length = 0;
    early.closed = true;
  } else {
    for (let i = early.requests.length - 1; i >= 0; i--)
      if (early.requests[i]?.url === path) early.requests.splice(i, 1);
  }
  return null;
}

/** Whether the page's first script asked for this path (whoever it was for): its answer is on its way. */
export function hasEarlyRequest(method: EarlyRequest['method'], path: string): boolean {
  const early = window.__impactEarlyRequests;
  if (!early || performance.now() - early.startedAt > ADOPT_WITHIN_MS) return false;
  return early.requests.some((r) => r.method === method && r.url === path);
}
