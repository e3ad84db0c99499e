import { type TProblem, ZProblem } from '@impact/domain';

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
  signal?: AbortSignal;
};

const networkProblem: TProblem = {
  type: '/problems/network',
  title: 'Network error',
  status: 0,
  messageKey: 'errors.network',
};

/** Every call to our API goes through here, so headers and error handling live in one place. */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const url = new URL(`/api/${path.replace(/^\//, '')}`, window.location.origin);
  for (const [k, v] of Object.entries(options.query ?? {})) {
    if (v !== undefined) url.searchParams.set(k, String(v));
  }
  const headers: Record<string, string> = { accept: 'application/json' };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(url, {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      credentials: 'same-origin',
      signal: options.signal,
    });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw new ApiError(networkProblem);
  }
  if (!response.ok) {
    const body = await response.json().catch(() => null);
    const parsed = ZProblem.safeParse(body);
    throw new ApiError(
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
  if (response.status === 204) return undefined as T;
  return (await response.json()) as T;
}
