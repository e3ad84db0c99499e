import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createOpenCall, createOrganization, submitToCall } from '../../../test/fixtures';
import { signInAs } from '../../../test/sign-in';
import { auditLog, emailOutbox, users } from '../../db/schema';

type Who = { headers: Record<string, string> };

describe("e-mail to a call's applicants (SPEC 7 SendEmail/SendEmail)", () => {
  let t: TestApp;
  let admin: Who;
  let anna: Who;
  let call: Awaited<ReturnType<typeof createOpenCall>>;

  const count = (audience: string) =>
    t.app.inject({
      url: `/api/SendEmail/GetRecipientCount?callId=${call.id}&audience=${audience}`,
      headers: admin.headers,
    });
  const send = (who: Who, payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/SendEmail/SendEmail', headers: who.headers, payload });

  beforeAll(async () => {
    t = await buildTestApp();
    admin = await signInAs(t.database.db, { email: 'admin@example.org', roles: ['admin'] });
    anna = await signInAs(t.database.db, { email: 'Anna@Ente.example' });
    const bruno = await signInAs(t.database.db, { email: 'bruno@coop.example' });
    const carla = await signInAs(t.database.db, { email: 'carla@assoc.example' });
    call = await createOpenCall(t.app, admin.headers);
    // Anna submitted with two organizations (one mail for her); Bruno is still writing; Carla has not started.
    await submitToCall(t.app, anna.headers, await createOrganization(t.app, anna.headers, 'A1'), call);
    await submitToCall(t.app, anna.headers, await createOrganization(t.app, anna.headers, 'A2'), call);
    const brunoOrg = await createOrganization(t.app, bruno.headers, 'B');
    await t.app.inject({
      method: 'POST',
      url: '/api/Call/UpsertCallSubmission',
      headers: { ...bruno.headers, 'x-organization-id': brunoOrg },
      payload: { callId: call.id },
    });
    await createOrganization(t.app, carla.headers, 'C');
  });
  afterAll(async () => {
    await t.close();
  });

  it('counts the recipients before sending: all, open, closed', async () => {
    expect((await count('all')).json()).toEqual({ count: 2 });
    expect((await count('open')).json()).toEqual({ count: 1 });
    expect((await count('closed')).json()).toEqual({ count: 1 });
  });

  it('queues one sanitised mail per recipient, each addressed to one person only, and audits it', async () => {
    const res = await send(admin, {
      callId: call.id,
      audience: 'all',
      subject: 'Proroga\r\nBcc: x@evil.example',
      html: '<p>Cari <strong>candidati</strong></p><script>alert(1)</script><img src=x onerror=alert(2)><a href="javascript:alert(3)">x</a>',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ queued: 2 });
    const mails = await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.template, 'admin-message'));
    expect(mails.map((m) => m.to).sort()).toEqual(['anna@ente.example', 'bruno@coop.example']);
    for (const m of mails) {
      expect(m.subject).toBe('Proroga Bcc: x@evil.example');
      expect(m.html).toContain('<strong>candidati</strong>');
      for (const bad of ['<script', 'onerror', 'javascript:', '<img']) expect(m.html).not.toContain(bad);
      // Nobody's address appears in anybody's mail.
      for (const other of mails) expect(m.html).not.toContain(other.to);
      expect(m.text).toContain('Cari candidati');
    }
    const [entry] = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'email.send'));
    expect(entry).toMatchObject({ actorEmail: 'admin@example.org', targetId: call.id });
    expect(entry?.details).toMatchObject({ audience: 'all', recipients: 2 });
  });

  it('each applicant reads it in their language: the translation where written, Italian otherwise; an unknown language is refused', async () => {
    await t.database.db.update(users).set({ language: 'en' }).where(eq(users.email, 'bruno@coop.example'));
    await t.database.db.update(users).set({ language: 'fr' }).where(eq(users.email, 'Anna@Ente.example'));
    const res = await send(admin, {
      callId: call.id,
      audience: 'all',
      subject: 'Scadenza prorogata',
      html: '<p>Il bando chiude più tardi.</p>',
      // French has a subject only: its body falls back to Italian.
      translations: {
        en: { subject: 'Deadline extended', html: '<p>The call closes later.</p>' },
        fr: { subject: 'Échéance prolongée' },
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const mails = (
      await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.template, 'admin-message'))
    ).filter((m) => m.subject !== 'Proroga Bcc: x@evil.example');
    const bruno = mails.find((m) => m.to === 'bruno@coop.example');
    expect(bruno).toMatchObject({ subject: 'Deadline extended' });
    expect(bruno?.html).toContain('The call closes later.');
    expect(bruno?.html).toContain('<html lang="en">');
    const anna = mails.find((m) => m.to === 'anna@ente.example');
    expect(anna).toMatchObject({ subject: 'Échéance prolongée' });
    expect(anna?.html).toContain('Il bando chiude più tardi.');
    const before = mails.length;
    const unknown = await send(admin, {
      callId: call.id,
      audience: 'all',
      subject: 'x',
      html: '<p>x</p>',
      translations: { de: { subject: 'y' } },
    });
    expect(unknown.statusCode).toBe(400);
    expect(JSON.stringify(unknown.json())).toContain('errors.translations.language');
    const after = (
      await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.template, 'admin-message'))
    ).filter((m) => m.subject !== 'Proroga Bcc: x@evil.example');
    expect(after).toHaveLength(before);
  });

  it('closed only reaches those who submitted; an empty message is refused; applicants get 403', async () => {
    expect(
      (await send(admin, { callId: call.id, audience: 'closed', subject: 'Esito', html: '<p>Ok</p>' })).json(),
    ).toEqual({ queued: 1 });
    expect(
      (await send(admin, { callId: call.id, audience: 'all', subject: 'x', html: '<script>a</script>' })).statusCode,
    ).toBe(400);
    expect((await send(anna, { callId: call.id, audience: 'all', subject: 'x', html: '<p>x</p>' })).statusCode).toBe(
      403,
    );
    const unknown = await send(admin, {
      callId: '11111111-1111-4111-8111-111111111111',
      audience: 'all',
      subject: 'x',
      html: '<p>x</p>',
    });
    expect(unknown.statusCode).toBe(404);
  });
});
