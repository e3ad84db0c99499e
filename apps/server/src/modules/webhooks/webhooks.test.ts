import { readFileSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createOpenCall, createOrganization, submitToCall } from '../../../test/fixtures';
import { signInAs } from '../../../test/sign-in';
import { webhookDeliveries } from '../../db/schema';
import { isPublicAddress } from './address-guard';
import { deliverDueWebhooks } from './deliver';
import { recordWebhookEvent } from './record';
import { createEndpoint } from './service';

type Received = { path: string; headers: IncomingHttpHeaders; body: string };

/** A local HTTP receiver: records every request, answers what `status` says for its path. */
async function startReceiver() {
  const received: Received[] = [];
  const status = new Map<string, number>();
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.statusCode = status.get(req.url ?? '') ?? 200;
      res.end('ok');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  return { received, status, port, close: () => new Promise<void>((r) => server.close(() => r())) };
}

/** The Node verification code of docs/INTEGRATIONS.md, exactly as printed there. */
async function documentedVerifier(): Promise<
  (rawBody: string, header: string | undefined, secret: string, toleranceSeconds?: number) => boolean
> {
  const doc = readFileSync(path.resolve(import.meta.dirname, '../../../../../docs/INTEGRATIONS.md'), 'utf8');
  const block = /<!-- verify-node[^>]*-->\s*```js\n([\s\S]*?)```/.exec(doc)?.[1];
  if (!block) throw new Error('the Node example is missing from docs/INTEGRATIONS.md');
  const file = path.join(tmpdir(), `verify-${process.pid}-${Date.now()}.mjs`);
  writeFileSync(file, block);
  return (await import(pathToFileURL(file).href)).verifyImpactCallsSignature;
}

describe('webhooks', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof signInAs>>;
  let applicant: Awaited<ReturnType<typeof signInAs>>;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let call: Awaited<ReturnType<typeof createOpenCall>>;
  const allowed = { allowPrivate: true };

  const create = (payload: object, headers = admin.headers) =>
    t.app.inject({ method: 'POST', url: '/api/Webhook/CreateEndpoint', headers, payload });
  const deliveriesOf = async (endpointId: string) =>
    (await t.app.inject({ url: `/api/Webhook/GetDeliveries?endpointId=${endpointId}`, headers: admin.headers })).json();

  beforeAll(async () => {
    // Only here: the receiver listens on 127.0.0.1.
    t = await buildTestApp({ WEBHOOK_ALLOW_PRIVATE: 'true' });
    admin = await signInAs(t.database.db, { email: 'admin@hooks.test', roles: ['admin'] });
    applicant = await signInAs(t.database.db, { email: 'applicant@hooks.test' });
    receiver = await startReceiver();
    call = await createOpenCall(t.app, admin.headers, { name: 'Bando con webhook' });
  });
  afterAll(async () => {
    await receiver.close();
    await t.close();
  });

  it('a Submit fires submission.submitted once, signed so that the documented Node code verifies it', async () => {
    const made = await create({
      url: `http://127.0.0.1:${receiver.port}/ok`,
      events: ['submission.started', 'submission.submitted'],
    });
    expect(made.statusCode, made.body).toBe(200);
    const { secret, id } = made.json();
    expect(secret).toMatch(/^whsec_/);
    // Never returned again.
    const listed = await t.app.inject({ url: '/api/Webhook/GetEndpoints', headers: admin.headers });
    expect(listed.body).not.toContain(secret);
    expect(listed.json()).toMatchObject([{ id, events: ['submission.started', 'submission.submitted'] }]);

    const org = await createOrganization(t.app, applicant.headers, 'Cooperativa Webhook');
    const submissionId = await submitToCall(t.app, applicant.headers, org, call);
    expect(await deliverDueWebhooks(t.database.db, new Date(), allowed)).toBe(2);
    expect(await deliverDueWebhooks(t.database.db, new Date(), allowed)).toBe(0);

    const submitted = receiver.received.filter(
      (r) => r.path === '/ok' && JSON.parse(r.body).type === 'submission.submitted',
    );
    expect(submitted).toHaveLength(1);
    const [request] = submitted;
    if (!request) throw new Error('no delivery');
    const body = JSON.parse(request.body);
    expect(body).toMatchObject({
      type: 'submission.submitted',
      data: { submissionId, callId: call.id, organizationId: org, stage: 1, organizationName: 'Cooperativa Webhook' },
    });
    expect(Date.parse(body.createdAt)).not.toBeNaN();
    expect(request.headers['content-type']).toBe('application/json');
    const header = request.headers['x-impactcalls-signature'] as string;
    expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    const verify = await documentedVerifier();
    expect(verify(request.body, header, secret)).toBe(true);
    expect(verify(request.body, header, 'whsec_not-the-secret')).toBe(false);
    expect(verify(request.body.replace('Cooperativa', 'Cooperatlva'), header, secret)).toBe(false);
    // A new application was announced too, before it was submitted.
    expect(receiver.received.filter((r) => r.path === '/ok').map((r) => JSON.parse(r.body).type)).toEqual([
      'submission.started',
      'submission.submitted',
    ]);
    const log = await deliveriesOf(id);
    expect(log.total).toBe(2);
    expect(log.items[0]).toMatchObject({ status: 'delivered', attempts: [{ statusCode: 200, error: null }] });
  });

  it('a receiver answering 500 is retried after growing pauses, then the success is logged; Resend sends the same event again', async () => {
    receiver.status.set('/flaky', 500);
    const made = await create({ url: `http://127.0.0.1:${receiver.port}/flaky`, events: ['submission.reopened'] });
    const endpointId = made.json().id;
    const org = await createOrganization(t.app, applicant.headers, 'Associazione Riprova');
    const submissionId = await submitToCall(t.app, applicant.headers, org, call);
    // The first endpoint hears of this application too: sent now, so only the reopening is left.
    expect(await deliverDueWebhooks(t.database.db, new Date(), allowed)).toBe(2);
    const reopened = await t.app.inject({
      method: 'POST',
      url: `/api/CallSubmission/ReOpenSubmission?submissionId=${submissionId}`,
      headers: admin.headers,
    });
    expect(reopened.statusCode).toBe(204);

    let now = new Date();
    const attemptsAt: number[] = [];
    for (let round = 0; round < 4; round++) {
      if (round === 3) receiver.status.set('/flaky', 204);
      expect(await deliverDueWebhooks(t.database.db, now, allowed)).toBe(1);
      attemptsAt.push(now.getTime());
      const [row] = await t.database.db
        .select()
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.endpointId, endpointId));
      if (!row) throw new Error('no delivery row');
      if (round < 3) {
        expect(row.status).toBe('pending');
        // Not before its time.
        expect(await deliverDueWebhooks(t.database.db, new Date(row.nextAttemptAt.getTime() - 1000), allowed)).toBe(0);
        now = row.nextAttemptAt;
      } else {
        expect(row.status).toBe('delivered');
      }
    }
    const gaps = attemptsAt.slice(1).map((at, i) => (at - (attemptsAt[i] as number)) / 60_000);
    // 1, 2, 4 minutes, each ±20 %.
    expect(gaps[0]).toBeGreaterThanOrEqual(0.8);
    expect(gaps[0]).toBeLessThanOrEqual(1.2);
    expect(gaps[1]).toBeGreaterThan(gaps[0] as number);
    expect(gaps[2]).toBeGreaterThan(gaps[1] as number);
    const flaky = receiver.received.filter((r) => r.path === '/flaky');
    expect(flaky).toHaveLength(4);
    expect(new Set(flaky.map((r) => JSON.parse(r.body).id)).size).toBe(1);

    const log = await deliveriesOf(endpointId);
    expect(log.items).toHaveLength(1);
    const [delivery] = log.items;
    expect(delivery.status).toBe('delivered');
    expect(delivery.attempts.map((a: { statusCode: number }) => a.statusCode)).toEqual([500, 500, 500, 204]);
    expect(delivery.attempts[0].error).toBe('HTTP 500');
    expect(typeof delivery.attempts[0].responseMs).toBe('number');

    const resent = await t.app.inject({
      method: 'POST',
      url: '/api/Webhook/Redeliver',
      headers: admin.headers,
      payload: { deliveryId: delivery.id },
    });
    expect(resent.statusCode, resent.body).toBe(200);
    expect(await deliverDueWebhooks(t.database.db, new Date(), allowed)).toBe(1);
    const again = receiver.received.filter((r) => r.path === '/flaky');
    expect(again).toHaveLength(5);
    expect(again[4]?.body).toBe(again[3]?.body);
    expect((await deliveriesOf(endpointId)).total).toBe(2);
  });

  it('a decision recorded in review fires decision.recorded; the same decision again fires nothing', async () => {
    await create({ url: `http://127.0.0.1:${receiver.port}/decisions`, events: ['decision.recorded'] });
    const org = await createOrganization(t.app, applicant.headers, 'Fondazione Esito');
    const submissionId = await submitToCall(t.app, applicant.headers, org, call);
    const decide = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/Review/RecordDecisions',
        headers: admin.headers,
        payload: { callId: call.id, items: [{ submissionId, outcome: 'accepted', message: 'Bene' }] },
      });
    expect((await decide()).statusCode).toBe(200);
    expect((await decide()).statusCode).toBe(200);
    await deliverDueWebhooks(t.database.db, new Date(), allowed);
    const bodies = receiver.received.filter((r) => r.path === '/decisions').map((r) => JSON.parse(r.body));
    expect(bodies).toHaveLength(1);
    expect(bodies[0]).toMatchObject({
      type: 'decision.recorded',
      data: { submissionId, callId: call.id, outcome: 'accepted' },
    });
    // The message to the applicant is theirs: not in the event.
    expect(JSON.stringify(bodies[0])).not.toContain('Bene');
  });

  it('an endpoint that keeps failing is given up 24 hours after the event', async () => {
    receiver.status.set('/down', 503);
    const made = await create({ url: `http://127.0.0.1:${receiver.port}/down`, events: ['grant.accepted'] });
    const endpointId = made.json().id;
    const start = new Date();
    await t.database.db.transaction((tx) => recordWebhookEvent(tx, 'grant.accepted', { grantId: 'g-1' }, start));
    let now = start;
    for (let i = 0; i < 100; i++) {
      await deliverDueWebhooks(t.database.db, now, allowed);
      const [row] = await t.database.db
        .select()
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.endpointId, endpointId));
      if (row?.status !== 'pending') break;
      now = row.nextAttemptAt;
    }
    const [delivery] = (await deliveriesOf(endpointId)).items;
    expect(delivery.status).toBe('failed');
    const last = Date.parse(delivery.attempts.at(-1).at);
    expect(last - start.getTime()).toBeLessThanOrEqual(24 * 3_600_000);
    expect(last - start.getTime()).toBeGreaterThan(22 * 3_600_000);
    // Capped at an hour apart: about 30 attempts over the day, not thousands.
    expect(delivery.attempts.length).toBeGreaterThan(20);
    expect(delivery.attempts.length).toBeLessThan(40);
  });

  it('a host name is resolved by the guarded lookup and delivered to the address it checked', async () => {
    const made = await create({ url: `http://localhost:${receiver.port}/named`, events: ['report.submitted'] });
    expect(made.statusCode, made.body).toBe(200);
    await t.database.db.transaction((tx) => recordWebhookEvent(tx, 'report.submitted', { reportId: 'r-1' }));
    expect(await deliverDueWebhooks(t.database.db, new Date(), allowed)).toBe(1);
    expect(receiver.received.filter((r) => r.path === '/named')).toHaveLength(1);
    const [delivery] = (await deliveriesOf(made.json().id)).items;
    expect(delivery).toMatchObject({ status: 'delivered', attempts: [{ statusCode: 200 }] });
  });

  it('deleting an endpoint stops its deliveries; every route is for administrators only', async () => {
    const made = await create({ url: `http://127.0.0.1:${receiver.port}/gone`, events: ['decision.recorded'] });
    const endpointId = made.json().id;
    for (const [method, url, payload] of [
      ['GET', '/api/Webhook/GetEndpoints', undefined],
      ['POST', '/api/Webhook/CreateEndpoint', { url: 'https://example.org/x', events: ['decision.recorded'] }],
      ['POST', '/api/Webhook/DeleteEndpoint', { endpointId }],
      ['GET', `/api/Webhook/GetDeliveries?endpointId=${endpointId}`, undefined],
      ['POST', '/api/Webhook/Redeliver', { deliveryId: endpointId }],
    ] as const) {
      const res = await t.app.inject({ method, url, headers: applicant.headers, ...(payload ? { payload } : {}) });
      expect(res.statusCode, url).toBe(403);
      expect((await t.app.inject({ method, url, ...(payload ? { payload } : {}) })).statusCode, url).toBe(401);
    }
    const deleted = await t.app.inject({
      method: 'POST',
      url: '/api/Webhook/DeleteEndpoint',
      headers: admin.headers,
      payload: { endpointId },
    });
    expect(deleted.statusCode).toBe(200);
    const missing = await t.app.inject({
      url: `/api/Webhook/GetDeliveries?endpointId=${endpointId}`,
      headers: admin.headers,
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().messageKey).toBe('errors.webhooks.notFound');
  });
});

describe('webhooks with default settings (no private addresses)', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof signInAs>>;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;

  beforeAll(async () => {
    t = await buildTestApp();
    admin = await signInAs(t.database.db, { email: 'admin@strict.test', roles: ['admin'] });
    receiver = await startReceiver();
  });
  afterAll(async () => {
    await receiver.close();
    await t.close();
  });

  it('refuses loopback, private, link-local, unique-local, CGNAT, mapped and plain-http URLs at creation (400)', async () => {
    const cases: Array<[string, string]> = [
      ['https://localhost/hook', 'errors.webhooks.privateAddress'],
      ['https://127.0.0.1/hook', 'errors.webhooks.privateAddress'],
      ['https://10.1.2.3/hook', 'errors.webhooks.privateAddress'],
      ['https://192.168.1.10/hook', 'errors.webhooks.privateAddress'],
      ['https://169.254.169.254/latest/meta-data', 'errors.webhooks.privateAddress'],
      ['https://100.64.0.1/hook', 'errors.webhooks.privateAddress'],
      ['https://0.0.0.0/hook', 'errors.webhooks.privateAddress'],
      ['https://[::1]/hook', 'errors.webhooks.privateAddress'],
      ['https://[fd00::1]/hook', 'errors.webhooks.privateAddress'],
      ['https://[fe80::1]/hook', 'errors.webhooks.privateAddress'],
      ['https://[::ffff:127.0.0.1]/hook', 'errors.webhooks.privateAddress'],
      ['https://[ff02::1]/hook', 'errors.webhooks.privateAddress'],
      [`http://127.0.0.1:${receiver.port}/hook`, 'errors.webhooks.notHttps'],
      ['http://93.184.216.34/hook', 'errors.webhooks.notHttps'],
      ['not a url', 'errors.webhooks.badUrl'],
    ];
    for (const [url, messageKey] of cases) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/Webhook/CreateEndpoint',
        headers: admin.headers,
        payload: { url, events: ['submission.submitted'] },
      });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().messageKey, url).toBe(messageKey);
    }
    // A public address literal passes the check (nothing is sent at creation).
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/Webhook/CreateEndpoint',
      headers: admin.headers,
      payload: { url: 'https://93.184.216.34/hook', events: ['report.submitted'] },
    });
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('refuses at delivery a name that now resolves to a private address (DNS rebinding), without connecting', async () => {
    // Created while private addresses were allowed, delivered while they are not: `localhost` is 127.0.0.1.
    const local = await createEndpoint(
      t.database.db,
      admin.user,
      { url: `https://localhost:${receiver.port}/rebound`, description: '', events: ['submission.started'] },
      { allowPrivate: true },
    );
    // Passed the check with a public answer, then the name's answer changes to loopback.
    const rebinding = await createEndpoint(
      t.database.db,
      admin.user,
      { url: `https://rebind.example:${receiver.port}/rebound`, description: '', events: ['submission.started'] },
      { allowPrivate: false, resolve: async () => ['93.184.216.34'] },
    );
    await t.database.db.transaction((tx) => recordWebhookEvent(tx, 'submission.started', { submissionId: 'x' }));
    const answers = [['127.0.0.1'], ['93.184.216.34', '10.0.0.8'], ['::ffff:192.168.0.1']];
    let answer = 0;
    const resolve = async (host: string) => (host === 'localhost' ? ['127.0.0.1', '::1'] : (answers[answer] ?? []));
    for (answer = 0; answer < answers.length; answer++) {
      await deliverDueWebhooks(t.database.db, new Date(Date.now() + answer * 3_600_000), {
        allowPrivate: false,
        resolve,
      });
    }
    expect(receiver.received).toHaveLength(0);
    for (const endpoint of [local, rebinding]) {
      const log = (
        await t.app.inject({ url: `/api/Webhook/GetDeliveries?endpointId=${endpoint.id}`, headers: admin.headers })
      ).json();
      expect(log.items[0].attempts.length, endpoint.url).toBeGreaterThan(0);
      for (const attempt of log.items[0].attempts) {
        expect(attempt.statusCode).toBeNull();
        expect(attempt.error).toMatch(/refused address/);
      }
    }
    // With the system's resolver too: localhost is refused before any connection.
    await t.database.db.transaction((tx) => recordWebhookEvent(tx, 'submission.started', { submissionId: 'y' }));
    await deliverDueWebhooks(t.database.db, new Date(Date.now() + 10 * 3_600_000), { allowPrivate: false });
    expect(receiver.received).toHaveLength(0);
  });

  it('tells public addresses from the others, IPv4 and IPv6', () => {
    for (const a of ['93.184.216.34', '8.8.8.8', '2606:4700:4700::1111']) expect(isPublicAddress(a), a).toBe(true);
    for (const a of [
      '127.0.0.1',
      '10.0.0.1',
      '172.16.5.4',
      '192.168.0.1',
      '169.254.1.1',
      '100.64.1.1',
      '0.0.0.0',
      '224.0.0.1',
      '255.255.255.255',
      '::',
      '::1',
      'fe80::1',
      'fc00::1',
      'ff02::1',
      '::ffff:10.0.0.1',
      '::ffff:127.0.0.1',
      '::7f00:1',
      '::a00:1',
      '64:ff9b::a00:1',
      'nonsense',
    ]) {
      expect(isPublicAddress(a), a).toBe(false);
    }
  });
});
