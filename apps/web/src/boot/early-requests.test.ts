import { afterEach, describe, expect, it, vi } from 'vitest';

const submissionId = '00000000-0000-4000-8000-000000000001';
const callId = '00000000-0000-4000-8000-000000000002';
const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });

/** Runs the page's first script on `url` for a user with `roles`; returns the paths it asked for. */
async function askedOn(url: string, roles: string[]) {
  window.history.replaceState(null, '', url);
  // biome-ignore lint/suspicious/noDocumentCookie: jsdom has no Cookie Store API
  document.cookie = 'ic_session=1; path=/';
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string) => {
      asked.push(path);
      if (path === '/api/Jwt/refresh') return json({ token: 't', user: { id: 'u-1', roles } });
      if (path.startsWith('/api/Call/GetSubmissionByID')) return json({ id: submissionId, callId });
      return json([]);
    }),
  );
  vi.resetModules();
  await import('./early-requests');
  await vi.waitFor(() => expect(asked.length).toBeGreaterThan(1));
  // The script's last request, if it makes one, follows the submission's answer.
  await new Promise((r) => setTimeout(r, 20));
  return asked.map((path) => path.split('?')[0]);
}

describe('the page’s first requests', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    // biome-ignore lint/suspicious/noDocumentCookie: jsdom has no Cookie Store API
    document.cookie = 'ic_session=; path=/; max-age=0';
    delete window.__impactEarlyRequests;
  });

  it('read an application and its call for the wizard', async () => {
    expect(await askedOn(`/call/${submissionId}/0/0`, [])).toEqual([
      '/api/Jwt/refresh',
      '/api/Organization/GetOrganizations',
      '/api/Call/GetSubmissionByID',
      '/api/Call/GetCallById',
    ]);
  });

  it('renew the session in the language the reader chose, not the page’s default (it is saved for their mail)', async () => {
    document.documentElement.lang = 'it';
    window.localStorage.setItem('impact-calls.language', 'fr');
    try {
      await askedOn('/calls', []);
      const refresh = window.__impactEarlyRequests?.requests.find((r) => r.url === '/api/Jwt/refresh');
      expect(refresh?.language).toBe('fr');
      // A language named in the address wins, as the app takes it.
      await askedOn('/calls?lang=en', []);
      expect(window.__impactEarlyRequests?.requests[0]?.language).toBe('en');
    } finally {
      window.localStorage.removeItem('impact-calls.language');
    }
  });

  it('do not ask the applicant’s endpoint for an administrator’s read-only view, which would refuse it', async () => {
    expect(await askedOn(`/call/${submissionId}/0/0?readonly=true`, ['admin'])).toEqual([
      '/api/Jwt/refresh',
      '/api/Organization/GetOrganizations',
    ]);
    // An applicant's read-only view is read as before.
    expect(await askedOn(`/call/${submissionId}/0/0?readonly=true`, [])).toContain('/api/Call/GetSubmissionByID');
  });
});
