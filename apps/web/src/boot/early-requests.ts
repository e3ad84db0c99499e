/**
 * The first requests of a signed-in visit, started while the app's scripts still download.
 *
 * Without this, a visit to /calls waits for the scripts, then renews the session, then asks for the
 * organizations, then for the call list: three round trips one after the other once the scripts
 * have run (on a slow mobile line about 0.6 s each). This tiny script is loaded before the app's
 * own (apps/server/src/plugins/app-page.ts puts it in the page) and makes the same requests the app
 * will make, each exactly as `lib/api-client.ts` would send it. The app adopts an answer only for a
 * request identical in method, path, token and organization (`lib/early-responses.ts`); anything
 * else it asks for itself, so a wrong guess costs a request, never a wrong answer.
 *
 * It imports nothing, so the bundler keeps it a file of its own of about one kilobyte. The names it
 * shares with the app (cookie, storage key, page size) are held equal by lib/early-responses.test.ts.
 */

/** What the app reads (lib/early-responses.ts). */
export type EarlyRequest = {
  method: 'GET' | 'POST';
  /** Path and query, as `new URL(...)` writes them. */
  url: string;
  token: string | null;
  organizationId: string | null;
  /** The Accept-Language sent: answers with call texts are in it. */
  language: string;
  response: Promise<Response | null>;
};

export type EarlyRequests = {
  startedAt: number;
  requests: EarlyRequest[];
  /** Set by the app once early answers may be stale (it wrote something): none are asked after. */
  closed?: boolean;
};

declare global {
  interface Window {
    __impactEarlyRequests?: EarlyRequests;
  }
}

export const EARLY_SESSION_HINT_COOKIE = 'ic_session';
export const EARLY_ORGANIZATION_STORAGE_PREFIX = 'impact-calls.organization.';
export const EARLY_CALL_PAGE_SIZE = 20;
export const EARLY_LANGUAGE_STORAGE_KEY = 'impact-calls.language';
export const EARLY_LANGUAGES = ['it', 'en', 'fr'];

/**
 * The language the app will speak, as lib/i18n/i18n.ts chooses it: named in the address, else the
 * reader's remembered choice, else the page's (the server writes the chosen or default language
 * into it). The session's renewal saves it as the person's language for their mail, so a guess
 * here would send a French reader Italian mail.
 */
function appLanguage(): string {
  const named = new URLSearchParams(window.location.search).get('lang');
  if (named && EARLY_LANGUAGES.includes(named)) return named;
  try {
    const stored = window.localStorage.getItem(EARLY_LANGUAGE_STORAGE_KEY);
    if (stored && EARLY_LANGUAGES.includes(stored)) return stored;
  } catch {
    // storage disabled: the page's language
  }
  return document.documentElement.lang || 'it';
}

const early: EarlyRequests = { startedAt: performance.now(), requests: [] };

function ask(method: 'GET' | 'POST', url: string, token: string | null, organizationId: string | null) {
  // The app has written since (an upload, say): an answer asked now could still be from before
  // the write had an effect, as far as the app can tell, so none is.
  if (early.closed) return Promise.resolve(null);
  // The app adopts the answer only if it asks in the same language.
  const language = appLanguage();
  const headers: Record<string, string> = { accept: 'application/json', 'accept-language': language };
  if (token) headers.authorization = `Bearer ${token}`;
  if (organizationId) headers['x-organization-id'] = organizationId;
  const response = fetch(url, { method, headers, credentials: 'same-origin' }).catch(() => null);
  early.requests.push({ method, url, token, organizationId, language, response });
  return response;
}

/** The answer's JSON, read from a copy: the app reads the answer itself. */
async function readJson(response: Response | null): Promise<Record<string, unknown> | null> {
  if (!response?.ok) return null;
  try {
    const body: unknown = await response.clone().json();
    return body && typeof body === 'object' ? (body as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

function storedOrganization(userId: string): string | null {
  try {
    return window.localStorage.getItem(EARLY_ORGANIZATION_STORAGE_PREFIX + userId);
  } catch {
    return null;
  }
}

async function start() {
  const signedIn = document.cookie.split(';').some((c) => c.trim().startsWith(`${EARLY_SESSION_HINT_COOKIE}=`));
  if (!signedIn) return;
  const session = await readJson(await ask('POST', '/api/Jwt/refresh', null, null));
  const token = session?.token;
  const userId = (session?.user as { id?: unknown } | undefined)?.id;
  if (typeof token !== 'string' || typeof userId !== 'string') return;
  // The organization remembered on this browser; the app sends it only once the user's own list
  // has confirmed it, which is when it adopts the answers below (or asks again with another).
  const organizationId = storedOrganization(userId);
  void ask('GET', '/api/Organization/GetOrganizations', token, null);
  const path = window.location.pathname;
  if (path === '/calls' && organizationId) {
    void ask('GET', `/api/Call/GetCallListUser?page=1&pageSize=${EARLY_CALL_PAGE_SIZE}`, token, organizationId);
  }
  const wizard = /^\/call\/([0-9a-fA-F-]{36})(\/|$)/.exec(path);
  // An administrator's read-only view reads the submission through the admin's endpoint
  // (features/applying/pages/submission-page.tsx): the applicant's, asked here, would be refused.
  const roles = (session?.user as { roles?: unknown } | undefined)?.roles;
  const admin = Array.isArray(roles) && roles.some((r) => typeof r === 'string' && r.toLowerCase() === 'admin');
  const adminView = admin && new URLSearchParams(window.location.search).get('readonly') === 'true';
  if (wizard && !adminView) {
    // With the organization, as the app asks once the organizations have confirmed it
    // (app/first-page-data.ts asks for them first).
    const submission = await readJson(
      await ask('GET', `/api/Call/GetSubmissionByID?submissionId=${wizard[1]}`, token, organizationId),
    );
    const callId = submission?.callId;
    if (typeof callId === 'string' && /^[0-9a-fA-F-]{36}$/.test(callId)) {
      void ask('GET', `/api/Call/GetCallById?callId=${callId}`, token, organizationId);
    }
  }
}

window.__impactEarlyRequests = early;
void start();
