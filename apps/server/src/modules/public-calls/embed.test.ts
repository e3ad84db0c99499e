import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createOpenCall } from '../../../test/fixtures';
import { signInAs } from '../../../test/sign-in';

const frameAncestors = (csp: unknown) => /frame-ancestors ([^;]*)/.exec(String(csp))?.[1]?.trim();

/** The embeddable call list (decision 0038's addendum): framed only by the sites the configuration lists. */
describe('/embed/calls', () => {
  let t: TestApp;
  let customizer: Awaited<ReturnType<typeof signInAs>>;

  const saveOrigins = async (embedOrigins: string[]) => {
    const [active] = (
      await t.app.inject({ url: '/api/Config/GetConfigList', headers: customizer.headers })
    ).json() as Array<Record<string, unknown>>;
    const { isActive: _active, ...rest } = active ?? {};
    return t.app.inject({
      method: 'POST',
      url: '/api/Config/UpsertConfig',
      headers: customizer.headers,
      payload: { ...rest, embedOrigins },
    });
  };

  beforeAll(async () => {
    t = await buildTestApp();
    customizer = await signInAs(t.database.db, { email: 'brand@impact-calls.test', roles: ['admin'] });
    await createOpenCall(t.app, customizer.headers, { name: 'Bando da incorniciare' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('with no origins listed nobody may frame it, yet it lists the open calls, linking out of the frame', async () => {
    const res = await t.app.inject({ url: '/embed/calls' });
    expect(res.statusCode).toBe(200);
    expect(frameAncestors(res.headers['content-security-policy'])).toBe("'none'");
    expect(res.body).toContain('Bando da incorniciare');
    expect(res.body).toContain('/p/calls/bando-da-incorniciare?lang=it" target="_top"');
    // The state and the dates are two words apart, for a screen reader too ("Aperto Dal …").
    expect(res.body).toMatch(/<span class="status">Aperto<\/span> Dal /);
    expect(res.body).not.toContain('<script');
  });

  it('a listed origin may frame it, an unlisted one is not named; X-Frame-Options is not sent', async () => {
    const saved = await saveOrigins(['https://partner.example.org', 'https://news.example.com:8443']);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().embedOrigins).toEqual(['https://partner.example.org', 'https://news.example.com:8443']);
    // The active branding is rechecked at most once a second (active-config-cache.ts).
    await new Promise((r) => setTimeout(r, 1100));
    const res = await t.app.inject({ url: '/embed/calls' });
    const allowed = frameAncestors(res.headers['content-security-policy'])?.split(/\s+/);
    expect(allowed).toEqual(['https://partner.example.org', 'https://news.example.com:8443']);
    expect(allowed).not.toContain('https://evil.example.net');
    expect(allowed).not.toContain('*');
    expect(res.headers['x-frame-options']).toBeUndefined();
    // The rest of the policy is the site's.
    expect(String(res.headers['content-security-policy'])).toContain("script-src 'self'");
  });

  it('every other page still refuses to be framed', async () => {
    for (const url of ['/p/calls', '/api/Config/GetConfig', '/api/Public/OpenCalls', '/healthz']) {
      const res = await t.app.inject({ url });
      expect(frameAncestors(res.headers['content-security-policy']), url).toBe("'none'");
      expect(res.headers['x-frame-options'], url).toBe('DENY');
    }
  });

  it('robots.txt lets crawlers read the public pages, not the API, the sign-in or the embed', async () => {
    const res = await t.app.inject({ url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    expect(res.body).toMatch(/^User-agent: \*$/m);
    expect(res.body).toMatch(/^Allow: \/p\/$/m);
    for (const path of ['/api/', '/idp/', '/embed/']) expect(res.body).toContain(`Disallow: ${path}`);
    expect(res.body).not.toContain('<html');
  });

  it('only https origins (host and port, nothing else) are accepted', async () => {
    for (const bad of [
      'http://partner.example.org',
      'https://partner.example.org/path',
      '*',
      "https://a.example 'unsafe-inline'",
      'https://*.example.org',
    ]) {
      const res = await saveOrigins([bad]);
      expect(res.statusCode, bad).toBe(400);
    }
  });
});
