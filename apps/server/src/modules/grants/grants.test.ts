import { readFileSync } from 'node:fs';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createOpenCall, createOrganization, submitToCall } from '../../../test/fixtures';
import { signInAs } from '../../../test/sign-in';
import {
  auditLog,
  calls,
  emailOutbox,
  grants,
  organizationMembers,
  organizations,
  users,
  webhookDeliveries,
  webhookEndpoints,
} from '../../db/schema';
import { pdfRenderPool } from '../pdf/render-pool';
import { letterHash } from './award-letter';
import { grantees } from './grantee-notice';
import { latestTodayAnywhere } from './tranches';

type Person = Awaited<ReturnType<typeof signInAs>>;

/**
 * Grants after the award (decision 0043): an accepted decision makes a grant, the admin sends its
 * letter, the grantee's members (and no one else) see it and accept it, bound to the letter's hash.
 */
describe('grants and award letters', () => {
  let t: TestApp;
  let admin: Person;
  let anna: Person;
  let vera: Person;
  let otto: Person;
  let aurora: string;
  let other: string;
  let submissionId: string;
  let otherSubmission: string;
  let call: Awaited<ReturnType<typeof createOpenCall>>;

  const inject = (p: Person, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({
      method,
      url: `/api/${url}`,
      headers: { ...p.headers, 'accept-language': 'en' },
      ...(payload ? { payload } : {}),
    });
  const decide = (submission: string, outcome: string) =>
    inject(admin, 'POST', 'Review/RecordDecisions', {
      callId: call.id,
      items: [{ submissionId: submission, outcome, message: '' }],
    });
  const grantsOfCall = async () => (await inject(admin, 'GET', `Grant/GetGrants?callId=${call.id}`)).json();

  beforeAll(async () => {
    t = await buildTestApp();
    admin = await signInAs(t.database.db, { email: 'officer@funder.test', roles: ['admin'], firstName: 'Olga' });
    // The officer reads the app in English: the funder's notices are written in it.
    await t.database.db.update(users).set({ language: 'en' }).where(eq(users.id, admin.user.id));
    anna = await signInAs(t.database.db, { email: 'anna@aurora.example', firstName: 'Anna', lastName: 'Neri' });
    vera = await signInAs(t.database.db, { email: 'vera@aurora.example', firstName: 'Vera' });
    otto = await signInAs(t.database.db, { email: 'otto@elsewhere.example', firstName: 'Otto' });
    aurora = await createOrganization(t.app, anna.headers, 'Aurora');
    other = await createOrganization(t.app, otto.headers, 'Altrove');
    await t.database.db
      .insert(organizationMembers)
      .values({ organizationId: aurora, userId: vera.user.id, role: 'viewer' });
    call = await createOpenCall(t.app, admin.headers, { name: 'Bando Futuro' });
    submissionId = await submitToCall(t.app, anna.headers, aurora, call);
    otherSubmission = await submitToCall(t.app, otto.headers, other, call);
  });
  afterAll(async () => {
    await t.close();
  });

  it('an accepted decision makes a draft grant; another outcome removes it while it is a draft', async () => {
    expect((await decide(submissionId, 'accepted')).statusCode).toBe(200);
    expect((await decide(otherSubmission, 'rejected')).statusCode).toBe(200);
    let list = await grantsOfCall();
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      submissionId,
      organizationId: aurora,
      callId: call.id,
      status: 'draft',
      amount: 0,
      // A call without a budget step: euros.
      currency: 'EUR',
    });
    expect((await decide(submissionId, 'waitingList')).statusCode).toBe(200);
    expect(await grantsOfCall()).toEqual([]);
    expect((await decide(submissionId, 'accepted')).statusCode).toBe(200);
    list = await grantsOfCall();
    expect(list).toHaveLength(1);
  });

  it('members see no draft; the admin sets the terms and sends the letter, mailed to the contact', async () => {
    const [grant] = await grantsOfCall();
    expect((await inject(anna, 'GET', 'Grant/GetMyGrants')).json()).toEqual([]);
    const bad = await inject(admin, 'PUT', 'Grant/UpdateGrant', {
      grantId: grant.id,
      startsAt: '2027-06-01',
      endsAt: '2027-01-01',
    });
    expect(bad.statusCode).toBe(400);
    const cents = await inject(admin, 'PUT', 'Grant/UpdateGrant', { grantId: grant.id, amount: 10.005 });
    expect(cents.statusCode).toBe(400);
    const updated = await inject(admin, 'PUT', 'Grant/UpdateGrant', {
      grantId: grant.id,
      amount: 48000.5,
      startsAt: '2027-01-01',
      endsAt: '2027-12-31',
      conditions: 'Report twice a year.',
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({ amount: 48000.5, startsAt: '2027-01-01', endsAt: '2027-12-31' });
    expect(updated.json().letterLanguage).toBeNull();
    const sent = await inject(admin, 'POST', 'Grant/SendAwardLetter', { grantId: grant.id });
    expect(sent.statusCode, sent.body).toBe(200);
    // Written in the contact's language (none saved: the default), said to readers of other languages.
    expect(sent.json()).toMatchObject({ status: 'awaitingAcceptance', letterLanguage: 'it' });
    expect(sent.json().letterHash).toMatch(/^[0-9a-f]{64}$/);
    const mails = await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.template, 'award-letter'));
    expect(mails.map((m) => m.to).sort()).toEqual(['anna@aurora.example', 'giulia@aurora.example']);
    const mine = (await inject(anna, 'GET', 'Grant/GetMyGrants')).json();
    expect(mine.map((g: { id: string }) => g.id)).toEqual([grant.id]);
    // Read in English, the call's name (written only in Italian) says it is Italian.
    expect(mine[0].callNameLanguage).toBe('it');
    expect((await inject(vera, 'GET', 'Grant/GetMyGrants')).json()).toHaveLength(1);
    expect((await inject(otto, 'GET', 'Grant/GetMyGrants')).json()).toEqual([]);
    expect((await inject(otto, 'GET', `Grant/GetGrant?grantId=${grant.id}`)).statusCode).toBe(404);
    expect((await inject(otto, 'GET', `Grant/GetAwardLetter?grantId=${grant.id}`)).statusCode).toBe(404);
    expect((await inject(anna, 'GET', `Grant/GetGrants?callId=${call.id}`)).statusCode).toBe(403);
    const rendered = pdfRenderPool().completed;
    const pdf = await inject(anna, 'GET', `Grant/GetAwardLetter?grantId=${grant.id}`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // Laid out on a render thread, not on the event loop; two at a time per person, like every PDF.
    expect(pdfRenderPool().completed).toBe(rendered + 1);
    const many = await Promise.all(
      Array.from({ length: 4 }, () => inject(anna, 'GET', `Grant/GetAwardLetter?grantId=${grant.id}`)),
    );
    expect(many.map((r) => r.statusCode).filter((s) => s === 429).length).toBeGreaterThan(0);
    expect(many.every((r) => r.statusCode === 200 || r.statusCode === 429)).toBe(true);
  });

  it('saving the terms unchanged keeps the letter; a letter changed since it was read is 409; the application stays', async () => {
    const [sent] = await grantsOfCall();
    const same = await inject(admin, 'PUT', 'Grant/UpdateGrant', {
      grantId: sent.id,
      amount: 48000.5,
      startsAt: '2027-01-01',
      endsAt: '2027-12-31',
      conditions: 'Report twice a year.',
    });
    expect(same.json()).toMatchObject({ status: 'awaitingAcceptance', letterHash: sent.letterHash });
    const stale = await inject(anna, 'POST', 'Grant/AcceptAward', {
      grantId: sent.id,
      fullName: 'Anna Neri',
      conditionsAccepted: true,
      letterHash: '0'.repeat(64),
    });
    expect(stale.statusCode, stale.body).toBe(409);
    expect(stale.json().messageKey).toBe('errors.grants.letterChanged');
    const deleted = await inject(admin, 'POST', `CallSubmission/DeleteSubmission?submissionId=${submissionId}`);
    expect(deleted.statusCode).toBe(409);
  });

  it('only a member who may write accepts, ticking the conditions; the audit keeps the letter hash', async () => {
    const [grant] = await grantsOfCall();
    expect(
      (await inject(otto, 'POST', 'Grant/AcceptAward', { grantId: grant.id, fullName: 'Otto Rossi' })).statusCode,
    ).toBe(404);
    expect((await inject(admin, 'POST', 'Grant/AcceptAward', { grantId: grant.id, fullName: 'Olga' })).statusCode).toBe(
      404,
    );
    expect(
      (await inject(vera, 'POST', 'Grant/AcceptAward', { grantId: grant.id, fullName: 'Vera Bianchi' })).statusCode,
    ).toBe(403);
    // A call open to Anna's address alone: Vera, an editor now, sees neither its application nor its
    // grant, and cannot answer the letter.
    await t.database.db
      .update(calls)
      .set({ isUserFilterEnable: true, userFilterEmail: 'anna@aurora.example' })
      .where(eq(calls.id, call.id));
    await t.database.db
      .update(organizationMembers)
      .set({ role: 'editor' })
      .where(eq(organizationMembers.userId, vera.user.id));
    try {
      expect((await inject(vera, 'GET', `Grant/GetGrant?grantId=${grant.id}`)).statusCode).toBe(404);
      expect((await inject(vera, 'GET', 'Grant/GetMyGrants')).json()).toEqual([]);
      const filtered = await inject(vera, 'POST', 'Grant/AcceptAward', {
        grantId: grant.id,
        fullName: 'Vera Bianchi',
        conditionsAccepted: true,
      });
      expect(filtered.statusCode, filtered.body).toBe(404);
      expect((await inject(anna, 'GET', `Grant/GetGrant?grantId=${grant.id}`)).statusCode).toBe(200);
    } finally {
      await t.database.db
        .update(calls)
        .set({ isUserFilterEnable: false, userFilterEmail: '' })
        .where(eq(calls.id, call.id));
      await t.database.db
        .update(organizationMembers)
        .set({ role: 'viewer' })
        .where(eq(organizationMembers.userId, vera.user.id));
    }
    const unticked = await inject(anna, 'POST', 'Grant/AcceptAward', { grantId: grant.id, fullName: 'Anna Neri' });
    expect(unticked.statusCode).toBe(400);
    expect(unticked.json().errors[0]).toMatchObject({
      path: 'conditionsAccepted',
      messageKey: 'errors.grants.conditionsRequired',
    });
    const accepted = await inject(anna, 'POST', 'Grant/AcceptAward', {
      grantId: grant.id,
      fullName: 'Anna Neri',
      conditionsAccepted: true,
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({ status: 'active', acceptedByName: 'Anna Neri' });
    const [row] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'grant.accept'), eq(auditLog.targetId, grant.id)));
    const stored = await t.database.db.query.grants.findFirst({ where: (g, { eq: is }) => is(g.id, grant.id) });
    expect(stored?.letterText).toContain('48.000,50');
    // The letter quotes the grant's reference (the year it was made and its number), as its pages do.
    const reference = accepted.json().reference;
    expect(reference).toMatch(new RegExp(`^${new Date().getFullYear()}-\\d{4}$`));
    expect(stored?.letterText).toContain(`Riferimento: ${reference}`);
    expect(row?.details).toMatchObject({ fullName: 'Anna Neri', letterHash: letterHash(stored?.letterText ?? '') });
    expect(row?.actorEmail).toBe('anna@aurora.example');
    expect(row?.details).toHaveProperty('ip');
    // Accepted terms are fixed, a second answer is refused, and the decision cannot move away.
    expect((await inject(admin, 'PUT', 'Grant/UpdateGrant', { grantId: grant.id, amount: 1 })).statusCode).toBe(409);
    expect((await inject(anna, 'POST', 'Grant/DeclineAward', { grantId: grant.id, reason: 'no' })).statusCode).toBe(
      409,
    );
    expect((await decide(submissionId, 'rejected')).statusCode).toBe(409);
  });

  it('tranches: within the amount awarded, payable by their condition, paid once, exported', async () => {
    const [grant] = await grantsOfCall();
    const save = (tranches: object[]) => inject(admin, 'PUT', 'Grant/SaveTranches', { grantId: grant.id, tranches });
    const tooMuch = await save([
      { amount: 40000, condition: 'onAcceptance' },
      { amount: 8000.51, condition: 'onDate', dueAt: '2099-01-01' },
    ]);
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().errors[0]).toMatchObject({ messageKey: 'errors.grants.tranchesExceedAmount' });
    const saved = await save([
      { amount: 40000, condition: 'onAcceptance' },
      { amount: 8000.5, condition: 'onDate', dueAt: '2099-01-01' },
    ]);
    expect(saved.statusCode, saved.body).toBe(200);
    const [first, second] = saved.json();
    expect([first.status, second.status]).toEqual(['payable', 'pending']);
    const pay = (trancheId: string) =>
      inject(admin, 'POST', 'Grant/MarkTranchePaid', { trancheId, paidAt: '2026-01-15', paymentReference: 'CRO 0001' });
    expect((await pay(second.id)).statusCode).toBe(409);
    expect(
      (
        await inject(anna, 'POST', 'Grant/MarkTranchePaid', {
          trancheId: first.id,
          paidAt: '2026-01-15',
          paymentReference: 'x',
        })
      ).statusCode,
    ).toBe(403);
    const future = await inject(admin, 'POST', 'Grant/MarkTranchePaid', {
      trancheId: first.id,
      paidAt: '2099-01-01',
      paymentReference: 'x',
    });
    expect(future.statusCode).toBe(400);
    // Today where the payer is, when that day has not begun in UTC (after midnight in Rome).
    expect(latestTodayAnywhere(new Date('2026-11-30T23:30:00Z'))).toBe('2026-12-01');
    expect(latestTodayAnywhere(new Date('2026-11-30T09:00:00Z'))).toBe('2026-11-30');
    const paid = await pay(first.id);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()[0]).toMatchObject({
      status: 'paid',
      paidAt: '2026-01-15',
      paymentReference: 'CRO 0001',
    });
    expect((await pay(first.id)).statusCode).toBe(409);
    // The paid tranche stays when the plan is saved again; the grantee reads it, others do not.
    const again = await save([{ amount: 8000.5, condition: 'onDate', dueAt: '2026-01-01' }]);
    expect(again.json().map((t: { status: string }) => t.status)).toEqual(['paid', 'payable']);
    expect((await inject(vera, 'GET', `Grant/GetTranches?grantId=${grant.id}`)).json()).toHaveLength(2);
    expect((await inject(otto, 'GET', `Grant/GetTranches?grantId=${grant.id}`)).statusCode).toBe(404);
    const csv = await inject(admin, 'GET', `Grant/ExportTranches?callId=${call.id}&format=csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('CRO 0001');
    expect(csv.body).toContain('Aurora');
    // Read by an Italian officer: headers and words in Italian, as every other export.
    const italian = await t.app.inject({
      url: `/api/Grant/ExportTranches?callId=${call.id}&format=csv`,
      headers: { ...admin.headers, 'accept-language': 'it' },
    });
    const [header = '', ...lines] = italian.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(header.split(',')).toEqual([
      'Contributo (id)',
      'Organizzazione',
      'Codice fiscale / P. IVA',
      'Tranche',
      'Importo',
      'Condizione',
      'Scadenza',
      'Stato',
      'Pagata il',
      'Riferimento del pagamento',
      'Riferimento',
    ]);
    expect(lines.join('\n')).toMatch(/a una data,2026-01-01,pagabile/);
    // Each grant named by its reference too, last, as its letter quotes it.
    expect(lines[0]?.split(',').at(-1)).toMatch(/^\d{4}-\d{4}$/);
    // Asked with no language (a script): the English headers and codes, the columns it always had.
    const scripted = await t.app.inject({
      url: `/api/Grant/ExportTranches?callId=${call.id}&format=csv`,
      headers: admin.headers,
    });
    const [scriptHeader = ''] = scripted.body.replace(/^\uFEFF/, '').split(/\r?\n/);
    expect(scriptHeader.split(',')).toEqual([
      'Grant',
      'Organization',
      'Registration number',
      'Tranche',
      'Amount',
      'Condition',
      'Due',
      'Status',
      'Paid on',
      'Payment reference',
    ]);
    expect(scripted.body).toMatch(/onDate,2026-01-01,payable/);
    expect(csv.body).toMatch(/on a date,2026-01-01,payable/);
    const folioItalian = await t.app.inject({
      url: `/api/Report/ExportPortfolio?callId=${call.id}&format=csv`,
      headers: { ...admin.headers, 'accept-language': 'it' },
    });
    expect(folioItalian.body).toMatch(/,attivo,/);
    expect(folioItalian.body.split(/\r?\n/)[0]?.split(',').at(-1)).toBe('Riferimento');
    const xlsx = await inject(admin, 'GET', `Grant/ExportTranches?callId=${call.id}&format=xlsx`);
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
    // The portfolio: the grant with what was paid, filtered by call and year; others refused.
    const folio = (await inject(admin, 'GET', `Report/GetPortfolio?callId=${call.id}`)).json();
    expect(folio.totals).toMatchObject({ grants: 1, awarded: 48000.5, paid: 40000 });
    expect(folio.totals.byStatus).toMatchObject({ active: 1, draft: 0 });
    expect(folio.grants[0].reference).toMatch(/^\d{4}-\d{4}$/);
    expect(folio.grants[0]).toMatchObject({
      organizationName: 'Aurora',
      amount: 48000.5,
      paid: 40000,
      actualSroi: null,
    });
    expect((await inject(admin, 'GET', `Report/GetPortfolio?callId=${call.id}&year=2026`)).json().grants).toEqual([]);
    expect((await inject(admin, 'GET', `Report/GetPortfolio?callId=${call.id}&year=2027`)).json().grants).toHaveLength(
      1,
    );
    // Payments ahead: the tranche due and unpaid is payable now, committed (the grant was accepted).
    expect(folio.payments).toEqual({
      currency: 'EUR',
      payableNow: { tranches: 1, amount: 8000.5, committed: 8000.5 },
      byMonth: [],
      undated: { tranches: 0, amount: 0, committed: 0 },
    });
    // Dated later, it is expected in its month; the paid tranche stays out.
    await save([
      { amount: 4000.25, condition: 'onDate', dueAt: '2099-03-10' },
      { amount: 4000.25, condition: 'onDate', dueAt: '2099-03-31' },
    ]);
    const ahead = (await inject(admin, 'GET', `Report/GetPortfolio?callId=${call.id}`)).json().payments;
    expect(ahead.payableNow.tranches).toBe(0);
    expect(ahead.byMonth).toEqual([{ month: '2099-03', tranches: 2, amount: 8000.5, committed: 8000.5 }]);
    expect((await inject(anna, 'GET', 'Report/GetPortfolio')).statusCode).toBe(403);
    const folioCsv = await inject(admin, 'GET', `Report/ExportPortfolio?callId=${call.id}&format=csv`);
    expect(folioCsv.body).toContain('48000.5');
    // A grant in another currency is never added to the euros: the totals say which currencies there are.
    expect((await decide(otherSubmission, 'accepted')).statusCode).toBe(200);
    await t.database.db
      .update(grants)
      .set({ currency: 'GBP', amount: '1000' })
      .where(eq(grants.submissionId, otherSubmission));
    const mixed = (await inject(admin, 'GET', `Report/GetPortfolio?callId=${call.id}`)).json();
    // One grant each: by name. The totals are the euros'.
    expect(mixed.totals).toMatchObject({ currencies: ['EUR', 'GBP'], awarded: 48000.5, paid: 40000 });
    expect(mixed.grants.map((g: { currency: string }) => g.currency).sort()).toEqual(['EUR', 'GBP']);
    expect((await decide(otherSubmission, 'rejected')).statusCode).toBe(200);
    // Closing: the day is kept, the grantee's writers hear it, the endpoints that asked are told.
    await t.database.db
      .insert(webhookEndpoints)
      .values({ url: 'https://hooks.example/grants', events: ['grant.closed'], secret: 's' });
    expect((await inject(anna, 'PUT', 'Grant/UpdateGrant', { grantId: grant.id, status: 'closed' })).statusCode).toBe(
      403,
    );
    const before = Date.now();
    const closed = await inject(admin, 'PUT', 'Grant/UpdateGrant', { grantId: grant.id, status: 'closed' });
    expect(closed.json()).toMatchObject({ status: 'closed' });
    expect(Date.parse(closed.json().closedAt)).toBeGreaterThanOrEqual(before - 1000);
    expect((await inject(anna, 'GET', `Grant/GetGrant?grantId=${grant.id}`)).json().closedAt).toBe(
      closed.json().closedAt,
    );
    const told = await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.template, 'grant-closed'));
    expect(told.map((m) => m.to).sort()).toEqual(['anna@aurora.example', 'giulia@aurora.example']);
    // Named with the organization: a person in two grantees of the call tells the mails apart.
    expect(told[0]?.subject).toBe('Contributo chiuso: Bando Futuro · Aurora');
    // The audit trail names the close as such, not as a change of the grant's terms.
    const entries = await t.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.targetId, grant.id), eq(auditLog.action, 'grant.close')));
    expect(entries).toHaveLength(1);
    const [event] = await t.database.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.eventType, 'grant.closed'));
    expect(JSON.parse(event?.payload ?? '{}').data).toMatchObject({
      grantId: grant.id,
      closedAt: closed.json().closedAt,
    });
    // A grant closed before the day was kept gets its last change as the day.
    const backfill = sql.raw(
      readFileSync(new URL('../../db/migrations/0049_grant-closed-at.sql', import.meta.url), 'utf8').split(
        '--> statement-breakpoint',
      )[1] ?? '',
    );
    const lastChange = new Date('2027-06-30T10:00:00Z');
    await t.database.db.update(grants).set({ closedAt: null, updatedAt: lastChange }).where(eq(grants.id, grant.id));
    await t.database.db.execute(backfill);
    expect((await t.database.db.select().from(grants).where(eq(grants.id, grant.id)))[0]?.closedAt).toEqual(lastChange);
    // Closed once: closing again is refused and tells no one twice.
    const closedAgain = await inject(admin, 'PUT', 'Grant/UpdateGrant', { grantId: grant.id, status: 'closed' });
    expect(closedAgain.json().messageKey).toBe('errors.grants.notActive');
    expect(await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.template, 'grant-closed'))).toHaveLength(
      2,
    );
    expect((await save([])).statusCode).toBe(409);
  });

  it('a grantee may decline a letter with a reason; no letter leaves while the results are locked', async () => {
    expect((await decide(otherSubmission, 'accepted')).statusCode).toBe(200);
    const grant = (await grantsOfCall()).find((g: { organizationId: string }) => g.organizationId === other);
    // No letter offers 0,00 €: the amount is set in the terms first, and nothing is sent meanwhile.
    const unset = await inject(admin, 'POST', 'Grant/SendAwardLetter', { grantId: grant.id });
    expect(unset.statusCode).toBe(400);
    expect(unset.json().messageKey).toBe('errors.grants.amountBeforeLetter');
    expect((await grantsOfCall()).find((g: { id: string }) => g.id === grant.id)).toMatchObject({
      status: 'draft',
      letterSentAt: null,
    });
    expect((await inject(admin, 'PUT', 'Grant/UpdateGrant', { grantId: grant.id, amount: 12000 })).statusCode).toBe(
      200,
    );
    await t.database.db
      .update(calls)
      .set({ callLockEnd: new Date(Date.now() + 3_600_000) })
      .where(eq(calls.id, call.id));
    const locked = await inject(admin, 'POST', 'Grant/SendAwardLetter', { grantId: grant.id });
    expect(locked.json().messageKey).toBe('errors.grants.callLocked');
    await t.database.db.update(calls).set({ callLockEnd: null }).where(eq(calls.id, call.id));
    expect((await inject(otto, 'POST', 'Grant/DeclineAward', { grantId: grant.id, reason: 'x' })).statusCode).toBe(404);
    await inject(admin, 'POST', 'Grant/SendAwardLetter', { grantId: grant.id });
    const declined = await inject(otto, 'POST', 'Grant/DeclineAward', {
      grantId: grant.id,
      reason: 'We found other funds',
    });
    expect(declined.json()).toMatchObject({ status: 'declined', declineReason: 'We found other funds' });
    // The grant says who declined, to the funder as to the grantee's team.
    const [asFunder] = (await grantsOfCall()).filter((g: { id: string }) => g.id === grant.id);
    expect(asFunder.declinedByName).toBe('Otto User');
    const mine = (await inject(otto, 'GET', 'Grant/GetMyGrants')).json();
    expect(mine.find((g: { id: string }) => g.id === grant.id).declinedByName).toBe('Otto User');
    // The officer who sent the letter hears of it, with the reason given.
    const told = await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.template, 'grant-declined'));
    expect(told.map((m) => [m.to, m.subject])).toEqual([['officer@funder.test', 'Award declined: Altrove']]);
    expect(told[0]?.text).toContain('The reason given: We found other funds');
  });

  it('erasing the person who accepted keeps the acceptance, not their name', async () => {
    const erased = await inject(anna, 'POST', 'User/DeleteMyAccount', { confirm: true });
    expect(erased.statusCode, erased.body).toBe(200);
    const [grant] = (await grantsOfCall()).filter((g: { organizationId: string }) => g.organizationId === aurora);
    expect(grant.acceptedAt).not.toBeNull();
    expect(grant.acceptedByName).not.toContain('Anna');
    expect(grant.letterHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it("mails an organization's grant notices to no erased contact's pseudonym", async () => {
    await t.database.db
      .update(organizations)
      .set({ contactEmail: 'deleted-user-ab12cd' })
      .where(eq(organizations.id, other));
    const notified = await t.database.db.transaction((tx) => grantees(tx, { organizationId: other, callId: call.id }));
    expect(notified.emails).toEqual(['otto@elsewhere.example']);
  });
});
