import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSecondApp, buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createOpenCall, createOrganization, submitToCall } from '../../../test/fixtures';
import { tick } from '../../../test/job-runs';
import { signInAs } from '../../../test/sign-in';
import { backgroundJobs } from '../../background-jobs';
import { callSubmissions, calls, emailOutbox, reminderUnsubscribes, steps } from '../../db/schema';
import { startJobQueue } from '../../lib/job-queue';
import { getOrCreateSecret } from '../../lib/secrets';
import { sendDueReminders } from './send-due';
import { unsubscribeKeyOf, unsubscribeUrl } from './unsubscribe-link';

const HOUR = 3_600_000;
const CONTACT = 'giulia@aurora.example';

/**
 * Reminders before a call closes (decision 0036): each goes once to each application started and
 * not submitted, to its contact and its members who may write, whatever the number of runs and
 * instances; an unsubscribe stops that call's reminders for that address only.
 */
describe('reminders and nudges', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof signInAs>>;
  let anna: Awaited<ReturnType<typeof signInAs>>;
  let aurora: string;
  let key: string;
  const links = () => ({ publicUrl: t.config.publicUrl, unsubscribeKey: key });
  const mailsOf = async (template: string, to?: string) =>
    (
      await t.database.db
        .select()
        .from(emailOutbox)
        .where(and(eq(emailOutbox.template, template), to ? eq(emailOutbox.to, to) : undefined))
    ).sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  const start = async (callId: string, headers = anna.headers, org = aurora) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/Call/UpsertCallSubmission',
      headers: { ...headers, 'x-organization-id': org },
      payload: { callId },
    });
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json().id as string;
    // Started a month ago: reminders are for applications started before their moment.
    await t.database.db
      .update(callSubmissions)
      .set({ createdAt: new Date(Date.now() - 30 * 24 * HOUR) })
      .where(eq(callSubmissions.id, id));
    return id;
  };
  const save = (payload: Record<string, unknown>, headers = admin.headers) =>
    t.app.inject({ method: 'PUT', url: '/api/Call/SaveReminders', headers, payload });

  beforeAll(async () => {
    t = await buildTestApp();
    admin = await signInAs(t.database.db, { email: 'admin@reminders.test', roles: ['admin'] });
    anna = await signInAs(t.database.db, { email: 'anna@aurora.example', firstName: 'Anna' });
    aurora = await createOrganization(t.app, anna.headers, 'Aurora');
    // The key the app signs with: made from the secret it keeps (tests pass no AUTH_SECRET).
    key = unsubscribeKeyOf(
      t.config.authSecret ?? (await getOrCreateSecret(t.database.db, 'auth-secret', () => 'never-used')),
    );
  });
  afterAll(async () => {
    await t.close();
  });

  it('sends a 24-hour reminder once to a call closing in 20 hours, in two runs and two at once; none to a submitted one', async () => {
    const call = await createOpenCall(t.app, admin.headers, { closesInDays: 20 / 24, name: 'Bando Venti Ore' });
    const saved = await save({ callId: call.id, reminders: [{ hoursBeforeClosing: 24 }] });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ reminders: [{ hoursBeforeClosing: 24 }], isDefault: false });
    const draft = await start(call.id);
    const bruno = await signInAs(t.database.db, { email: 'bruno@borgo.example' });
    const borgo = await createOrganization(t.app, bruno.headers, 'Borgo');
    await submitToCall(t.app, bruno.headers, borgo, call);

    await sendDueReminders(t.database.db, links());
    await Promise.all([sendDueReminders(t.database.db, links()), sendDueReminders(t.database.db, links())]);
    const toContact = await mailsOf('call-reminder', CONTACT);
    expect(toContact).toHaveLength(1);
    // The owner too (a member who may write), each address once; the submitted one's team none.
    const all = (await mailsOf('call-reminder')).filter((m) => m.text.includes('Bando Venti Ore'));
    expect(all.map((m) => m.to).sort()).toEqual([CONTACT, 'anna@aurora.example'].sort());
    expect(toContact[0]?.text).toContain('Aurora');
    expect(toContact[0]?.text).toContain(`/call/${draft}/0/0`);
    // The wizard's first incomplete step is named; the one-click unsubscribe goes with the mail.
    expect(toContact[0]?.unsubscribeUrl).toContain('/api/Call/UnsubscribeReminders?');
    const log = (
      await t.app.inject({ url: `/api/Call/GetReminders?callId=${call.id}`, headers: admin.headers })
    ).json();
    expect(log.sent).toEqual([
      expect.objectContaining({
        kind: 'reminder',
        hoursBeforeClosing: 24,
        submissionId: draft,
        organizationName: 'Aurora',
      }),
    ]);
    expect(log.sent[0].recipients.sort()).toEqual([CONTACT, 'anna@aurora.example'].sort());
  });

  it('through the job queue on two instances: one reminder within two ticks of the scheduler, never a second', async () => {
    const call = await createOpenCall(t.app, admin.headers, { closesInDays: 20 / 24, name: 'Bando In Coda' });
    expect((await save({ callId: call.id, reminders: [{ hoursBeforeClosing: 24 }] })).statusCode).toBe(200);
    await start(call.id);
    const second = await buildSecondApp(t);
    const secret = t.config.authSecret ?? (await getOrCreateSecret(t.database.db, 'auth-secret', () => 'never-used'));
    // Each instance starts the queue with the registry main.ts uses, reminders alone.
    const started = await Promise.all(
      [t, second].map(async (app) => {
        const registry = backgroundJobs(app.database, app.config, app.app.log, secret);
        const jobs = registry.jobs.filter((j) => j.name === 'reminders.send-due');
        return {
          registry,
          queue: await startJobQueue(app.database, jobs, app.app.log, { pollingIntervalSeconds: 0.5 }),
        };
      }),
    );
    const queues = started.map((s) => s.queue);
    try {
      expect((await queues[0]?.boss.getSchedules())?.find((s) => s.name === 'reminders.send-due')?.cron).toBe(
        '*/5 * * * *',
      );
      const ofCall = async () =>
        (await mailsOf('call-reminder', CONTACT)).filter((m) => m.text.includes('Bando In Coda'));
      await tick(t.database, queues, 'reminders.send-due');
      expect(await ofCall()).toHaveLength(1);
      await tick(t.database, queues, 'reminders.send-due');
      await tick(t.database, queues, 'reminders.send-due');
      expect(await ofCall()).toHaveLength(1);
    } finally {
      await Promise.all(queues.map((q) => q.stop(1_000)));
      for (const s of started) s.registry.close();
      await second.close();
    }
  });

  it('a reminder configured after its moment goes at the next run, the latest one only', async () => {
    const call = await createOpenCall(t.app, admin.headers, { closesInDays: 0.5, name: 'Bando Tardivo' });
    await start(call.id);
    // Defaults: 7 days and 1 day, both past: one mail, not two, however many runs.
    await sendDueReminders(t.database.db, links());
    await sendDueReminders(t.database.db, links());
    const sent = (await mailsOf('call-reminder', CONTACT)).filter((m) => m.text.includes('Bando Tardivo'));
    expect(sent).toHaveLength(1);
  });

  it('the unsubscribe link stops the next reminder of that call only, for that address only', async () => {
    const closesInDays = 2;
    const call = await createOpenCall(t.app, admin.headers, { closesInDays, name: 'Bando Uno' });
    const other = await createOpenCall(t.app, admin.headers, { closesInDays, name: 'Bando Due' });
    for (const c of [call, other]) {
      expect(
        (await save({ callId: c.id, reminders: [{ hoursBeforeClosing: 72 }, { hoursBeforeClosing: 6 }] })).statusCode,
      ).toBe(200);
      await start(c.id);
    }
    await sendDueReminders(t.database.db, links());
    const first = (await mailsOf('call-reminder', CONTACT)).find((m) => m.text.includes('Bando Uno'));
    const link = new URL(first?.unsubscribeUrl ?? '');
    expect(link.searchParams.get('email')).toBe(CONTACT);
    // GET only asks (a link scanner changes nothing); POST (the button, RFC 8058) unsubscribes.
    const page = await t.app.inject({ url: `${link.pathname}${link.search}`, headers: { 'accept-language': 'en' } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<form method="post"');
    expect(page.body).toContain('<title>Call reminders</title>');
    const forged = await t.app.inject({
      method: 'POST',
      url: `${link.pathname}${link.search.replace(/sig=[^&]+/, 'sig=forged')}`,
    });
    expect(forged.statusCode).toBe(404);
    const done = await t.app.inject({
      method: 'POST',
      url: `${link.pathname}${link.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(done.statusCode, done.body).toBe(200);
    // The same one-click as multipart/form-data (RFC 8058 allows both) answers as well.
    const boundary = 'x-boundary';
    const multipart = await t.app.inject({
      method: 'POST',
      url: `${link.pathname}${link.search}`,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--${boundary}--\r\n`,
    });
    expect(multipart.statusCode, multipart.body).toBe(200);

    // Five hours before closing the 6-hour reminders are due.
    const later = new Date(Date.now() + closesInDays * 24 * HOUR - 5 * HOUR);
    await sendDueReminders(t.database.db, links(), later);
    const second = (await mailsOf('call-reminder')).filter((m) => m.text.includes('Bando Uno'));
    expect(second.filter((m) => m.to === CONTACT)).toHaveLength(1);
    expect(second.filter((m) => m.to === 'anna@aurora.example')).toHaveLength(2);
    const otherCall = (await mailsOf('call-reminder', CONTACT)).filter((m) => m.text.includes('Bando Due'));
    expect(otherCall).toHaveLength(2);
    const log = (
      await t.app.inject({ url: `/api/Call/GetReminders?callId=${call.id}`, headers: admin.headers })
    ).json();
    expect(log.unsubscribed).toBe(1);
  });

  it('nudges once an application untouched for the chosen days', async () => {
    const call = await createOpenCall(t.app, admin.headers, { closesInDays: 30, name: 'Bando Lungo' });
    expect((await save({ callId: call.id, reminders: [], nudgeAfterDays: 3 })).statusCode).toBe(200);
    const id = await start(call.id);
    await sendDueReminders(t.database.db, links());
    expect((await mailsOf('call-nudge')).filter((m) => m.text.includes('Bando Lungo'))).toHaveLength(0);
    const in4days = new Date(Date.now() + 4 * 24 * HOUR);
    await sendDueReminders(t.database.db, links(), in4days);
    await sendDueReminders(t.database.db, links(), in4days);
    expect((await mailsOf('call-nudge', CONTACT)).filter((m) => m.text.includes('Bando Lungo'))).toHaveLength(1);
    // No reminder without reminders.
    expect((await mailsOf('call-reminder')).filter((m) => m.text.includes('Bando Lungo'))).toHaveLength(0);
    expect(id).toBeTruthy();
  });

  it('a closing moved later reminds again before the new deadline; an application started after the moment waits for the next', async () => {
    const call = await createOpenCall(t.app, admin.headers, { closesInDays: 20 / 24, name: 'Bando Prorogato' });
    expect((await save({ callId: call.id, reminders: [{ hoursBeforeClosing: 24 }] })).statusCode).toBe(200);
    const bruno = await signInAs(t.database.db, { email: 'bruno@nuovo.example' });
    const nuovo = await createOrganization(t.app, bruno.headers, 'Nuovo');
    // Bruno's application starts now, after the 24-hour moment: no reminder for it yet.
    const fresh = await t.app.inject({
      method: 'POST',
      url: '/api/Call/UpsertCallSubmission',
      headers: { ...bruno.headers, 'x-organization-id': nuovo },
      payload: { callId: call.id },
    });
    expect(fresh.statusCode).toBe(200);
    await start(call.id);
    const ofCall = async () => (await mailsOf('call-reminder')).filter((m) => m.text.includes('Bando Prorogato'));
    await sendDueReminders(t.database.db, links());
    expect((await ofCall()).map((m) => m.to).sort()).toEqual([CONTACT, 'anna@aurora.example'].sort());
    // Ten more days: nothing now, then the 24-hour reminder again before the new deadline, to both teams.
    const newClosing = new Date(Date.now() + (20 + 240) * HOUR);
    await t.database.db.update(calls).set({ closingAt: newClosing }).where(eq(calls.id, call.id));
    await sendDueReminders(t.database.db, links());
    expect(await ofCall()).toHaveLength(2);
    await sendDueReminders(t.database.db, links(), new Date(newClosing.getTime() - 23 * HOUR));
    const after = await ofCall();
    expect(after.filter((m) => m.to === 'anna@aurora.example')).toHaveLength(2);
    expect(after.filter((m) => m.to === 'bruno@nuovo.example')).toHaveLength(1);
    // The contact both organizations name: once per application and deadline.
    expect(after.filter((m) => m.to === CONTACT)).toHaveLength(3);
  });

  it('in a two-stage call each stage is reminded of its own steps, the second from its own deadline', async () => {
    const call = await createOpenCall(t.app, admin.headers, { closesInDays: 20 / 24, name: 'Bando Due Fasi' });
    expect((await save({ callId: call.id, reminders: [{ hoursBeforeClosing: 24 }] })).statusCode).toBe(200);
    // The documents are the second stage's.
    await t.database.db.update(steps).set({ stage: 2 }).where(eq(steps.id, call.uploadStepId));
    const inStageOne = await start(call.id);
    const carla = await signInAs(t.database.db, { email: 'carla@seconda.example' });
    const seconda = await createOrganization(t.app, carla.headers, 'Seconda');
    const started = await t.app.inject({
      method: 'POST',
      url: '/api/Call/UpsertCallSubmission',
      headers: { ...carla.headers, 'x-organization-id': seconda },
      payload: { callId: call.id },
    });
    const inStageTwo = started.json().id as string;
    // Invited two days ago to a second stage closing in ten days (stage 1 submitted).
    const stageDeadline = new Date(Date.now() + 240 * HOUR);
    await t.database.db
      .update(callSubmissions)
      .set({ closed: true, stage: 2, stageInvitedAt: new Date(Date.now() - 48 * HOUR), stageClosingAt: stageDeadline })
      .where(eq(callSubmissions.id, inStageTwo));
    const ofCall = async () => (await mailsOf('call-reminder')).filter((m) => m.text.includes('Bando Due Fasi'));

    await sendDueReminders(t.database.db, links());
    const first = await ofCall();
    // Stage 1 in progress: its own step only, never the second stage's (not shown before an invitation).
    const toAnna = first.find((m) => m.to === 'anna@aurora.example');
    expect(toAnna?.text).toContain('Project');
    expect(toAnna?.text).not.toContain('Documents');
    expect(toAnna?.text).toContain(`/call/${inStageOne}/0/0`);
    expect(first.some((m) => m.to === 'carla@seconda.example')).toBe(false);

    // A day before the second stage's deadline: Carla's team, with the second stage's step.
    await sendDueReminders(t.database.db, links(), new Date(stageDeadline.getTime() - 23 * HOUR));
    const toCarla = (await ofCall()).filter((m) => m.to === 'carla@seconda.example');
    expect(toCarla).toHaveLength(1);
    expect(toCarla[0]?.text).toContain('Documents');
    expect(toCarla[0]?.text).not.toContain('Project');
    expect(toCarla[0]?.text).toContain(`/call/${inStageTwo}/1/0`);
    await sendDueReminders(t.database.db, links(), new Date(stageDeadline.getTime() - 22 * HOUR));
    expect((await ofCall()).filter((m) => m.to === 'carla@seconda.example')).toHaveLength(1);
  });

  it('refuses bad settings with a reason and changes nothing; admins only', async () => {
    const call = await createOpenCall(t.app, admin.headers, { name: 'Bando Regole' });
    const twice = await save({ callId: call.id, reminders: [{ hoursBeforeClosing: 24 }, { hoursBeforeClosing: 24 }] });
    expect(twice.statusCode).toBe(400);
    expect(JSON.stringify(twice.json())).toContain('errors.reminders.duplicate');
    expect((await save({ callId: call.id, reminders: [{ hoursBeforeClosing: 0 }] })).statusCode).toBe(400);
    expect((await save({ callId: call.id, reminders: [], nudgeAfterDays: 0 })).statusCode).toBe(400);
    expect((await save({ callId: call.id, reminders: [] }, anna.headers)).statusCode).toBe(403);
    expect(
      (await t.app.inject({ url: `/api/Call/GetReminders?callId=${call.id}`, headers: anna.headers })).statusCode,
    ).toBe(403);
    const unchanged = (
      await t.app.inject({ url: `/api/Call/GetReminders?callId=${call.id}`, headers: admin.headers })
    ).json();
    expect(unchanged).toMatchObject({
      isDefault: true,
      reminders: [{ hoursBeforeClosing: 168 }, { hoursBeforeClosing: 24 }],
    });
  });

  it('a link signed with another key, or for another address, unsubscribes nobody', async () => {
    const call = await createOpenCall(t.app, admin.headers, { name: 'Bando Firme' });
    const wrongKey = new URL(unsubscribeUrl(t.config.publicUrl, 'other-key', call.id, CONTACT));
    expect((await t.app.inject({ method: 'POST', url: `${wrongKey.pathname}${wrongKey.search}` })).statusCode).toBe(
      404,
    );
    const good = new URL(unsubscribeUrl(t.config.publicUrl, links().unsubscribeKey, call.id, CONTACT));
    const swapped = `${good.pathname}${good.search.replace(encodeURIComponent(CONTACT), encodeURIComponent('x@y.example'))}`;
    expect((await t.app.inject({ method: 'POST', url: swapped })).statusCode).toBe(404);
    const stopped = await t.database.db
      .select()
      .from(reminderUnsubscribes)
      .where(eq(reminderUnsubscribes.callId, call.id));
    expect(stopped).toHaveLength(0);
  });
});
