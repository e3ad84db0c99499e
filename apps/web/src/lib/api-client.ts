import { type TProblem, ZProblem } from '@impact/domain';
import { takeEarlyResponse } from './early-responses';

/** A failed API call: the server's problem document, or a synthetic one for network failures. */
export class ApiError extends Error {
  readonly status: number;
  readonly problem: TProblem;
  constructor(problem: TProblem) {
    super(problem.title);
    this.status = problem.status;
    this.problem = problem;
  }
  get isNetworkError() {
    return this.status === 0;
  }
}

type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  query?: Record<string, string | number | boolean | undefined>;
  body?: unknown;
  /** multipart uploads: sent as is, without a JSON content type */
  formData?: FormData;
  signal?: AbortSignal;
  /** Sign-in calls themselves must not trigger the session machinery. */
  skipAuth?: boolean;
  /** 'stream': the response itself, its body unread (server-sent events read with the bearer header). */
  responseType?: 'json' | 'blob' | 'stream';
  /** Paged lists carry their total and next cursor in headers (TOTAL_COUNT_HEADER, NEXT_CURSOR_HEADER). */
  onHeaders?: (headers: Headers) => void;
};

/**
 * Hooks the session and organization features plug in at start-up, so this file knows nothing
 * of them: the current token, a way to renew it, what to do when the session is lost, and the
 * organization to send as X-Organization-Id.
 */
type ClientHooks = {
  getAccessToken: () => string | null;
  refreshAccessToken: () => Promise<string | null>;
  onSessionLost: () => void;
  getOrganizationId: () => string | null;
};
const hooks: ClientHooks = {
  getAccessToken: () => null,
  refreshAccessToken: async () => null,
  onSessionLost: () => {},
  getOrganizationId: () => null,
};
export function configureApiClient(partial: Partial<ClientHooks>) {
  Object.assign(hooks, partial);
}

const networkProblem: TProblem = {
  type: '/problems/network',
  title: 'Network error',
  status: 0,
  messageKey: 'errors.network',
};

/** SPEC 4 "Session": these answers end the session. 401 is tried once more after a silent renewal. */
const SESSION_ENDING = new Set([401, 403, 498]);
const ORGANIZATION_REFUSALS = new Set([
  'errors.organizations.notYours',
  'errors.organizations.roleTooLow',
  // A call's screener stands between the organization and a new application (the page says why).
  'errors.screening.required',
  'errors.screening.ineligible',
]);

/** The page's language, as initI18n writes it on <html>; the server falls back to its default without one. */
export const contentLanguage = () => document.documentElement.lang || 'it';

async function send(path: string, options: RequestOptions, token: string | null): Promise<Response> {
  const url = new URL(`/api/${path.replace(/^\//, '')}`, window.location.origin);
  for (const [k, v] of Object.entries(options.query ?? {})) {
    if (v !== undefined) url.searchParams.set(k, String(v));
  }
  // The interface's language (set on <html> with it): applicant reads answer the call's texts in it.
  const language = contentLanguage();
  const headers: Record<string, string> = { accept: 'application/json', 'accept-language': language };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;
  const organizationId = options.skipAuth ? null : hooks.getOrganizationId();
  if (organizationId) headers['x-organization-id'] = organizationId;
  const method = options.method ?? 'GET';
  // The same request made by the page's first script while the app was still downloading.
  const adoptable = options.body === undefined && !options.formData;
  const early = takeEarlyResponse({ method, url, token, organizationId, language, adoptable });
  const response = early && (await early);
  if (response) return response;
  try {
    return await fetch(url, {
      method,
      headers,
      body: options.formData ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
      credentials: 'same-origin',
      signal: options.signal,
    });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw new ApiError(networkProblem);
  }
}

async function toApiError(response: Response): Promise<ApiError> {
  const body = await response.json().catch(() => null);
  const parsed = ZProblem.safeParse(body);
  return new ApiError(
    parsed.success
      ? parsed.data
      : {
          type: '/problems/http',
          title: response.statusText,
          status: response.status,
          messageKey: 'errors.unexpected',
        },
  );
}

/** Every call to our API goes through here, so headers, renewal and error handling live in one place. */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const token = options.skipAuth ? null : hooks.getAccessToken();
  let response = await send(path, options, token);
  if (response.status === 401 && token && !options.skipAuth) {
    const renewed = await hooks.refreshAccessToken();
    if (renewed) response = await send(path, options, renewed);
  }
  if (!response.ok) {
    const error = await toApiError(response);
    // A 403 for a stale selected organization (deleted in another tab, or the caller removed from
    // it) is not a lost session: the organization list resynchronises the selection instead; nor
    // is a role too small for the action (a viewer's write), nor an organization not (yet) eligible
    // for a call, which the page explains.
    const organizationRefusal = ORGANIZATION_REFUSALS.has(error.problem.messageKey);
    if (!options.skipAuth && token && SESSION_ENDING.has(response.status) && !organizationRefusal)
      hooks.onSessionLost();
    throw error;
  }
  options.onHeaders?.(response.headers);
  if (response.status === 204) return undefined as T;
  if (options.responseType === 'stream') return response as T;
  try {
    return (options.responseType === 'blob' ? await response.blob() : await response.json()) as T;
  } catch (err) {
    // The connection dropped (a TypeError), or the time given ran out, while the answer was read.
    if (err instanceof TypeError || (err as Error).name === 'TimeoutError') throw new ApiError(networkProblem);
    throw err;
  }
}
