import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createOpenCall, createOrganization, submitToCall } from '../../../test/fixtures';
import { createVerifiedAccount, signInAs, signInThroughProvider } from '../../../test/sign-in';
import { auditLog, emailOutbox, organizationInvitations, organizations, stepResults } from '../../db/schema';

type Headers = Record<string, string>;

/**
 * Issue "Teams", Done when: an owner invites B as editor; B signs in with that address and writes
 * and submits an application; as viewer B reads it and a write is 403; after removal every
 * organization endpoint, file and PDF is 403/404 for B; the last owner cannot leave or be demoted.
 * One story, in order, through the real server and sign-in.
 */
describe('members of an organization and their roles', () => {
  let t: TestApp;
  let anna: { headers: Headers; id: string };
  let bruno: { headers: Headers; id: string };
  let orgId: string;
  let call: Awaited<ReturnType<typeof createOpenCall>>;
  let otherCall: Awaited<ReturnType<typeof createOpenCall>>;
  let submissionId: string;
  let draftId: string;
  let fileId: string;

  const as = (headers: Headers) => ({
    get: (url: string) => t.app.inject({ method: 'GET', url, headers }),
    post: (url: string, payload: object) => t.app.inject({ method: 'POST', url, headers, payload }),
  });
  const withOrg = (headers: Headers) => ({ ...headers, 'x-organization-id': orgId });

  beforeAll(async () => {
    t = await buildTestApp();
    const db = t.database.db;
    const admin = await signInAs(db, { email: 'admin@impact-calls.test', roles: ['admin'] });
    const a = await signInAs(db, { email: 'anna@teams.example', firstName: 'Anna', lastName: 'Neri' });
    anna = { headers: a.headers, id: a.user.id };
    orgId = await createOrganization(t.app, anna.headers, 'Cooperativa Insieme');
    call = await createOpenCall(t.app, admin.headers, { name: 'Bando Uno' });
    otherCall = await createOpenCall(t.app, admin.headers, { name: 'Bando Due' });
    // Bruno has a French sign-in account but has never signed in to the app.
    await createVerifiedAccount(db, { email: 'bruno@teams.example', firstName: 'Bruno', language: 'fr' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('the creator is the only member, an owner; GetOrganizations says so', async () => {
    const members = (await as(anna.headers).get(`/api/Organization/GetMembers?orgId=${orgId}`)).json();
    expect(members).toEqual([
      expect.objectContaining({ userId: anna.id, email: 'anna@teams.example', firstName: 'Anna', role: 'owner' }),
    ]);
    const mine = (await as(anna.headers).get('/api/Organization/GetOrganizations')).json();
    expect(mine).toEqual([expect.objectContaining({ id: orgId, role: 'owner' })]);
  });

  it('an owner invites by e-mail: the invitation is pending, mailed in the invitee’s language, audited', async () => {
    const res = await as(anna.headers).post('/api/Organization/InviteMember', {
      organizationId: orgId,
      email: 'Bruno@Teams.example',
      role: 'editor',
    });
    expect(res.statusCode, res.body).toBe(200);
    const pending = (await as(anna.headers).get(`/api/Organization/GetInvitations?orgId=${orgId}`)).json();
    expect(pending).toEqual([expect.objectContaining({ email: 'bruno@teams.example', role: 'editor' })]);
    const expires = new Date(pending[0].expiresAt).getTime() - new Date(pending[0].invitedAt).getTime();
    expect(expires).toBe(14 * 24 * 3600_000);
    const mails = await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.template, 'member-invitation'));
    expect(mails).toHaveLength(1);
    expect(mails[0]?.to).toBe('bruno@teams.example');
    expect(mails[0]?.subject).toBe('Invitation à rejoindre Cooperativa Insieme');
    expect(mails[0]?.html).toMatch(/href="[^"]*\/\?lang=fr"/);
    const owners = await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.template, 'member-change'));
    expect(owners.map((m) => m.to)).toEqual(['anna@teams.example']);
    const trail = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'member.invite'));
    expect(trail).toEqual([expect.objectContaining({ targetId: orgId, actorEmail: 'anna@teams.example' })]);
    // Until B signs in, B is no member.
    const members = (await as(anna.headers).get(`/api/Organization/GetMembers?orgId=${orgId}`)).json();
    expect(members).toHaveLength(1);
  });

  it('invited B signs in with that address and becomes an editor', async () => {
    const signIn = await signInThroughProvider(t.app, 'bruno@teams.example', 'correct horse battery');
    expect(signIn.ok && signIn.response.statusCode).toBe(200);
    bruno = { headers: { authorization: `Bearer ${signIn.response.json().token}` }, id: '' };
    const mine = (await as(bruno.headers).get('/api/Organization/GetOrganizations')).json();
    expect(mine).toEqual([expect.objectContaining({ id: orgId, role: 'editor' })]);
    const members = (await as(anna.headers).get(`/api/Organization/GetMembers?orgId=${orgId}`)).json();
    const b = members.find((m: { email: string }) => m.email === 'bruno@teams.example');
    expect(b).toEqual(expect.objectContaining({ role: 'editor', firstName: 'Bruno' }));
    bruno.id = b.userId;
    expect((await as(anna.headers).get(`/api/Organization/GetInvitations?orgId=${orgId}`)).json()).toEqual([]);
    const joined = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'member.join'));
    expect(joined).toHaveLength(1);
  });

  it('as editor B writes and submits an application of the organization', async () => {
    submissionId = await submitToCall(t.app, bruno.headers, orgId, call);
    const read = await as(withOrg(anna.headers)).get(`/api/Call/GetSubmissionByID?submissionId=${submissionId}`);
    expect(read.statusCode).toBe(200);
    expect(read.json().closed).toBe(true);
    fileId = (await as(bruno.headers).get(`/api/FileUpload/GetAttachments?submissionId=${submissionId}`)).json()[0]
      .fileDownloadId;
    // Anna's draft of another call, for B's writes below.
    const started = await as(withOrg(anna.headers)).post('/api/Call/UpsertCallSubmission', { callId: otherCall.id });
    draftId = started.json().id;
  });

  it('an editor may not manage the team (403) nor edit the organization', async () => {
    const invite = await as(bruno.headers).post('/api/Organization/InviteMember', {
      organizationId: orgId,
      email: 'carla@teams.example',
      role: 'owner',
    });
    expect(invite.statusCode).toBe(403);
    expect(invite.json().messageKey).toBe('errors.organizations.roleTooLow');
    const promote = await as(bruno.headers).post('/api/Organization/ChangeMemberRole', {
      organizationId: orgId,
      userId: bruno.id,
      role: 'owner',
    });
    expect(promote.statusCode).toBe(403);
    expect((await as(bruno.headers).get(`/api/Organization/GetInvitations?orgId=${orgId}`)).statusCode).toBe(403);
  });

  it('as viewer B reads the application and its PDF, and every write is 403 and changes nothing', async () => {
    const demote = await as(anna.headers).post('/api/Organization/ChangeMemberRole', {
      organizationId: orgId,
      userId: bruno.id,
      role: 'viewer',
    });
    expect(demote.statusCode, demote.body).toBe(204);
    const b = as(withOrg(bruno.headers));
    expect((await b.get(`/api/Call/GetSubmissionByID?submissionId=${submissionId}`)).statusCode).toBe(200);
    const pdf = await b.get(`/api/Call/GetSubmissionPdf?submissionId=${submissionId}`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');
    expect((await b.get(`/api/FileUpload/GetFile?downloadId=${fileId}`)).statusCode).toBe(200);

    const write = await b.post('/api/Call/UpsertCallStepResult', {
      callSubmissionId: draftId,
      stepId: otherCall.textStepId,
      content: JSON.stringify({ answer: 'a viewer wrote this' }),
      version: 0,
    });
    expect(write.statusCode).toBe(403);
    expect(write.json().messageKey).toBe('errors.organizations.roleTooLow');
    const start = await b.post('/api/Call/UpsertCallSubmission', { callId: call.id });
    expect(start.statusCode).toBe(403);
    const close = await b.post('/api/Call/CloseCallSubmission', { submissionId: draftId });
    expect(close.statusCode).toBe(403);
    const rows = await t.database.db.select().from(stepResults).where(eq(stepResults.callSubmissionId, draftId));
    expect(rows).toEqual([]);
  });

  it('the last owner can neither leave nor be demoted (409), and nothing changes', async () => {
    const leave = await as(anna.headers).post('/api/Organization/RemoveMember', {
      organizationId: orgId,
      userId: anna.id,
    });
    expect(leave.statusCode).toBe(409);
    expect(leave.json().messageKey).toBe('errors.organizations.lastOwner');
    const demote = await as(anna.headers).post('/api/Organization/ChangeMemberRole', {
      organizationId: orgId,
      userId: anna.id,
      role: 'editor',
    });
    expect(demote.statusCode).toBe(409);
    expect(demote.json().messageKey).toBe('errors.organizations.lastOwner');
    const members = (await as(anna.headers).get(`/api/Organization/GetMembers?orgId=${orgId}`)).json();
    expect(members.find((m: { userId: string }) => m.userId === anna.id).role).toBe('owner');
  });

  it('with a second owner the first may step down, and owner_user_id follows an owner', async () => {
    const promote = await as(anna.headers).post('/api/Organization/ChangeMemberRole', {
      organizationId: orgId,
      userId: bruno.id,
      role: 'owner',
    });
    expect(promote.statusCode).toBe(204);
    const stepDown = await as(anna.headers).post('/api/Organization/ChangeMemberRole', {
      organizationId: orgId,
      userId: anna.id,
      role: 'editor',
    });
    expect(stepDown.statusCode, stepDown.body).toBe(204);
    const [org] = await t.database.db.select().from(organizations).where(eq(organizations.id, orgId));
    expect(org?.ownerUserId).toBe(bruno.id);
    // Back as before: Anna owner, Bruno viewer.
    for (const [userId, role] of [
      [anna.id, 'owner'],
      [bruno.id, 'viewer'],
    ] as const) {
      const res = await as(userId === anna.id ? bruno.headers : anna.headers).post(
        '/api/Organization/ChangeMemberRole',
        { organizationId: orgId, userId, role },
      );
      expect(res.statusCode, res.body).toBe(204);
    }
    const [back] = await t.database.db.select().from(organizations).where(eq(organizations.id, orgId));
    expect(back?.ownerUserId).toBe(anna.id);
  });

  it('after removal every organization endpoint, file and PDF is 403 or 404 for B', async () => {
    const removed = await as(anna.headers).post('/api/Organization/RemoveMember', {
      organizationId: orgId,
      userId: bruno.id,
    });
    expect(removed.statusCode, removed.body).toBe(204);
    const b = as(bruno.headers);
    const h = as(withOrg(bruno.headers));
    const refused = [
      await h.get('/api/Call/GetCallListUser'),
      await b.get(`/api/Organization/GetOrganizationById?orgId=${orgId}`),
      await b.get(`/api/Organization/GetMembers?orgId=${orgId}`),
      await b.get(`/api/Call/GetSubmissionByID?submissionId=${submissionId}`),
      await b.get(`/api/Call/GetStepResult?submissionId=${submissionId}&StepId=${call.textStepId}`),
      await b.get(`/api/Call/GetSubmissionPdf?submissionId=${submissionId}`),
      await b.get(`/api/Call/GetAllAnswerForPdf?callId=${call.id}&submissionId=${submissionId}`),
      await b.get(`/api/Call/GetSubmissionRecords?submissionId=${submissionId}`),
      await b.get(`/api/FileUpload/GetFile?downloadId=${fileId}`),
      await b.get(`/api/FileUpload/GetAttachments?submissionId=${submissionId}`),
      await b.post('/api/Call/UpsertCallStepResult', {
        callSubmissionId: draftId,
        stepId: otherCall.textStepId,
        content: JSON.stringify({ answer: 'x' }),
        version: 0,
      }),
      await b.post('/api/Organization/RemoveMember', { organizationId: orgId, userId: anna.id }),
    ];
    expect(refused.map((r) => r.statusCode).filter((s) => s !== 403 && s !== 404)).toEqual([]);
    expect((await b.get('/api/Organization/GetOrganizations')).json()).toEqual([]);
    const removedTrail = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'member.remove'), eq(auditLog.targetId, orgId)));
    expect(removedTrail).toHaveLength(1);
  });

  it('a withdrawn invitation is never accepted', async () => {
    await createVerifiedAccount(t.database.db, { email: 'carla@teams.example' });
    const invite = await as(anna.headers).post('/api/Organization/InviteMember', {
      organizationId: orgId,
      email: 'carla@teams.example',
      role: 'viewer',
    });
    const withdraw = await as(anna.headers).post('/api/Organization/WithdrawInvitation', {
      organizationId: orgId,
      invitationId: invite.json().id,
    });
    expect(withdraw.statusCode).toBe(204);
    const signIn = await signInThroughProvider(t.app, 'carla@teams.example', 'correct horse battery');
    const carla = { authorization: `Bearer ${signIn.response.json().token}` };
    expect((await as(carla).get('/api/Organization/GetOrganizations')).json()).toEqual([]);
  });

  it('bad input is a translated 400 and changes nothing', async () => {
    const res = await as(anna.headers).post('/api/Organization/InviteMember', {
      organizationId: orgId,
      email: 'not an address',
      role: 'boss',
    });
    expect(res.statusCode).toBe(400);
    const paths = res.json().errors.map((e: { path: string }) => e.path);
    expect(paths).toEqual(expect.arrayContaining(['email', 'role']));
    expect((await as(anna.headers).get(`/api/Organization/GetInvitations?orgId=${orgId}`)).json()).toEqual([]);
  });

  it('erasing a person deletes the invitations to their address, so no later sign-in adds them back', async () => {
    const invite = await as(anna.headers).post('/api/Organization/InviteMember', {
      organizationId: orgId,
      email: 'dora@teams.example',
      role: 'editor',
    });
    expect(invite.statusCode, invite.body).toBe(200);
    await createVerifiedAccount(t.database.db, { email: 'dora@teams.example' });
    const admin = await signInAs(t.database.db, { email: 'admin@impact-calls.test', roles: ['admin'] });
    const erased = await as(admin.headers).post('/api/User/EraseUserData', { email: 'dora@teams.example' });
    expect(erased.statusCode, erased.body).toBe(200);
    const left = await t.database.db
      .select()
      .from(organizationInvitations)
      .where(eq(organizationInvitations.email, 'dora@teams.example'));
    expect(left).toEqual([]);
  });
  describe('invitation mails are limited', () => {
    const invite = (headers: Headers, organizationId: string, email: string, remoteAddress = '127.0.0.1') =>
      t.app.inject({
        method: 'POST',
        url: '/api/Organization/InviteMember',
        headers: { ...headers, 'accept-language': 'en' },
        remoteAddress,
        payload: { organizationId, email, role: 'editor' },
      });
    const mailsTo = async (to: string) =>
      (await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.to, to))).length;

    it('three a day to one address, whatever the organization: the fourth is 429, translated, and mails nothing', async () => {
      for (const role of ['editor', 'viewer', 'owner']) {
        const sent = await as(anna.headers).post('/api/Organization/InviteMember', {
          organizationId: orgId,
          email: 'chiara@teams.example',
          role,
        });
        expect(sent.statusCode, sent.body).toBe(200);
      }
      // An older invitation of the organization to someone else does not shorten the wait.
      const earlier = new Date(Date.now() - 23 * 3600_000);
      await t.database.db.insert(organizationInvitations).values({
        organizationId: orgId,
        email: 'old@teams.example',
        role: 'viewer',
        invitedByUserId: anna.id,
        invitedAt: earlier,
        expiresAt: new Date(earlier.getTime() + 14 * 86_400_000),
      });
      const again = await invite(anna.headers, orgId, 'chiara@teams.example');
      expect(again.statusCode).toBe(429);
      expect(again.json().messageKey).toBe('errors.organizations.invitedEnoughToday');
      // The address's first invitation of the day was just now: about a day to wait.
      expect(Number(again.headers['retry-after'])).toBeGreaterThan(23 * 3600);
      // Another organization's owner is refused too.
      const e = await signInAs(t.database.db, { email: 'elio@elsewhere.example' });
      const elsewhere = await createOrganization(t.app, e.headers, 'Altrove');
      expect((await invite(e.headers, elsewhere, 'chiara@teams.example')).statusCode).toBe(429);
      expect(await mailsTo('chiara@teams.example')).toBe(3);
    });

    it('owners of five organizations inviting one address at the same moment send three mails, not five', async () => {
      const owners = await Promise.all(
        [1, 2, 3, 4, 5].map(async (i) => {
          const o = await signInAs(t.database.db, { email: `owner${i}@race.example` });
          return { headers: o.headers, org: await createOrganization(t.app, o.headers, `Gara ${i}`) };
        }),
      );
      const answers = await Promise.all(
        owners.map((o, i) => invite(o.headers, o.org, 'ines@race.example', `10.8.0.${i + 1}`)),
      );
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 200, 200, 429, 429]);
      expect(await mailsTo('ines@race.example')).toBe(3);
    });

    it('fifty a day from one organization: the next is 429 and nothing is kept', async () => {
      const f = await signInAs(t.database.db, { email: 'fabio@many.example' });
      const many = await createOrganization(t.app, f.headers, 'Tanti inviti');
      const now = new Date();
      await t.database.db.insert(organizationInvitations).values(
        Array.from({ length: 50 }, (_, i) => ({
          organizationId: many,
          email: `person${i}@many.example`,
          role: 'viewer' as const,
          invitedByUserId: f.user.id,
          invitedAt: now,
          expiresAt: new Date(now.getTime() + 14 * 86_400_000),
        })),
      );
      const next = await invite(f.headers, many, 'one-more@many.example');
      expect(next.statusCode).toBe(429);
      expect(next.json().messageKey).toBe('errors.organizations.invitingTooMuchToday');
      const kept = await t.database.db
        .select()
        .from(organizationInvitations)
        .where(eq(organizationInvitations.email, 'one-more@many.example'));
      expect(kept).toEqual([]);
      expect(await mailsTo('one-more@many.example')).toBe(0);
    });

    it('twenty a minute from one network address', async () => {
      const g = await signInAs(t.database.db, { email: 'gina@quick.example' });
      const quick = await createOrganization(t.app, g.headers, 'Veloce');
      for (let i = 0; i < 20; i++)
        expect((await invite(g.headers, quick, `p${i}@quick.example`, '10.7.7.7')).statusCode).toBe(200);
      expect((await invite(g.headers, quick, 'p20@quick.example', '10.7.7.7')).statusCode).toBe(429);
    });
  });
});
