import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiRequest, configureApiClient } from './api-client';

// Unit test of the client's own logic (renewal, session loss, headers): the network is a stub here;
// the real server is exercised by the integration tests and journeys.
const problem = (status: number) =>
  new Response(JSON.stringify({ type: '/problems/x', title: 'x', status, messageKey: 'errors.x' }), {
    status,
    headers: { 'content-type': 'application/problem+json' },
  });
const ok = (body: unknown) => new Response(JSON.stringify(body), { status: 200 });

describe('apiRequest', () => {
  const fetchStub = vi.fn<typeof fetch>();
  const onSessionLost = vi.fn();
  let token: string | null = 'old-token';
  const refreshAccessToken = vi.fn(async () => {
    token = 'new-token';
    return token;
  });

  beforeEach(() => {
    vi.stubGlobal('fetch', fetchStub);
    token = 'old-token';
    configureApiClient({
      getAccessToken: () => token,
      refreshAccessToken,
      onSessionLost,
      getOrganizationId: () => 'org-1',
    });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    fetchStub.mockReset();
    onSessionLost.mockReset();
    refreshAccessToken.mockClear();
  });

  it('sends the bearer token and the selected organization', async () => {
    fetchStub.mockResolvedValueOnce(ok({ a: 1 }));
    expect(await apiRequest('Thing/Get', { query: { id: 'x' } })).toEqual({ a: 1 });
    const [url, init] = fetchStub.mock.calls[0] ?? [];
    expect(String(url)).toContain('/api/Thing/Get?id=x');
    const headers = (init?.headers ?? {}) as Record<string, string>;
    expect(headers.authorization).toBe('Bearer old-token');
    expect(headers['x-organization-id']).toBe('org-1');
  });

  it('renews the token once on 401 and retries', async () => {
    fetchStub.mockResolvedValueOnce(problem(401)).mockResolvedValueOnce(ok({ fine: true }));
    expect(await apiRequest('Thing/Get')).toEqual({ fine: true });
    expect(refreshAccessToken).toHaveBeenCalledOnce();
    const retried = (fetchStub.mock.calls[1]?.[1]?.headers ?? {}) as Record<string, string>;
    expect(retried.authorization).toBe('Bearer new-token');
    expect(onSessionLost).not.toHaveBeenCalled();
  });

  it.each([401, 403, 498])('ends the session on %i that renewal cannot fix (SPEC 4)', async (status) => {
    fetchStub.mockResolvedValue(problem(status));
    await expect(apiRequest('Thing/Get')).rejects.toBeInstanceOf(ApiError);
    expect(onSessionLost).toHaveBeenCalledOnce();
  });

  it('does not end the session when only the selected organization is stale', async () => {
    fetchStub.mockResolvedValueOnce(
      new Response(
        JSON.stringify({
          type: '/problems/forbidden',
          title: 'x',
          status: 403,
          messageKey: 'errors.organizations.notYours',
        }),
        { status: 403 },
      ),
    );
    await expect(apiRequest('Thing/Get')).rejects.toMatchObject({ status: 403 });
    expect(onSessionLost).not.toHaveBeenCalled();
  });

  it('does not end the session for other errors, and reports network failures as status 0', async () => {
    fetchStub.mockResolvedValueOnce(problem(409));
    await expect(apiRequest('Thing/Get')).rejects.toMatchObject({ status: 409 });
    fetchStub.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const error = await apiRequest('Thing/Get').catch((e: ApiError) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).isNetworkError).toBe(true);
    expect(onSessionLost).not.toHaveBeenCalled();
  });

  it('reports a connection lost, or a time given run out, while the answer is read as a network failure', async () => {
    const cut = (reason: Error) =>
      new Response(
        new ReadableStream({
          start(controller) {
            controller.enqueue(new TextEncoder().encode('{"id":'));
            controller.error(reason);
          },
        }),
        { status: 200 },
      );
    fetchStub.mockResolvedValueOnce(cut(new TypeError('network error')));
    expect(await apiRequest('Thing/Get').catch((e: ApiError) => e.isNetworkError)).toBe(true);
    fetchStub.mockResolvedValueOnce(cut(new DOMException('timed out', 'TimeoutError')));
    expect(await apiRequest('Thing/Get').catch((e: ApiError) => e.isNetworkError)).toBe(true);
    // A body that is not JSON is no network failure (it would be retried for ever).
    fetchStub.mockResolvedValueOnce(new Response('<html>', { status: 200 }));
    expect(await apiRequest('Thing/Get').catch((e: Error) => e instanceof ApiError)).toBe(false);
  });
});
