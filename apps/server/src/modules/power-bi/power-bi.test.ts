import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createOrganization } from '../../../test/fixtures';
import { signInAs } from '../../../test/sign-in';
import { callSubmissions, calls } from '../../db/schema';

type Seen = { method: string; url: string; headers: http.IncomingHttpHeaders; body: string };

/**
 * A local stand-in for the Microsoft identity platform and the Power BI REST API: it answers like
 * the real service and keeps every request so the tests can check exactly what we sent.
 */
async function startStub() {
  const seen: Seen[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      const json = (status: number, value: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(value));
      };
      if (req.url === '/tenant-1/oauth2/v2.0/token')
        return json(200, { token_type: 'Bearer', expires_in: 3599, access_token: 'aad-token' });
      if (req.headers.authorization !== 'Bearer aad-token') return json(401, { error: 'unauthorized' });
      if (req.url === '/v1.0/myorg/groups/ws-1/reports')
        return json(200, {
          value: [{ id: 'rep-1', name: 'Impatto', datasetId: 'ds-1', embedUrl: 'https://embed/rep-1' }],
        });
      if (req.url === '/v1.0/myorg/groups/ws-1/reports/rep-1')
        return json(200, { id: 'rep-1', name: 'Impatto', datasetId: 'ds-1', embedUrl: 'https://embed/rep-1' });
      if (req.url === '/v1.0/myorg/GenerateToken' && req.method === 'POST')
        return json(200, { token: 'embed-token', tokenId: 't-1', expiration: '2030-01-01T00:00:00Z' });
      return json(404, { error: { code: 'ItemNotFound' } });
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, seen, close: () => new Promise<void>((r) => server.close(() => r())) };
}

describe('Power BI (SPEC 7 PBITokens, GetPBITokenRls, PowerBi/Available)', () => {
  let stub: Awaited<ReturnType<typeof startStub>>;
  let t: TestApp;
  let bare: TestApp;
  let admin: Awaited<ReturnType<typeof signInAs>>;
  let anna: Awaited<ReturnType<typeof signInAs>>;
  let eve: Awaited<ReturnType<typeof signInAs>>;
  let annaOrg: string;
  let eveOrg: string;

  beforeAll(async () => {
    stub = await startStub();
    t = await buildTestApp({
      POWERBI_TENANT_ID: 'tenant-1',
      POWERBI_CLIENT_ID: 'client-1',
      POWERBI_CLIENT_SECRET: 's3cret',
      POWERBI_AUTHORITY_URL: stub.url,
      POWERBI_API_URL: stub.url,
      POWERBI_RLS_ROLES: 'Organization',
    });
    admin = await signInAs(t.database.db, { email: 'admin@ente.example', roles: ['admin'] });
    anna = await signInAs(t.database.db, { email: 'anna@ente.example' });
    eve = await signInAs(t.database.db, { email: 'eve@ente.example' });
    annaOrg = await createOrganization(t.app, anna.headers, 'Aurora');
    eveOrg = await createOrganization(t.app, eve.headers, 'Eva');
    // A call whose applicants' report is ws-1/rep-1, and Anna's closed submission to it.
    const types = (await t.app.inject({ url: '/api/Step/GetStepTypes', headers: admin.headers })).json();
    const ct = await t.app.inject({
      method: 'POST',
      url: '/api/Call/CreateCallType',
      headers: admin.headers,
      payload: {
        name: 'T',
        description: 'T',
        steps: [
          {
            name: 'S',
            description: '',
            content: '{"question":"q"}',
            sort: 0,
            stepTypeId: types.find((x: { name: string }) => x.name === 'text').id,
          },
        ],
      },
    });
    const [call] = await t.database.db
      .insert(calls)
      .values({
        name: 'Con report',
        openingAt: new Date(Date.now() - 86_400_000),
        closingAt: new Date(Date.now() + 86_400_000),
        callTypeId: ct.json().id,
        userPowerBiWorkspaceId: 'ws-1',
        userPowerBiReportId: 'rep-1',
      })
      .returning();
    await t.database.db.insert(callSubmissions).values({
      callId: call?.id ?? '',
      organizationId: annaOrg,
      createdByUserId: anna.user.id,
      closed: true,
      closedAt: new Date(),
    });
    bare = await buildTestApp();
  });
  afterAll(async () => {
    await t.close();
    await bare.close();
    await stub.close();
  });

  const get = (url: string, who = admin, app = t) => app.app.inject({ url, headers: who.headers });

  it("lets Power BI's report frames in only where Power BI is configured (the CSP's frame-src)", async () => {
    const frameSrc = (csp: unknown) => /frame-src ([^;]*)/.exec(String(csp))?.[1];
    expect(frameSrc((await t.app.inject('/')).headers['content-security-policy'])).toBe(
      "'self' https://app.powerbi.com",
    );
    expect(frameSrc((await bare.app.inject('/')).headers['content-security-policy'])).toBe("'self'");
  });

  it('an admin embed token: client-credentials grant with the scope, then the report, then GenerateToken', async () => {
    stub.seen.length = 0;
    const res = await get('/api/PBITokens?workspaceId=ws-1&reportId=rep-1');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      embedReport: [{ reportId: 'rep-1', embedUrl: 'https://embed/rep-1' }],
      embedToken: { token: 'embed-token', expiration: '2030-01-01T00:00:00Z' },
      showFilters: false,
    });
    const grant = stub.seen.find((s) => s.url === '/tenant-1/oauth2/v2.0/token');
    expect(Object.fromEntries(new URLSearchParams(grant?.body))).toEqual({
      grant_type: 'client_credentials',
      client_id: 'client-1',
      client_secret: 's3cret',
      scope: 'https://analysis.windows.net/powerbi/api/.default',
    });
    const generate = stub.seen.find((s) => s.url === '/v1.0/myorg/GenerateToken');
    expect(JSON.parse(generate?.body ?? '')).toEqual({
      datasets: [{ id: 'ds-1' }],
      reports: [{ id: 'rep-1' }],
      targetWorkspaces: [{ id: 'ws-1' }],
    });
  });

  it('an RLS token carries the organization as effective identity with the configured roles', async () => {
    stub.seen.length = 0;
    const res = await get(`/api/PBITokens/GetPBITokenRls?workspaceId=ws-1&reportId=rep-1&orgId=${annaOrg}`, anna);
    expect(res.statusCode, res.body).toBe(200);
    const generate = stub.seen.find((s) => s.url === '/v1.0/myorg/GenerateToken');
    expect(JSON.parse(generate?.body ?? '')).toEqual({
      datasets: [{ id: 'ds-1' }],
      reports: [{ id: 'rep-1' }],
      targetWorkspaces: [{ id: 'ws-1' }],
      identities: [{ username: annaOrg, roles: ['Organization'], datasets: ['ds-1'] }],
    });
  });

  it("RLS for another's organization, or a report no call of theirs offers, is 404 and calls nothing", async () => {
    stub.seen.length = 0;
    expect(
      (await get(`/api/PBITokens/GetPBITokenRls?workspaceId=ws-1&reportId=rep-1&orgId=${annaOrg}`, eve)).statusCode,
    ).toBe(404);
    // Eve's own organization has no closed submission to a call with this report.
    expect(
      (await get(`/api/PBITokens/GetPBITokenRls?workspaceId=ws-1&reportId=rep-1&orgId=${eveOrg}`, eve)).statusCode,
    ).toBe(404);
    expect(
      (await get(`/api/PBITokens/GetPBITokenRls?workspaceId=ws-1&reportId=rep-9&orgId=${annaOrg}`, anna)).statusCode,
    ).toBe(404);
    expect(stub.seen).toEqual([]);
    expect(
      (await get('/api/PBITokens/GetPBITokenRls?workspaceId=ws-1&reportId=rep-1&orgId=bad', anna)).statusCode,
    ).toBe(400);
  });

  it('lists the reports of a workspace; applicants get 403 on the admin endpoints', async () => {
    const res = await get('/api/PowerBi/Available?groupId=ws-1');
    expect(res.json()).toEqual([{ reportName: 'Impatto', reportId: 'rep-1', datasetId: 'ds-1', workspaceId: 'ws-1' }]);
    expect((await get('/api/PowerBi/Available?groupId=ws-1', anna)).statusCode).toBe(403);
    expect((await get('/api/PBITokens?workspaceId=ws-1&reportId=rep-1', anna)).statusCode).toBe(403);
    expect((await get('/api/PowerBi/Available?groupId=ws/../x')).statusCode).toBe(400);
    expect((await get('/api/PBITokens?workspaceId=ws-1&reportId=missing')).statusCode).toBe(404);
    expect((await get('/api/PowerBi/Status', anna)).json()).toEqual({ configured: true });
  });

  it('without settings: not configured, and nothing calls out', async () => {
    stub.seen.length = 0;
    const a = await signInAs(bare.database.db, { email: 'admin@ente.example', roles: ['admin'] });
    expect((await get('/api/PowerBi/Status', a, bare)).json()).toEqual({ configured: false });
    const res = await get('/api/PBITokens?workspaceId=ws-1&reportId=rep-1', a, bare);
    expect(res.statusCode).toBe(503);
    expect(res.json().messageKey).toBe('errors.powerBi.notConfigured');
    expect(stub.seen).toEqual([]);
  });
});
