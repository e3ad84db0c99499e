import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createOpenCall, createOrganization } from '../../../test/fixtures';
import { signInAs } from '../../../test/sign-in';
import { emailOutbox, organizationMembers, submissionMessages } from '../../db/schema';

type Person = Awaited<ReturnType<typeof signInAs>>;

/**
 * An application's conversation (decision 0037): its team and the funder write both ways, each new
 * message mails the other side (a digest at most every 10 minutes), nobody else reads it.
 */
describe('the conversation of an application', () => {
  let t: TestApp;
  let admin: Person;
  let anna: Person;
  let vera: Person;
  let otto: Person;
  let aurora: string;
  let submissionId: string;
  let call: Awaited<ReturnType<typeof createOpenCall>>;

  const as = (p: Person, org?: string) => ({ ...p.headers, ...(org ? { 'x-organization-id': org } : {}) });
  const send = (p: Person, text: string, id = submissionId) =>
    t.app.inject({
      method: 'POST',
      url: '/api/Conversation/SendMessage',
      headers: as(p),
      payload: { submissionId: id, text },
    });
  const read = (p: Person, id = submissionId) =>
    t.app.inject({ url: `/api/Conversation/GetMessages?submissionId=${id}`, headers: as(p) });
  const mailsTo = (email: string) =>
    t.database.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.to, email), eq(emailOutbox.template, 'conversation-message')));

  beforeAll(async () => {
    t = await buildTestApp();
    admin = await signInAs(t.database.db, { email: 'officer@funder.test', roles: ['admin'], firstName: 'Olga' });
    anna = await signInAs(t.database.db, { email: 'anna@aurora.example', firstName: 'Anna', lastName: 'Neri' });
    vera = await signInAs(t.database.db, { email: 'vera@aurora.example', firstName: 'Vera' });
    otto = await signInAs(t.database.db, { email: 'otto@elsewhere.example' });
    aurora = await createOrganization(t.app, anna.headers, 'Aurora');
    await t.database.db
      .insert(organizationMembers)
      .values({ organizationId: aurora, userId: vera.user.id, role: 'viewer' });
    call = await createOpenCall(t.app, admin.headers, { name: 'Bando Dialogo' });
    const started = await t.app.inject({
      method: 'POST',
      url: '/api/Call/UpsertCallSubmission',
      headers: as(anna, aurora),
      payload: { callId: call.id },
    });
    submissionId = started.json().id;
  });
  afterAll(async () => {
    await t.close();
  });

  it('carries messages both ways, mails the other side, and counts what is unread', async () => {
    const asked = await send(anna, 'Possiamo allegare il bilancio 2025 invece del 2024?');
    expect(asked.statusCode, asked.body).toBe(200);
    // The funder's side: every administrator while none has written yet; the mail has no words of the message.
    const toOfficer = await mailsTo('officer@funder.test');
    expect(toOfficer).toHaveLength(1);
    expect(toOfficer[0]?.text).toContain('Aurora');
    expect(toOfficer[0]?.text).not.toContain('bilancio');
    expect(toOfficer[0]?.text).toContain(`/call/${submissionId}?readonly=true`);

    const officerView = (await read(admin)).json();
    expect(officerView).toMatchObject({ side: 'funder', unread: 1 });
    expect(officerView.messages).toEqual([
      expect.objectContaining({
        side: 'applicant',
        authorName: 'Anna Neri',
        mine: false,
        text: expect.stringContaining('2025'),
      }),
    ]);
    const counts = await t.app.inject({
      url: `/api/Conversation/GetUnreadCounts?callId=${call.id}`,
      headers: as(admin),
    });
    expect(counts.json()).toEqual([{ submissionId, unread: 1 }]);
    const everyCall = await t.app.inject({ url: '/api/Conversation/GetUnreadCounts', headers: as(admin) });
    expect(everyCall.json()).toEqual([{ submissionId, unread: 1 }]);

    expect((await send(admin, 'Sì, va bene il 2025.')).statusCode).toBe(200);
    // The officer's own message marks the conversation read for them.
    expect((await read(admin)).json().unread).toBe(0);
    // The team's side: its members, each in their language (the viewer reads too).
    expect(await mailsTo('anna@aurora.example')).toHaveLength(1);
    expect(await mailsTo('vera@aurora.example')).toHaveLength(1);
    const annaView = (await read(anna)).json();
    expect(annaView).toMatchObject({ side: 'applicant', unread: 1 });
    expect(annaView.messages.map((m: { side: string; mine: boolean }) => [m.side, m.mine])).toEqual([
      ['applicant', true],
      ['funder', false],
    ]);
    const mine = await t.app.inject({ url: '/api/Conversation/GetUnreadCounts', headers: as(anna, aurora) });
    expect(mine.json()).toEqual([{ submissionId, unread: 1 }]);
    const marked = await t.app.inject({
      method: 'POST',
      url: '/api/Conversation/MarkRead',
      headers: as(anna),
      payload: { submissionId },
    });
    expect(marked.statusCode).toBe(204);
    expect((await read(anna)).json().unread).toBe(0);
    // Marking is per person: the viewer still has it unread, and may read but not write.
    expect((await read(vera)).json()).toMatchObject({ unread: 1, canWrite: false });
    expect((await read(anna)).json().canWrite).toBe(true);
  });

  it('mails each person at most once every 10 minutes: later messages wait in one digest', async () => {
    // The officer wrote: now the funder's side is the officer alone.
    for (const text of ['Uno', 'Due', 'Tre']) expect((await send(anna, text)).statusCode).toBe(200);
    const toOfficer = await mailsTo('officer@funder.test');
    // The first message's mail, one waiting for the end of its 10 minutes, nothing for the third.
    expect(toOfficer).toHaveLength(2);
    const waiting = toOfficer.filter((m) => m.nextAttemptAt.getTime() > Date.now());
    expect(waiting).toHaveLength(1);
    // The held mail may stand for several conversations: it names none.
    expect(waiting[0]?.subject).toBe('Nuovi messaggi su candidature e relazioni che segui');
    expect(waiting[0]?.text).not.toContain('Aurora');
  });

  it('another organization’s applicant reads nothing; a viewer reads but does not write', async () => {
    expect((await read(otto)).statusCode).toBe(404);
    expect((await send(otto, 'Ciao')).statusCode).toBe(404);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/Conversation/MarkRead',
          headers: as(otto),
          payload: { submissionId },
        })
      ).statusCode,
    ).toBe(404);
    expect((await read(vera)).statusCode).toBe(200);
    expect((await send(vera, 'Posso scrivere?')).statusCode).toBe(403);
    // A stranger's counts name nothing of others.
    expect((await t.app.inject({ url: '/api/Conversation/GetUnreadCounts', headers: as(otto) })).json()).toEqual([]);
  });

  it('refuses an empty message with a reason and stores nothing', async () => {
    const before = (await read(anna)).json().messages.length;
    const empty = await send(anna, '   ');
    expect(empty.statusCode).toBe(400);
    expect(JSON.stringify(empty.json())).toContain('errors.conversation.empty');
    expect((await read(anna)).json().messages).toHaveLength(before);
  });
  it('erasing a person removes their messages and their name from the others’ words', async () => {
    expect((await send(admin, 'Grazie Anna Neri, ricevuto.')).statusCode).toBe(200);
    const erased = await t.app.inject({
      method: 'POST',
      url: '/api/User/EraseUserData',
      headers: as(admin),
      payload: { email: 'anna@aurora.example' },
    });
    expect(erased.statusCode, erased.body).toBe(200);
    const left = await t.database.db
      .select()
      .from(submissionMessages)
      .where(eq(submissionMessages.callSubmissionId, submissionId));
    expect(left.every((m) => m.side === 'funder')).toBe(true);
    expect(JSON.stringify(left)).not.toContain('Anna Neri');
    expect(left.map((m) => m.body).join()).toContain('ricevuto');
  });
});
