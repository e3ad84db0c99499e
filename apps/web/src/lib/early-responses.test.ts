import { LANGUAGES, USER_CALL_PAGE_SIZE } from '@impact/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  EARLY_CALL_PAGE_SIZE,
  EARLY_LANGUAGE_STORAGE_KEY,
  EARLY_LANGUAGES,
  EARLY_ORGANIZATION_STORAGE_PREFIX,
  EARLY_SESSION_HINT_COOKIE,
  type EarlyRequest,
} from '../boot/early-requests';
import { apiRequest, configureApiClient } from './api-client';
import { LANGUAGE_STORAGE_KEY } from './i18n/i18n';
import { ORGANIZATION_STORAGE_PREFIX } from './selected-organization';
import { SESSION_HINT_COOKIE } from './session';

// The page's first script (boot/early-requests.ts) and the app must agree on every request they
// share, or the app silently asks twice. The network is a stub here; the journey
// e2e/journeys/first-visit.test.ts holds the whole exchange against the real server.
const answer = (body: unknown) => Promise.resolve<Response | null>(new Response(JSON.stringify(body)));

function early(...requests: Omit<EarlyRequest, 'response'>[]) {
  window.__impactEarlyRequests = {
    startedAt: performance.now(),
    requests: requests.map((r) => ({ ...r, response: answer({ from: 'early', url: r.url }) })),
  };
}

describe('answers fetched before the app ran', () => {
  const fetchStub = vi.fn<typeof fetch>();
  let organizationId: string | null = 'org-1';

  beforeEach(() => {
    fetchStub.mockReset();
    fetchStub.mockImplementation(async () => new Response(JSON.stringify({ from: 'app' })));
    vi.stubGlobal('fetch', fetchStub);
    organizationId = 'org-1';
    // The early script and the app send the page's language; an earlier test file may have set another.
    document.documentElement.lang = 'it';
    configureApiClient({
      getAccessToken: () => 'token-1',
      refreshAccessToken: async () => null,
      onSessionLost: () => {},
      getOrganizationId: () => organizationId,
    });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    delete window.__impactEarlyRequests;
  });

  const listUrl = `/api/Call/GetCallListUser?page=1&pageSize=${USER_CALL_PAGE_SIZE}`;

  it('are used for the identical request, once', async () => {
    early({ method: 'GET', url: listUrl, token: 'token-1', organizationId: 'org-1', language: 'it' });
    const query = { page: 1, pageSize: USER_CALL_PAGE_SIZE };
    expect(await apiRequest('Call/GetCallListUser', { query })).toEqual({ from: 'early', url: listUrl });
    expect(fetchStub).not.toHaveBeenCalled();
    expect(await apiRequest('Call/GetCallListUser', { query })).toEqual({ from: 'app' });
    expect(fetchStub).toHaveBeenCalledTimes(1);
  });

  it('are not used for another organization, token, method, query or language', async () => {
    early(
      { method: 'GET', url: listUrl, token: 'token-1', organizationId: 'org-2', language: 'it' },
      // Asked in another language than the app's (its call names would be in that one).
      { method: 'GET', url: listUrl, token: 'token-1', organizationId: 'org-1', language: 'en' },
      { method: 'GET', url: listUrl, token: 'token-0', organizationId: 'org-1', language: 'it' },
      { method: 'POST', url: listUrl, token: 'token-1', organizationId: 'org-1', language: 'it' },
      {
        method: 'GET',
        url: '/api/Call/GetCallListUser?page=2&pageSize=20',
        token: 'token-1',
        organizationId: 'org-1',
        language: 'it',
      },
    );
    expect(await apiRequest('Call/GetCallListUser', { query: { page: 1, pageSize: USER_CALL_PAGE_SIZE } })).toEqual({
      from: 'app',
    });
    expect(fetchStub).toHaveBeenCalledTimes(1);
  });

  it('are dropped for a path the app asked for afresh, so a later refetch cannot take a stale one', async () => {
    const submissionUrl = '/api/Call/GetSubmissionByID?submissionId=s-1';
    // The early script guessed org-1; the app asks before the organizations confirmed any.
    early({ method: 'GET', url: submissionUrl, token: 'token-1', organizationId: 'org-1', language: 'it' });
    organizationId = null;
    const query = { submissionId: 's-1' };
    expect(await apiRequest('Call/GetSubmissionByID', { query })).toEqual({ from: 'app' });
    // After a save, the same request with the now confirmed organization: from the network.
    organizationId = 'org-1';
    expect(await apiRequest('Call/GetSubmissionByID', { query })).toEqual({ from: 'app' });
    expect(fetchStub).toHaveBeenCalledTimes(2);
  });

  it('are all dropped by a write, which may change what they said', async () => {
    early({ method: 'GET', url: listUrl, token: 'token-1', organizationId: 'org-1', language: 'it' });
    await apiRequest('Call/UpsertCallSubmission', { method: 'POST', body: { callId: 'c-1' } });
    expect(await apiRequest('Call/GetCallListUser', { query: { page: 1, pageSize: USER_CALL_PAGE_SIZE } })).toEqual({
      from: 'app',
    });
    expect(fetchStub).toHaveBeenCalledTimes(2);
    // Nor may the first script ask for more after it (the wizard's call waits for its submission).
    expect(window.__impactEarlyRequests?.closed).toBe(true);
  });

  it('are not asked for any more after a write, even one made before any arrived', async () => {
    early();
    await apiRequest('Call/UpsertCallSubmission', { method: 'POST', body: { callId: 'c-1' } });
    expect(window.__impactEarlyRequests?.closed).toBe(true);
  });

  it('are not used once the page has been open a while', async () => {
    early({
      method: 'GET',
      url: '/api/Organization/GetOrganizations',
      token: 'token-1',
      organizationId: null,
      language: 'it',
    });
    organizationId = null;
    vi.spyOn(performance, 'now').mockReturnValue((window.__impactEarlyRequests?.startedAt ?? 0) + 60_000);
    expect(await apiRequest('Organization/GetOrganizations')).toEqual({ from: 'app' });
    vi.restoreAllMocks();
  });

  it('a request the early script could not complete is made by the app', async () => {
    window.__impactEarlyRequests = {
      startedAt: performance.now(),
      requests: [
        {
          method: 'POST',
          url: '/api/Jwt/refresh',
          token: null,
          organizationId: null,
          language: 'it',
          response: Promise.resolve(null),
        },
      ],
    };
    expect(await apiRequest('Jwt/refresh', { method: 'POST', skipAuth: true })).toEqual({ from: 'app' });
  });

  it('share the names the app uses: session cookie, stored organization, page size', () => {
    expect(EARLY_SESSION_HINT_COOKIE).toBe(SESSION_HINT_COOKIE);
    expect(EARLY_ORGANIZATION_STORAGE_PREFIX).toBe(ORGANIZATION_STORAGE_PREFIX);
    expect(EARLY_CALL_PAGE_SIZE).toBe(USER_CALL_PAGE_SIZE);
    expect(EARLY_LANGUAGE_STORAGE_KEY).toBe(LANGUAGE_STORAGE_KEY);
    expect(new Set(EARLY_LANGUAGES)).toEqual(new Set(LANGUAGES));
  });
});
