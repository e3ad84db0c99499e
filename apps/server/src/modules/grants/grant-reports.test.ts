import { and, desc, eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createOpenCall, createOrganization, submitToCall, updateCall } from '../../../test/fixtures';
import { POSTGRES_URL } from '../../../test/postgres-only';
import { signInAs } from '../../../test/sign-in';
import {
  auditLog,
  emailAttachments,
  emailOutbox,
  grantReports,
  organizationMembers,
  users,
  webhookDeliveries,
  webhookEndpoints,
} from '../../db/schema';
import { sendReportReminders } from './report-reminders';

type Person = Awaited<ReturnType<typeof signInAs>>;
type Report = {
  id: string;
  name: string;
  dueAt: string;
  status: string;
  submissionId: string | null;
  formCallId: string;
};

const TEXT = (question: string) => JSON.stringify({ question: `<p>${question}</p>`, maxLength: 500 });
const DAY = 86_400_000;
const day = (offsetDays: number) => new Date(Date.now() + offsetDays * DAY).toISOString().slice(0, 10);

/**
 * Reports after the award (decision 0044): a call's reporting plan makes the reports each accepted
 * grant owes; the grantee writes one in the ordinary wizard on a hidden form call; the admin
 * approves it and the tranche waiting for it becomes payable; reminders go before and after the day.
 */
describe('grant reports', () => {
  let t: TestApp;
  let admin: Person;
  let anna: Person;
  let vera: Person;
  let otto: Person;
  let aurora: string;
  let grantId: string;
  let formTypeId: string;
  let formStepId: string;
  let call: Awaited<ReturnType<typeof createOpenCall>>;
  let plan: Array<{ id: string; name: string; formCallId: string }>;
  /** Otto's grant in the same call, active once its tranche's test has run. */
  let ottosGrantId = '';
  let elsewhere = '';

  const inject = (p: Person, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, org?: string) =>
    t.app.inject({
      method,
      url: `/api/${url}`,
      headers: { ...p.headers, 'accept-language': 'en', ...(org ? { 'x-organization-id': org } : {}) },
      ...(payload ? { payload } : {}),
    });
  const reports = async (p: Person = admin): Promise<Report[]> =>
    (await inject(p, 'GET', `Grant/GetReports?grantId=${grantId}`)).json();
  const mailsOf = (template: string) =>
    t.database.db.select().from(emailOutbox).where(eq(emailOutbox.template, template));
  const byName = async (name: string) => {
    const found = (await reports()).find((r) => r.name === name);
    if (!found) throw new Error(`no report ${name}`);
    return found;
  };

  beforeAll(async () => {
    t = await buildTestApp();
    admin = await signInAs(t.database.db, { email: 'officer@funder.test', roles: ['admin'], firstName: 'Olga' });
    // The officer reads the app in English: the funder's notices are written in it.
    await t.database.db.update(users).set({ language: 'en' }).where(eq(users.id, admin.user.id));
    anna = await signInAs(t.database.db, { email: 'anna@aurora.example', firstName: 'Anna', lastName: 'Neri' });
    vera = await signInAs(t.database.db, { email: 'vera@aurora.example', firstName: 'Vera' });
    otto = await signInAs(t.database.db, { email: 'otto@elsewhere.example', firstName: 'Otto' });
    aurora = await createOrganization(t.app, anna.headers, 'Aurora');
    await t.database.db
      .insert(organizationMembers)
      .values({ organizationId: aurora, userId: vera.user.id, role: 'viewer' });
    call = await createOpenCall(t.app, admin.headers, { name: 'Bando Futuro' });
    const submissionId = await submitToCall(t.app, anna.headers, aurora, call);
    const types = (await inject(admin, 'GET', 'Step/GetStepTypes')).json() as Array<{ id: string; name: string }>;
    const created = await inject(admin, 'POST', 'Call/CreateCallType', {
      name: 'Report form',
      description: 'What happened',
      steps: [
        {
          name: 'Progress',
          description: '',
          content: TEXT('What did you do?'),
          sort: 0,
          stepTypeId: types.find((s) => s.name === 'text')?.id,
        },
      ],
    });
    expect(created.statusCode, created.body).toBe(201);
    formTypeId = created.json().id;
    formStepId = created.json().steps[0].id;
    const decided = await inject(admin, 'POST', 'Review/RecordDecisions', {
      callId: call.id,
      items: [{ submissionId, outcome: 'accepted', message: '' }],
    });
    expect(decided.statusCode, decided.body).toBe(200);
    grantId = (await inject(admin, 'GET', `Grant/GetGrants?callId=${call.id}`)).json()[0].id;
    // The interim report falls due in 7 days (the grant started 6 months less 7 days ago).
    const start = new Date(Date.now() + 7 * DAY);
    start.setUTCMonth(start.getUTCMonth() - 6);
    const terms = await inject(admin, 'PUT', 'Grant/UpdateGrant', {
      grantId,
      amount: 10000,
      startsAt: start.toISOString().slice(0, 10),
      endsAt: day(365),
    });
    expect(terms.statusCode, terms.body).toBe(200);
  });
  afterAll(async () => {
    await t.close();
  });

  it('the admin saves a reporting plan; bad items are 400 and change nothing; others may not', async () => {
    const both = await inject(admin, 'PUT', 'Grant/SaveReportingPlan', {
      callId: call.id,
      reports: [{ name: 'Interim', dueAfterMonths: 6, dueAt: day(10), callTypeId: formTypeId }],
    });
    expect(both.statusCode).toBe(400);
    const unknownForm = await inject(admin, 'PUT', 'Grant/SaveReportingPlan', {
      callId: call.id,
      reports: [{ name: 'Interim', dueAfterMonths: 6, callTypeId: '00000000-0000-4000-8000-000000000009' }],
    });
    expect(unknownForm.statusCode).toBe(400);
    expect(unknownForm.json().errors[0]).toMatchObject({ path: 'reports.0.callTypeId' });
    const applicationForm = await inject(admin, 'PUT', 'Grant/SaveReportingPlan', {
      callId: call.id,
      reports: [
        {
          name: 'Interim',
          dueAfterMonths: 6,
          callTypeId: (await inject(admin, 'GET', `Call/GetCallByIdAdmin?callId=${call.id}`)).json().callTypeId,
        },
      ],
    });
    expect(applicationForm.statusCode).toBe(400);
    expect(applicationForm.json().errors[0]).toMatchObject({
      path: 'reports.0.callTypeId',
      messageKey: 'errors.grantReports.formIsApplication',
    });
    // The list of forms says which are a call's application, as the rule judges them.
    const listed = (await inject(admin, 'GET', 'Call/GetCallTypes')).json() as Array<{
      id: string;
      applicationForm: boolean;
    }>;
    const applicationTypeId = (await inject(admin, 'GET', `Call/GetCallByIdAdmin?callId=${call.id}`)).json().callTypeId;
    expect(listed.find((ct) => ct.id === applicationTypeId)?.applicationForm).toBe(true);
    expect(listed.find((ct) => ct.id === formTypeId)?.applicationForm).toBe(false);
    expect((await inject(admin, 'GET', `Grant/GetReportingPlan?callId=${call.id}`)).json()).toEqual([]);

    // A new form is made with the plan: a plan refused makes none; a form and a new one is refused.
    const formsNamed = async (name: string) =>
      ((await inject(admin, 'GET', 'Call/GetCallTypes')).json() as Array<{ name: string }>).filter(
        (ct) => ct.name === name,
      ).length;
    const refused = await inject(admin, 'PUT', 'Grant/SaveReportingPlan', {
      callId: call.id,
      reports: [
        { name: 'Midway', dueAfterMonths: 3, newForm: true },
        { name: 'Broken', dueAfterMonths: 3, callTypeId: '00000000-0000-4000-8000-000000000009' },
      ],
    });
    expect(refused.statusCode).toBe(400);
    expect(await formsNamed('Midway')).toBe(0);
    const twoForms = await inject(admin, 'PUT', 'Grant/SaveReportingPlan', {
      callId: call.id,
      reports: [{ name: 'Midway', dueAfterMonths: 3, newForm: true, callTypeId: formTypeId }],
    });
    expect(twoForms.statusCode).toBe(400);
    expect(twoForms.json().errors[0]).toMatchObject({
      path: 'reports.0.callTypeId',
      messageKey: 'errors.grantReports.formRequired',
    });
    const withNew = await inject(admin, 'PUT', 'Grant/SaveReportingPlan', {
      callId: call.id,
      reports: [{ name: 'Midway', dueAfterMonths: 3, newForm: true }],
    });
    expect(withNew.statusCode, withNew.body).toBe(200);
    const [midway] = withNew.json() as Array<{ callTypeId: string }>;
    expect(await formsNamed('Midway')).toBe(1);
    expect(midway?.callTypeId).not.toBe(formTypeId);

    const body = {
      callId: call.id,
      reports: [
        { name: 'Interim', dueAfterMonths: 6, callTypeId: formTypeId },
        { name: 'Final', dueAt: day(-1), callTypeId: formTypeId },
      ],
    };
    expect((await inject(anna, 'PUT', 'Grant/SaveReportingPlan', body)).statusCode).toBe(403);
    const saved = await inject(admin, 'PUT', 'Grant/SaveReportingPlan', body);
    expect(saved.statusCode, saved.body).toBe(200);
    plan = saved.json();
    expect(plan.map((p) => p.name)).toEqual(['Interim', 'Final']);
    expect((await inject(admin, 'GET', `Grant/GetReportingPlan?callId=${call.id}`)).json()).toEqual(plan);
  });

  it("a report form's editor is warned only by a change of the form: a due date moved in the plan is none; its name stays the plan's", async () => {
    const formCallId = plan[0]?.formCallId ?? '';
    const read = async () => (await inject(admin, 'GET', `Call/GetCallByIdAdmin?callId=${formCallId}`)).json();
    const before = await read();
    const items = plan.map(({ id, name }, i) => ({
      id,
      name,
      callTypeId: formTypeId,
      ...(i === 0 ? { dueAfterMonths: 7 } : { dueAt: day(-1) }),
    }));
    const moved = await inject(admin, 'PUT', 'Grant/SaveReportingPlan', { callId: call.id, reports: items });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await read()).updatedAt).toBe(before.updatedAt);
    // The form's page sends a name of its own: the plan's stays.
    const saved = await inject(admin, 'PUT', 'Call/UpdateCall', {
      id: formCallId,
      name: 'Renamed on the form page',
      description: before.description,
      openingAt: before.openingAt,
      closingAt: before.closingAt,
      callTypeId: before.callTypeId,
      basedOnUpdatedAt: before.updatedAt,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().name).toBe('Interim');
    // The trail logs it as the plan's report form, under the application call, with the form's name.
    const [logged] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'grant.reportForm'))
      .orderBy(desc(auditLog.createdAt))
      .limit(1);
    expect(logged).toMatchObject({ targetId: call.id, details: { name: 'Interim' } });
    expect(
      await t.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'call.update'), eq(auditLog.targetId, formCallId))),
    ).toEqual([]);
    const back = await inject(admin, 'PUT', 'Grant/SaveReportingPlan', {
      callId: call.id,
      reports: items.map((item, i) => (i === 0 ? { ...item, dueAfterMonths: 6 } : item)),
    });
    plan = back.json();
  });

  it('a tranche waits for a named report of the plan; an unknown one is 400', async () => {
    const unknown = await inject(admin, 'PUT', 'Grant/SaveTranches', {
      grantId,
      tranches: [{ amount: 1000, condition: 'onReportApproval', reportPlanId: '00000000-0000-4000-8000-000000000009' }],
    });
    expect(unknown.statusCode).toBe(400);
    const missing = await inject(admin, 'PUT', 'Grant/SaveTranches', {
      grantId,
      tranches: [{ amount: 1000, condition: 'onReportApproval' }],
    });
    expect(missing.statusCode).toBe(400);
    const saved = await inject(admin, 'PUT', 'Grant/SaveTranches', {
      grantId,
      tranches: [
        { amount: 6000, condition: 'onAcceptance' },
        { amount: 4000, condition: 'onReportApproval', reportPlanId: plan[1]?.id },
      ],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()[1]).toMatchObject({
      condition: 'onReportApproval',
      reportPlanId: plan[1]?.id,
      // Named, so the grantee reads which report before any report exists.
      reportName: 'Final',
      status: 'pending',
    });
    expect(saved.json()[0].reportName).toBeNull();
  });

  it('accepting the grant makes its reports, due by the plan; only its members see them', async () => {
    expect((await inject(admin, 'POST', 'Grant/SendAwardLetter', { grantId })).statusCode).toBe(200);
    expect(await reports()).toEqual([]);
    const accepted = await inject(anna, 'POST', 'Grant/AcceptAward', { grantId, fullName: 'Anna Neri' });
    expect(accepted.statusCode, accepted.body).toBe(200);
    // The officer who set the grant's terms hears of it (the funder's side of the grant).
    const told = await mailsOf('grant-accepted');
    expect(told.map((m) => [m.to, m.subject])).toEqual([['officer@funder.test', 'Award accepted: Aurora']]);
    expect(told[0]?.text).toContain('Anna Neri accepted, for Aurora');
    const list = await reports();
    expect(list.map((r) => [r.name, r.dueAt, r.status])).toEqual([
      ['Final', day(-1), 'overdue'],
      ['Interim', day(7), 'due'],
    ]);
    expect((await reports(vera)).length).toBe(2);
    expect((await inject(otto, 'GET', `Grant/GetReports?grantId=${grantId}`)).statusCode).toBe(404);
    const portfolio = (await inject(admin, 'GET', `Report/GetPortfolio?callId=${call.id}`)).json();
    expect(portfolio.grants[0].reportsOverdue).toBe(1);
    expect(portfolio.totals).toMatchObject({ grantsWithReportsOverdue: 1, reportsOverdue: 1 });
  });

  it('a form call is listed nowhere and opens only to the organization that owes the report', async () => {
    const formCallId = plan[0]?.formCallId ?? '';
    const adminList = (await inject(admin, 'GET', 'Call/GetCallList')).json() as Array<{ id: string }>;
    expect(adminList.map((c) => c.id)).not.toContain(formCallId);
    expect(adminList.map((c) => c.id)).toContain(call.id);
    const userList = await inject(otto, 'GET', 'Call/GetCallListUser');
    expect(userList.body).not.toContain(formCallId);
    expect((await inject(otto, 'GET', `Call/GetCallById?callId=${formCallId}`)).statusCode).toBe(404);
    const form = await inject(anna, 'GET', `Call/GetCallById?callId=${formCallId}`);
    expect(form.statusCode).toBe(200);
    // The wizard speaks of a report, and leads back to its grant.
    expect(form.json().reportGrantId).toBe(grantId);
    expect((await inject(anna, 'GET', `Call/GetCallById?callId=${call.id}`)).json().reportGrantId).toBeUndefined();
    // A report is started through its grant, never as an application.
    const direct = await inject(anna, 'POST', 'Call/UpsertCallSubmission', { callId: formCallId }, aurora);
    expect(direct.statusCode).toBe(404);
    expect((await inject(admin, 'POST', `Call/DeleteCall`, { callId: formCallId })).statusCode).not.toBe(200);
  });

  it('reminds before the day and once when overdue, each once, in the recipients’ language', async () => {
    const before = await sendReportReminders(t.database.db, 'http://app.test');
    expect(before).toBe(2);
    const mails = await t.database.db.select().from(emailOutbox);
    const due = mails.filter((m) => m.template === 'report-due');
    const overdue = mails.filter((m) => m.template === 'report-overdue');
    expect(due.map((m) => m.to).sort()).toEqual(['anna@aurora.example', 'giulia@aurora.example']);
    expect(overdue).toHaveLength(2);
    expect(due[0]?.subject).toContain('Interim');
    expect(overdue[0]?.text).toContain(`/grants/${grantId}`);
    expect(await sendReportReminders(t.database.db, 'http://app.test')).toBe(0);
  });

  it('the grantee writes the report in the wizard and submits it; the admin approves; the tranche becomes payable', async () => {
    const final = await byName('Final');
    expect((await inject(vera, 'POST', 'Grant/StartReport', { reportId: final.id })).statusCode).toBe(403);
    expect((await inject(otto, 'POST', 'Grant/StartReport', { reportId: final.id })).statusCode).toBe(404);
    const started = await inject(anna, 'POST', 'Grant/StartReport', { reportId: final.id });
    expect(started.statusCode, started.body).toBe(200);
    const { submissionId } = started.json();
    expect((await inject(anna, 'POST', 'Grant/StartReport', { reportId: final.id })).json()).toEqual({ submissionId });
    expect((await inject(admin, 'POST', 'Grant/ApproveReport', { reportId: final.id })).statusCode).toBe(409);

    await t.database.db.insert(webhookEndpoints).values({
      url: 'https://hooks.example/x',
      // Both events: a report's Submit must record only its own.
      events: ['report.submitted', 'submission.submitted'],
      secret: 'whsec_test',
    });
    const written = await inject(
      anna,
      'POST',
      'Call/UpsertCallStepResult',
      { callSubmissionId: submissionId, stepId: formStepId, content: JSON.stringify({ answer: 'Done' }), version: 0 },
      aurora,
    );
    expect(written.statusCode, written.body).toBe(200);
    const closed = await inject(anna, 'POST', 'Call/CloseCallSubmission', { submissionId }, aurora);
    expect(closed.statusCode, closed.body).toBe(200);
    expect((await byName('Final')).status).toBe('submitted');
    const receipts = await t.database.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.template, 'submission-receipt'));
    expect(receipts.map((m) => m.subject)).toContain('Report receipt: Final');
    // Every line speaks of the report, none of an application or a submission.
    const receipt = receipts.find((m) => m.subject === 'Report receipt: Final');
    expect(receipt?.text).toContain('The PDF of the report as submitted is attached');
    expect(receipt?.text).not.toMatch(/submission id|application/i);
    // The grant's officer hears the report was sent; only the receipts carry its PDF.
    const sentNotices = await mailsOf('report-sent');
    expect(sentNotices.map((m) => [m.to, m.subject])).toEqual([['officer@funder.test', 'Report sent: Final · Aurora']]);
    const attachedTo = async (mailId: string) =>
      (await t.database.db.select().from(emailAttachments).where(eq(emailAttachments.mailId, mailId))).map(
        (a) => a.contentType,
      );
    expect(await attachedTo(sentNotices[0]?.id ?? '')).toEqual([]);
    expect(await attachedTo(receipt?.id ?? '')).toEqual(['application/pdf']);
    const events = await t.database.db.select().from(webhookDeliveries);
    const [event] = events;
    expect(events.map((e) => e.eventType)).toEqual(['report.submitted']);
    expect(JSON.parse(event?.payload ?? '{}').data).toMatchObject({ reportId: final.id, grantId, submissionId });

    let tranches = (await inject(admin, 'GET', `Grant/GetTranches?grantId=${grantId}`)).json();
    expect(tranches[1].status).toBe('pending');
    expect((await inject(anna, 'POST', 'Grant/ApproveReport', { reportId: final.id })).statusCode).toBe(403);
    const approved = await inject(admin, 'POST', 'Grant/ApproveReport', { reportId: final.id });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({ status: 'approved' });
    const notices = await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.template, 'report-approved'));
    expect(notices.map((m) => m.to).sort()).toEqual(['anna@aurora.example', 'giulia@aurora.example']);
    // A tranche waited for this report: the mail says it can now be paid.
    expect(notices.every((m) => /tranche/i.test(m.text))).toBe(true);
    // Approved: no more changes requested on it, no reopening (a tranche may have been paid on it).
    const again = await inject(admin, 'POST', 'CallSubmission/RequestChanges', {
      submissionId,
      stepIds: [formStepId],
      message: 'One more thing.',
      dueAt: new Date(Date.now() + 10 * DAY).toISOString(),
    });
    expect(again.statusCode).toBe(409);
    expect(
      (await inject(admin, 'POST', `CallSubmission/ReOpenSubmission?submissionId=${submissionId}`)).statusCode,
    ).toBe(409);
    expect((await inject(admin, 'POST', 'Grant/ApproveReport', { reportId: final.id })).statusCode).toBe(409);
    tranches = (await inject(admin, 'GET', `Grant/GetTranches?grantId=${grantId}`)).json();
    expect(tranches[1].status).toBe('payable');
    const paid = await inject(admin, 'POST', 'Grant/MarkTranchePaid', {
      trancheId: tranches[1].id,
      paidAt: day(0),
      paymentReference: 'CRO-2',
    });
    expect(paid.statusCode, paid.body).toBe(200);
    // The grantee's contact and writers hear of the payment (not Vera, a viewer).
    const paidNotices = await mailsOf('tranche-paid');
    expect(paidNotices.map((m) => m.to).sort()).toEqual(['anna@aurora.example', 'giulia@aurora.example']);
    // Named with the organization: a person in several hears which one's money it is.
    expect(paidNotices[0]?.subject).toMatch(/^Pagamento effettuato: 4000,00\s€ · Aurora$/);
    // In each one's language (Italian here), the amount written in it.
    expect(paidNotices[0]?.text).toMatch(
      /Una tranche di 4000,00\s€ del contributo di Aurora .+ \(riferimento del pagamento: CRO-2\)/,
    );
  });

  it('a sent report is not among the applications of the admin’s submissions tab, listed or counted', async () => {
    const final = await byName('Final');
    const listed = async (query: string) => {
      const res = await inject(admin, 'GET', `Call/GetSubmissions?${query}`);
      expect(res.statusCode, res.body).toBe(200);
      const ids = (res.json() as Array<{ id: string }>).map((s) => s.id);
      return { ids, total: Number(res.headers['x-total-count']) };
    };
    // Every kind of request: whole, paged, by state (counted from the tallies), searched (counted on the rows).
    for (const query of ['', 'limit=20', 'closed=true&limit=20', 'search=Aurora&limit=20', 'search=Aurora']) {
      const { ids, total } = await listed(query);
      expect(ids, query).not.toContain(final.submissionId);
      expect(ids.length, query).toBe(1);
      expect(total, query).toBe(1);
    }
    // Asked for by its form call, it is there.
    const byForm = await listed(`callId=${final.formCallId}&limit=20`);
    expect(byForm.ids).toEqual([final.submissionId]);
    expect(byForm.total).toBe(1);
  });

  it('a plan item whose report was started, or that a tranche names, cannot be removed', async () => {
    const interimOnly = {
      callId: call.id,
      reports: [{ id: plan[0]?.id, name: 'Interim', dueAfterMonths: 6, callTypeId: formTypeId }],
    };
    const refused = await inject(admin, 'PUT', 'Grant/SaveReportingPlan', interimOnly);
    expect(refused.statusCode).toBe(409);
    // Renaming and moving the interim report's day is fine: its report follows (not yet sent).
    const moved = await inject(admin, 'PUT', 'Grant/SaveReportingPlan', {
      callId: call.id,
      reports: [
        { id: plan[0]?.id, name: 'Mid-term', dueAt: day(30), callTypeId: formTypeId },
        { id: plan[1]?.id, name: 'Final', dueAt: day(-1), callTypeId: formTypeId },
      ],
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await byName('Mid-term')).dueAt).toBe(day(30));
    const [interim] = await t.database.db
      .select()
      .from(grantReports)
      .where(eq(grantReports.planId, plan[0]?.id ?? ''));
    expect(interim?.remindedBeforeAt).toBeNull();
    // An item nobody started goes with its reports and its hidden form call.
    const kept = [
      { id: plan[0]?.id, name: 'Mid-term', dueAt: day(30), callTypeId: formTypeId },
      { id: plan[1]?.id, name: 'Final', dueAt: day(-1), callTypeId: formTypeId },
    ];
    const added = await inject(admin, 'PUT', 'Grant/SaveReportingPlan', {
      callId: call.id,
      reports: [...kept, { name: 'Extra', dueAfterMonths: 3, callTypeId: formTypeId }],
    });
    const extra = (added.json() as Array<{ id: string; name: string; formCallId: string }>).find(
      (p) => p.name === 'Extra',
    );
    expect((await reports()).map((r) => r.name)).toContain('Extra');
    const removed = await inject(admin, 'PUT', 'Grant/SaveReportingPlan', { callId: call.id, reports: kept });
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await reports()).map((r) => r.name)).not.toContain('Extra');
    expect((await inject(admin, 'GET', `Call/GetCallByIdAdmin?callId=${extra?.formCallId}`)).statusCode).toBe(404);
  });

  it('the admin requests changes to a report; it is sent again and then approved', async () => {
    const interim = await byName('Mid-term');
    const { submissionId } = (await inject(anna, 'POST', 'Grant/StartReport', { reportId: interim.id })).json();
    const write = (answer: string, version: number) =>
      inject(
        anna,
        'POST',
        'Call/UpsertCallStepResult',
        { callSubmissionId: submissionId, stepId: formStepId, content: JSON.stringify({ answer }), version },
        aurora,
      );
    expect((await write('First draft', 0)).statusCode).toBe(200);
    expect((await inject(anna, 'POST', 'Call/CloseCallSubmission', { submissionId }, aurora)).statusCode).toBe(200);
    // Reopened by the admin, it is being written again (due, not sent), then sent again.
    expect(
      (await inject(admin, 'POST', `CallSubmission/ReOpenSubmission?submissionId=${submissionId}`)).statusCode,
    ).toBe(204);
    expect((await byName('Mid-term')).status).toBe('due');
    const [reopened] = await t.database.db.select().from(grantReports).where(eq(grantReports.id, interim.id));
    expect(reopened?.submittedAt).toBeNull();
    expect((await inject(admin, 'POST', 'Grant/ApproveReport', { reportId: interim.id })).statusCode).toBe(409);
    expect((await inject(anna, 'POST', 'Call/CloseCallSubmission', { submissionId }, aurora)).statusCode).toBe(200);
    expect((await byName('Mid-term')).status).toBe('submitted');
    const asked = await inject(admin, 'POST', 'CallSubmission/RequestChanges', {
      submissionId,
      stepIds: [formStepId],
      message: 'Please add the figures for the spring.',
      dueAt: new Date(Date.now() + 10 * DAY).toISOString(),
    });
    expect(asked.statusCode, asked.body).toBe(200);
    expect((await byName('Mid-term')).status).toBe('changesRequested');
    expect((await inject(admin, 'POST', 'Grant/ApproveReport', { reportId: interim.id })).statusCode).toBe(409);
    expect((await write('With the spring figures', 1)).statusCode).toBe(200);
    expect((await inject(anna, 'POST', 'Call/CloseCallSubmission', { submissionId }, aurora)).statusCode).toBe(200);
    expect((await byName('Mid-term')).status).toBe('submitted');
    expect((await inject(admin, 'POST', 'Grant/ApproveReport', { reportId: interim.id })).json().status).toBe(
      'approved',
    );
    // No tranche waits for this one: its mail does not say one can be paid.
    const notices = await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.template, 'report-approved'));
    const midTerm = notices.filter((m) => m.subject.includes('Mid-term'));
    expect(midTerm.length).toBeGreaterThan(0);
    expect(midTerm.some((m) => /tranche/i.test(m.text))).toBe(false);
  });

  it('a report follows its application’s e-mail filter: a member it leaves out neither opens it nor hears of its messages', async () => {
    const midTerm = await byName('Mid-term');
    const submissionId = midTerm.submissionId ?? '';
    const formCallId = midTerm.formCallId;
    const formFilter = async () => {
      const form = (await inject(admin, 'GET', `Call/GetCallByIdAdmin?callId=${formCallId}`)).json();
      return { isUserFilterEnable: form.isUserFilterEnable, userFilterEmail: form.userFilterEmail };
    };
    // Saved in the call editor: open to Anna's address alone.
    await updateCall(t.app, admin.headers, call.id, {
      isUserFilterEnable: true,
      userFilterEmail: 'anna@aurora.example',
    });
    try {
      expect(await formFilter()).toEqual({ isUserFilterEnable: true, userFilterEmail: 'anna@aurora.example' });
      const read = (p: Person) =>
        inject(p, 'GET', `Call/GetSubmissionByID?submissionId=${submissionId}`, undefined, aurora);
      expect((await read(vera)).statusCode).toBe(404);
      expect((await read(anna)).statusCode).toBe(200);
      const messages = (p: Person) =>
        inject(p, 'GET', `Conversation/GetMessages?submissionId=${submissionId}`, undefined, aurora);
      expect((await messages(vera)).statusCode).toBe(404);
      const sent = await inject(admin, 'POST', 'Conversation/SendMessage', {
        submissionId,
        text: 'A question about the spring figures.',
      });
      expect(sent.statusCode, sent.body).toBe(200);
      const told = await t.database.db
        .select()
        .from(emailOutbox)
        .where(eq(emailOutbox.template, 'conversation-message'));
      expect(told.map((m) => m.to)).toContain('anna@aurora.example');
      expect(told.map((m) => m.to)).not.toContain('vera@aurora.example');
      // Spoken of as the report it is, under the grant's call (its own call is the form's).
      expect(told.find((m) => m.to === 'anna@aurora.example')?.subject).toBe(
        'Nuovi messaggi sulla relazione “Mid-term” (Bando Futuro)',
      );
      // A report's form page cannot set a filter of its own.
      const form = (await inject(admin, 'GET', `Call/GetCallByIdAdmin?callId=${formCallId}`)).json();
      const saved = await inject(admin, 'PUT', 'Call/UpdateCall', {
        id: formCallId,
        name: form.name,
        description: form.description,
        openingAt: form.openingAt,
        closingAt: form.closingAt,
        callTypeId: form.callTypeId,
        isUserFilterEnable: false,
        userFilterEmail: '',
        basedOnUpdatedAt: form.updatedAt,
      });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(await formFilter()).toEqual({ isUserFilterEnable: true, userFilterEmail: 'anna@aurora.example' });
    } finally {
      await updateCall(t.app, admin.headers, call.id, { isUserFilterEnable: false, userFilterEmail: '' });
    }
    expect(await formFilter()).toEqual({ isUserFilterEnable: false, userFilterEmail: '' });
    expect(
      (await inject(vera, 'GET', `Call/GetSubmissionByID?submissionId=${submissionId}`, undefined, aurora)).statusCode,
    ).toBe(200);
  });

  it('a started report is kept with the grant: not deleted by an admin, nor by its author’s erasure', async () => {
    const report = await byName('Final');
    const submissionId = report.submissionId ?? '';
    expect(
      (await inject(admin, 'POST', `CallSubmission/DeleteSubmission?submissionId=${submissionId}`)).statusCode,
    ).toBe(409);
    // A report started and never sent, by the organization's only owner, who then erases herself.
    const final = await inject(admin, 'PUT', 'Grant/SaveReportingPlan', {
      callId: call.id,
      reports: [
        { id: plan[0]?.id, name: 'Mid-term', dueAt: day(30), callTypeId: formTypeId },
        { id: plan[1]?.id, name: 'Final', dueAt: day(-1), callTypeId: formTypeId },
        { name: 'Closing', dueAfterMonths: 12, callTypeId: formTypeId },
      ],
    });
    expect(final.statusCode, final.body).toBe(200);
    const closing = await byName('Closing');
    const started = await inject(anna, 'POST', 'Grant/StartReport', { reportId: closing.id });
    expect(started.statusCode).toBe(200);
    // Anna alone in the organization (a shared one would pass to its other members).
    await t.database.db.delete(organizationMembers).where(eq(organizationMembers.userId, vera.user.id));
    const erased = await inject(admin, 'POST', 'User/EraseUserData', { email: 'anna@aurora.example' });
    expect(erased.statusCode, erased.body).toBe(200);
    const [kept] = await t.database.db.select().from(grantReports).where(eq(grantReports.id, closing.id));
    expect(kept?.submissionId).toBe(started.json().submissionId);
  });

  it('a closed grant asks for no more reports: those not sent are not required nor written nor sent, none is sent back or reopened', async () => {
    expect((await byName('Mid-term')).status).toBe('approved');
    // A report sent and not approved (made so here), sent back for changes before the close.
    const midTerm = await byName('Mid-term');
    await t.database.db.update(grantReports).set({ approvedAt: null }).where(eq(grantReports.id, midTerm.id));
    const submissionId = midTerm.submissionId ?? '';
    const before = await inject(admin, 'POST', 'CallSubmission/RequestChanges', {
      submissionId,
      stepIds: [formStepId],
      message: 'Before the close.',
      dueAt: new Date(Date.now() + 10 * DAY).toISOString(),
    });
    expect(before.statusCode, before.body).toBe(200);
    const closedGrant = await inject(admin, 'PUT', 'Grant/UpdateGrant', { grantId, status: 'closed' });
    expect(closedGrant.statusCode, closedGrant.body).toBe(200);
    expect((await byName('Closing')).status).toBe('notRequired');
    // The close withdrew that request: the report stays as sent, and may still be approved.
    const requests = (
      await inject(admin, 'GET', `CallSubmission/GetChangeRequests?submissionId=${submissionId}`)
    ).json();
    expect(requests[0]).toMatchObject({ id: before.json().id, status: 'withdrawn' });
    expect((await byName('Mid-term')).status).toBe('submitted');
    // The funder can no longer ask for more.
    const asked = await inject(admin, 'POST', 'CallSubmission/RequestChanges', {
      submissionId,
      stepIds: [formStepId],
      message: 'One more thing.',
      dueAt: new Date(Date.now() + 10 * DAY).toISOString(),
    });
    expect(asked.statusCode).toBe(409);
    expect(asked.json().messageKey).toBe('errors.grantReports.grantClosed');
    const reopened = await inject(admin, 'POST', `CallSubmission/ReOpenSubmission?submissionId=${submissionId}`);
    expect(reopened.json().messageKey).toBe('errors.grantReports.grantClosed');
    expect((await byName('Mid-term')).status).toBe('submitted');
    // The report started before the close (its form's call stays open) is neither written nor sent:
    // by Vera, an owner of the organization again.
    await t.database.db
      .insert(organizationMembers)
      .values({ organizationId: aurora, userId: vera.user.id, role: 'owner' });
    try {
      const started = (await byName('Closing')).submissionId ?? '';
      const written = await inject(
        vera,
        'POST',
        'Call/UpsertCallStepResult',
        { callSubmissionId: started, stepId: formStepId, content: JSON.stringify({ answer: 'Late' }), version: 0 },
        aurora,
      );
      expect(written.statusCode, written.body).toBe(409);
      expect(written.json().messageKey).toBe('errors.grantReports.closedForReports');
      const sent = await inject(vera, 'POST', 'Call/CloseCallSubmission', { submissionId: started }, aurora);
      expect(sent.statusCode, sent.body).toBe(409);
      expect(sent.json().messageKey).toBe('errors.grantReports.closedForReports');
      expect((await byName('Closing')).status).toBe('notRequired');
      // Its messages are read by both sides, written by neither (each message mailed the officers).
      const read = (
        await inject(vera, 'GET', `Conversation/GetMessages?submissionId=${started}`, undefined, aurora)
      ).json();
      expect(read).toMatchObject({ canWrite: false, grantClosed: true });
      expect((await inject(admin, 'GET', `Conversation/GetMessages?submissionId=${started}`)).json()).toMatchObject({
        canWrite: false,
        grantClosed: true,
      });
      for (const [who, org] of [
        [vera, aurora],
        [admin, undefined],
      ] as const) {
        const wrote = await inject(
          who,
          'POST',
          'Conversation/SendMessage',
          { submissionId: started, text: 'Still here?' },
          org,
        );
        expect(wrote.statusCode, wrote.body).toBe(409);
        expect(wrote.json().messageKey).toBe('errors.grantReports.closedForReports');
      }
      // What was written stays read: marking it read still works.
      const marked = await inject(vera, 'POST', 'Conversation/MarkRead', { submissionId: started }, aurora);
      expect(marked.statusCode, marked.body).toBeLessThan(300);
      // The wizard is told, and shows it read-only.
      expect(
        (await inject(vera, 'GET', `Call/GetSubmissionByID?submissionId=${started}`, undefined, aurora)).json()
          .reportOfClosedGrant,
      ).toBe(true);
      expect(
        (await inject(admin, 'GET', `Call/GetSubmissionByIDAdmin?submissionId=${started}`)).json().reportOfClosedGrant,
      ).toBe(true);
    } finally {
      await t.database.db.delete(organizationMembers).where(eq(organizationMembers.userId, vera.user.id));
    }
  });

  it('a tranche waiting for a report of the plan waits for its own grant’s report, not another grant’s', async () => {
    // Aurora's "Final" was approved above; Otto's organization has a grant in the same call whose
    // tranche waits for its own "Final".
    const finalPlanId = plan.find((item) => item.name === 'Final')?.id;
    expect(finalPlanId).toBeDefined();
    elsewhere = await createOrganization(t.app, otto.headers, 'Elsewhere');
    const submissionId = await submitToCall(t.app, otto.headers, elsewhere, call);
    const decided = await inject(admin, 'POST', 'Review/RecordDecisions', {
      callId: call.id,
      items: [{ submissionId, outcome: 'accepted', message: '' }],
    });
    expect(decided.statusCode, decided.body).toBe(200);
    const grants = (await inject(admin, 'GET', `Grant/GetGrants?callId=${call.id}`)).json() as Array<{
      id: string;
      submissionId: string;
    }>;
    const other = grants.find((g) => g.submissionId === submissionId)?.id ?? '';
    ottosGrantId = other;
    const terms = await inject(admin, 'PUT', 'Grant/UpdateGrant', {
      grantId: other,
      amount: 5000,
      startsAt: day(-30),
      endsAt: day(300),
    });
    expect(terms.statusCode, terms.body).toBe(200);
    const saved = await inject(admin, 'PUT', 'Grant/SaveTranches', {
      grantId: other,
      tranches: [{ amount: 5000, condition: 'onReportApproval', reportPlanId: finalPlanId }],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await inject(admin, 'POST', 'Grant/SendAwardLetter', { grantId: other })).statusCode).toBe(200);
    const accepted = await inject(otto, 'POST', 'Grant/AcceptAward', { grantId: other, fullName: 'Otto Bruni' });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const [tranche] = (await inject(admin, 'GET', `Grant/GetTranches?grantId=${other}`)).json();
    expect(tranche.status).toBe('pending');
    const paid = await inject(admin, 'POST', 'Grant/MarkTranchePaid', {
      trancheId: tranche.id,
      paidAt: day(0),
      paymentReference: 'CRO-9',
    });
    // (Marking paid and the export read the tranche in queries of two tables, where the column was
    // always named with its table: they are checked here all the same.)
    expect(paid.statusCode).toBe(409);
    const exported = await inject(admin, 'GET', `Grant/ExportTranches?callId=${call.id}&format=csv`);
    expect(exported.body).toMatch(/Elsewhere[^\n]*pending/);
    expect(exported.body).not.toMatch(/Elsewhere[^\n]*payable/);
  });

  // Two transactions at once: PostgreSQL only (the embedded database takes them in turn).
  it.skipIf(!POSTGRES_URL)(
    'a report sent while its grant is being closed waits for the close, then is refused',
    async () => {
      const own = (await inject(otto, 'GET', `Grant/GetReports?grantId=${ottosGrantId}`)).json() as Report[];
      const report = own.find((r) => r.name === 'Closing');
      if (!report) throw new Error('no Closing report');
      const { submissionId } = (await inject(otto, 'POST', 'Grant/StartReport', { reportId: report.id })).json();
      const written = await inject(
        otto,
        'POST',
        'Call/UpsertCallStepResult',
        { callSubmissionId: submissionId, stepId: formStepId, content: JSON.stringify({ answer: 'Done' }), version: 0 },
        elsewhere,
      );
      expect(written.statusCode, written.body).toBe(200);
      // The funder's close of the grant, in progress: its row changed, not yet committed.
      const closing = new pg.Client({ connectionString: t.url ?? '' });
      await closing.connect();
      try {
        await closing.query('begin');
        await closing.query(`update grants set status = 'closed', closed_at = now() where id = $1`, [ottosGrantId]);
        let settled = false;
        const sent = inject(otto, 'POST', 'Call/CloseCallSubmission', { submissionId }, elsewhere).finally(() => {
          settled = true;
        });
        await new Promise((resolve) => setTimeout(resolve, 500));
        expect(settled, 'Submit went on beside the close').toBe(false);
        await closing.query('commit');
        const answer = await sent;
        expect(answer.statusCode, answer.body).toBe(409);
        expect(answer.json().messageKey).toBe('errors.grantReports.closedForReports');
        const after = (await inject(otto, 'GET', `Grant/GetReports?grantId=${ottosGrantId}`)).json() as Report[];
        expect(after.find((r) => r.name === 'Closing')?.status).toBe('notRequired');
      } finally {
        await closing.end();
      }
    },
  );
});
