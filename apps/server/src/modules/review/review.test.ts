import { execFileSync } from 'node:child_process';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createOpenCall, createOrganization, multipart, organizationForm, PDF_BYTES } from '../../../test/fixtures';
import { createVerifiedAccount, signInAs, signInThroughProvider } from '../../../test/sign-in';
import {
  auditLog,
  callSubmissions,
  calls,
  emailOutbox,
  organizationMembers,
  reviewAssignments,
  submissionRecords,
  users,
} from '../../db/schema';
import { sendDueMails } from '../email/outbox';
import { callListPage } from '../submissions/user-call-list';

type Headers = Record<string, string>;
type Call = { id: string; textStepId: string; uploadStepId: string };

const ORG = 'Cooperativa Sociale Aurora';
const REG = '01234567890';
const CONTACT = 'giulia@aurora.example';
const FILE = 'aurora-budget-2027.pdf';

function pdfText(bytes: Buffer): string {
  return execFileSync('pdftotext', ['-enc', 'UTF-8', '-', '-'], { input: bytes }).toString('utf8').replace(/\s+/g, ' ');
}

/** Fills and closes a submission whose answer names the organization, with a file named after it. */
async function submit(t: TestApp, headers: Headers, orgId: string, call: Call, language: 'en' | 'it') {
  const h = { ...headers, 'x-organization-id': orgId };
  const inject = (url: string, payload: object, extra: Headers = {}) =>
    t.app.inject({ method: 'POST', url, headers: { ...h, ...extra }, payload });
  const sub = await inject('/api/Call/UpsertCallSubmission', { callId: call.id });
  const submissionId = sub.json().id as string;
  const answer = `${ORG} (reg. ${REG}, write to ${CONTACT}) runs a community kitchen.`;
  const text = await inject('/api/Call/UpsertCallStepResult', {
    callSubmissionId: submissionId,
    stepId: call.textStepId,
    content: JSON.stringify({ answer }),
    version: 0,
  });
  expect(text.statusCode, text.body).toBe(200);
  const form = multipart({ submissionId, stepId: call.uploadStepId, Nome: 'Budget' }, { name: FILE, bytes: PDF_BYTES });
  const up = await t.app.inject({
    method: 'POST',
    url: '/api/FileUpload/UploadFile',
    headers: { ...h, ...form.headers },
    payload: form.payload,
  });
  expect(up.statusCode, up.body).toBe(200);
  const closed = await inject('/api/Call/CloseCallSubmission', { submissionId, language });
  expect(closed.statusCode, closed.body).toBe(200);
  return submissionId;
}

const RUBRIC = (callId: string, blind = true) => ({
  callId,
  blind,
  opensAt: null,
  reviewersPerSubmission: 2,
  criteria: [
    {
      id: 'impact',
      name: 'Impact',
      description: 'Change for people',
      weight: 2,
      min: 0,
      max: 5,
      commentRequired: true,
    },
    {
      id: 'budget',
      name: 'Budget',
      description: 'Value for money',
      weight: 1,
      min: 1,
      max: 10,
      commentRequired: false,
    },
  ],
});

describe('review and decisions', () => {
  let t: TestApp;
  let call: Call;
  let admin: Headers;
  let anna: Headers;
  let annaId: string;
  let annaOrg: string;
  let annaSub: string;
  let brunoSub: string;
  const reviewer: Record<string, { headers: Headers; id: string }> = {};
  const assignmentOf: Record<string, string> = {};

  const as = (headers: Headers) => ({
    get: (url: string) => t.app.inject({ url, headers }),
    post: (url: string, payload?: object) => t.app.inject({ method: 'POST', url, headers, payload: payload ?? {} }),
    put: (url: string, payload: object) => t.app.inject({ method: 'PUT', url, headers, payload }),
  });

  beforeAll(async () => {
    t = await buildTestApp();
    const db = t.database.db;
    admin = (await signInAs(db, { email: 'admin@impact-calls.test', roles: ['admin'] })).headers;
    const a = await signInAs(db, { email: 'anna@example.org' });
    anna = a.headers;
    annaId = a.user.id;
    const b = await signInAs(db, { email: 'bruno@example.org' });
    call = await createOpenCall(t.app, admin);
    annaOrg = await createOrganization(t.app, anna, ORG);
    annaSub = await submit(t, anna, annaOrg, call, 'en');
    const brunoOrg = await createOrganization(t.app, b.headers, "=HYPERLINK('http://x')");
    brunoSub = await submit(t, b.headers, brunoOrg, call, 'it');
    await db
      .update(calls)
      .set({ closingAt: new Date(Date.now() - 60_000) })
      .where(eq(calls.id, call.id));
  });
  afterAll(async () => {
    await t.close();
  });

  it('invites a reviewer by e-mail once; the invitation is accepted at sign-in with that verified address', async () => {
    const invite = () =>
      as(admin).post('/api/Review/InviteReviewer', { callId: call.id, email: 'Rita@Panel.example', language: 'en' });
    expect((await invite()).statusCode).toBe(200);
    const again = await invite();
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual([expect.objectContaining({ email: 'rita@panel.example', accepted: false })]);
    const mails = await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.template, 'review-invitation'));
    expect(mails.map((m) => m.to)).toEqual(['rita@panel.example']);
    expect(mails[0]?.text).toContain('http://localhost:3000/review');

    await createVerifiedAccount(t.database.db, { email: 'rita@panel.example', password: 'rita rita rita' });
    const signIn = await signInThroughProvider(t.app, 'rita@panel.example', 'rita rita rita');
    expect(signIn.ok && signIn.response.statusCode).toBe(200);
    reviewer.rita = {
      headers: { authorization: `Bearer ${signIn.response.json().token}` },
      id: (await as(admin).get(`/api/Review/GetReviewers?callId=${call.id}`)).json()[0].userId,
    };
    const pool = (await as(admin).get(`/api/Review/GetReviewers?callId=${call.id}`)).json();
    expect(pool).toEqual([
      expect.objectContaining({ email: 'rita@panel.example', accepted: true, source: 'invitation' }),
    ]);
  });

  it('takes reviewers from the issuer’s roles claim too', async () => {
    for (const [name, email] of [
      ['marco', 'marco@panel.example'],
      ['sara', 'sara@aurora.example'],
    ] as const) {
      const s = await signInAs(t.database.db, { email, roles: ['Reviewer'] });
      reviewer[name] = { headers: s.headers, id: s.user.id };
    }
    const pool = (await as(admin).get(`/api/Review/GetReviewers?callId=${call.id}`)).json();
    expect(pool.map((r: { email: string; source: string }) => `${r.email}:${r.source}`)).toEqual([
      'marco@panel.example:role',
      'rita@panel.example:invitation',
      'sara@aurora.example:role',
    ]);
  });

  it('saves the rubric, and refuses a scale whose max is not above its min', async () => {
    const bad = RUBRIC(call.id);
    bad.criteria[0] = { ...bad.criteria[0], min: 5, max: 5 } as (typeof bad.criteria)[0];
    expect((await as(admin).put('/api/Review/SaveRubric', bad)).statusCode).toBe(400);
    const res = await as(admin).put('/api/Review/SaveRubric', RUBRIC(call.id));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ locked: false, rubric: { blind: true, reviewersPerSubmission: 2 } });
  });

  it('assigns automatically with balanced load, never a reviewer of the contact’s e-mail domain', async () => {
    const res = await as(admin).post('/api/Review/AutoAssign', { callId: call.id });
    expect(res.json()).toMatchObject({ created: 4, unfilled: 0 });
    const rows = (await as(admin).get(`/api/Review/GetAssignments?callId=${call.id}`)).json();
    for (const row of rows)
      expect(row.assignments.map((a: { reviewerEmail: string }) => a.reviewerEmail).sort()).toEqual([
        'marco@panel.example',
        'rita@panel.example',
      ]);
    const byHand = await as(admin).post('/api/Review/Assign', {
      callId: call.id,
      submissionId: annaSub,
      reviewerUserId: reviewer.sara?.id,
    });
    expect(byHand.statusCode).toBe(409);
    expect(byHand.json().messageKey).toBe('errors.review.sameDomain');
    for (const name of ['rita', 'marco']) {
      const [row] = await t.database.db
        .select()
        .from(reviewAssignments)
        .where(
          and(
            eq(reviewAssignments.submissionId, annaSub),
            eq(reviewAssignments.reviewerUserId, reviewer[name]?.id ?? ''),
          ),
        );
      assignmentOf[name] = row?.id ?? '';
    }
  });

  it('a reviewer gets 404 for what is not assigned to them, and sees nothing before declaring no conflict', async () => {
    const rita = as(reviewer.rita?.headers ?? {});
    const outsider = as((await signInAs(t.database.db, { email: 'olga@elsewhere.example' })).headers);
    for (const url of [
      `/api/Review/GetReviewWorkspace?assignmentId=${assignmentOf.rita}`,
      `/api/Review/GetReviewPdf?assignmentId=${assignmentOf.rita}`,
      `/api/Review/GetOtherReviews?assignmentId=${assignmentOf.rita}`,
    ])
      expect((await outsider.get(url)).statusCode, url).toBe(404);
    expect(
      (await as(reviewer.marco?.headers ?? {}).get(`/api/Review/GetReviewWorkspace?assignmentId=${assignmentOf.rita}`))
        .statusCode,
    ).toBe(404);
    // The applicants' own routes know nothing of reviewers.
    expect((await rita.get(`/api/Call/GetSubmissionByID?submissionId=${annaSub}`)).statusCode).toBe(404);
    const early = await rita.get(`/api/Review/GetReviewWorkspace?assignmentId=${assignmentOf.rita}`);
    expect(early.statusCode).toBe(409);
    expect(early.json().messageKey).toBe('errors.review.declareConflictFirst');
    const list = (await rita.get('/api/Review/GetMyAssignments')).json();
    expect(list).toHaveLength(2);
    expect(list[0]).toMatchObject({ status: 'declareConflict', organizationName: null });
    // A reviewer reading in French reads the call's French name, where one is written.
    await t.database.db
      .update(calls)
      .set({ translations: { fr: { name: 'Appel en français' } } })
      .where(eq(calls.id, call.id));
    const french = as({ ...(reviewer.rita?.headers ?? {}), 'accept-language': 'fr' });
    expect((await french.get('/api/Review/GetMyAssignments')).json()[0].callName).toBe('Appel en français');
    expect((await rita.get('/api/Review/GetMyAssignments')).json()[0].callName).toBe(list[0].callName);
    await t.database.db.update(calls).set({ translations: {} }).where(eq(calls.id, call.id));
  });

  it('keeps the review closed until its opening date', async () => {
    const later = { ...RUBRIC(call.id), opensAt: new Date(Date.now() + 3_600_000).toISOString() };
    expect((await as(admin).put('/api/Review/SaveRubric', later)).statusCode).toBe(200);
    expect((await as(reviewer.rita?.headers ?? {}).get('/api/Review/GetMyAssignments')).json()).toEqual([]);
    const res = await as(reviewer.rita?.headers ?? {}).post('/api/Review/DeclareConflict', {
      assignmentId: assignmentOf.rita,
      conflict: false,
      reason: '',
    });
    expect(res.json().messageKey).toBe('errors.review.notOpen');
    expect((await as(admin).put('/api/Review/SaveRubric', RUBRIC(call.id))).statusCode).toBe(200);
  });

  it('a declared conflict unassigns the reviewer, is recorded, tells the admin, and a replacement is assigned', async () => {
    const marco = as(reviewer.marco?.headers ?? {});
    const res = await marco.post('/api/Review/DeclareConflict', {
      assignmentId: assignmentOf.marco,
      conflict: true,
      reason: 'I advise this cooperative',
    });
    expect(res.statusCode, res.body).toBe(204);
    expect((await marco.get(`/api/Review/GetReviewWorkspace?assignmentId=${assignmentOf.marco}`)).statusCode).toBe(404);
    const notice = await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.template, 'review-conflict'));
    expect(notice.map((m) => m.to)).toEqual(['admin@impact-calls.test']);
    expect(notice[0]?.text).toContain('I advise this cooperative');

    const luca = await signInAs(t.database.db, { email: 'luca@board.example', roles: ['reviewer'] });
    reviewer.luca = { headers: luca.headers, id: luca.user.id };
    expect((await as(admin).post('/api/Review/AutoAssign', { callId: call.id })).json()).toMatchObject({
      created: 1,
      unfilled: 0,
    });
    const row = (await as(admin).get(`/api/Review/GetAssignments?callId=${call.id}`))
      .json()
      .find((r: { submissionId: string }) => r.submissionId === annaSub);
    expect(
      row.assignments.map((a: { reviewerEmail: string; status: string }) => `${a.reviewerEmail}:${a.status}`).sort(),
    ).toEqual(['luca@board.example:assigned', 'marco@panel.example:conflict', 'rita@panel.example:assigned']);
    const [lucaRow] = await t.database.db
      .select()
      .from(reviewAssignments)
      .where(and(eq(reviewAssignments.submissionId, annaSub), eq(reviewAssignments.reviewerUserId, luca.user.id)));
    assignmentOf.luca = lucaRow?.id ?? '';
  });

  it('blind review: no reviewer response (JSON, file, PDF) names the organization, its number or its contact', async () => {
    const rita = as(reviewer.rita?.headers ?? {});
    expect(
      (await rita.post('/api/Review/DeclareConflict', { assignmentId: assignmentOf.rita, conflict: false, reason: '' }))
        .statusCode,
    ).toBe(204);
    const secrets = [ORG, REG, CONTACT, 'anna@example.org', FILE, 'aurora-budget', 'Via Roma 1'];
    const leaks = (text: string) => secrets.filter((s) => text.toLowerCase().includes(s.toLowerCase()));

    const list = await rita.get('/api/Review/GetMyAssignments');
    expect(leaks(list.body)).toEqual([]);
    const ws = await rita.get(`/api/Review/GetReviewWorkspace?assignmentId=${assignmentOf.rita}`);
    expect(ws.statusCode, ws.body).toBe(200);
    expect(leaks(ws.body)).toEqual([]);
    // Not vacuous: the rest of the answer is there, the file is listed under a neutral name.
    expect(ws.body).toContain('runs a community kitchen');
    const file = ws.json().files[0];
    expect(file.fileName).toBe('Budget-1.pdf');

    const download = await rita.get(
      `/api/Review/GetReviewFile?assignmentId=${assignmentOf.rita}&downloadId=${file.fileDownloadId}`,
    );
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(PDF_BYTES)).toBe(true);
    expect(leaks(JSON.stringify(download.headers))).toEqual([]);

    const pdf = await rita.get(`/api/Review/GetReviewPdf?assignmentId=${assignmentOf.rita}`);
    expect(pdf.statusCode).toBe(200);
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain('runs a community kitchen');
    expect(leaks(text)).toEqual([]);
    expect(leaks(JSON.stringify(pdf.headers))).toEqual([]);

    // Without blind review the same reviewer reads who applied: the redaction above is the option's doing.
    await as(admin).put('/api/Review/SaveRubric', RUBRIC(call.id, false));
    const open = await rita.get(`/api/Review/GetReviewWorkspace?assignmentId=${assignmentOf.rita}`);
    expect(open.body).toContain(ORG);
    expect(
      pdfText((await rita.get(`/api/Review/GetReviewPdf?assignmentId=${assignmentOf.rita}`)).rawPayload),
    ).toContain(ORG);
    await as(admin).put('/api/Review/SaveRubric', RUBRIC(call.id));
  });

  it('autosaves with versions (a stale tab is refused), checks the scale, and submits only a complete review', async () => {
    const rita = as(reviewer.rita?.headers ?? {});
    const draft = {
      assignmentId: assignmentOf.rita,
      version: 0,
      scores: [{ criterionId: 'impact', score: 5, comment: '' }],
      recommendation: null,
      comment: '',
    };
    const first = await rita.put('/api/Review/SaveReview', draft);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().version).toBe(1);
    const stale = await rita.put('/api/Review/SaveReview', { ...draft, comment: 'older tab' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().messageKey).toBe('errors.review.staleVersion');
    const outOfScale = await rita.put('/api/Review/SaveReview', {
      ...draft,
      version: 1,
      scores: [{ criterionId: 'budget', score: 0, comment: '' }],
    });
    expect(outOfScale.statusCode).toBe(400);
    const incomplete = await rita.post('/api/Review/SubmitReview', { assignmentId: assignmentOf.rita, version: 1 });
    expect(incomplete.statusCode).toBe(400);
    expect(
      incomplete
        .json()
        .errors.map((e: { path: string }) => e.path)
        .sort(),
    ).toEqual(['recommendation', 'scores.budget.score', 'scores.impact.comment']);
  });

  it('hides the others’ scores until one’s own review is submitted; scores and spread match the hand-computed values', async () => {
    const rita = as(reviewer.rita?.headers ?? {});
    const luca = as(reviewer.luca?.headers ?? {});
    const hidden = await rita.get(`/api/Review/GetOtherReviews?assignmentId=${assignmentOf.rita}`);
    expect(hidden.statusCode).toBe(409);
    expect(hidden.json().messageKey).toBe('errors.review.submitOwnFirst');

    // Rita: impact 5/5 → 1, budget 10 on 1–10 → 1: weighted 100.
    const saved = await rita.put('/api/Review/SaveReview', {
      assignmentId: assignmentOf.rita,
      version: 1,
      scores: [
        { criterionId: 'impact', score: 5, comment: 'Clear theory of change' },
        { criterionId: 'budget', score: 10, comment: '' },
      ],
      recommendation: 'fund',
      comment: 'Strong',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const sent = await rita.post('/api/Review/SubmitReview', { assignmentId: assignmentOf.rita, version: 2 });
    expect(sent.statusCode, sent.body).toBe(200);
    expect((await rita.get(`/api/Review/GetOtherReviews?assignmentId=${assignmentOf.rita}`)).json()).toEqual([]);
    expect(
      (await rita.put('/api/Review/SaveReview', { ...saved.json(), assignmentId: assignmentOf.rita })).statusCode,
    ).toBe(409);

    // Luca: impact 3/5 → 0.6 (weight 2), budget 1 on 1–10 → 0 (weight 1): (1.2 + 0) / 3 = 40.
    await luca.post('/api/Review/DeclareConflict', { assignmentId: assignmentOf.luca, conflict: false, reason: '' });
    await luca.put('/api/Review/SaveReview', {
      assignmentId: assignmentOf.luca,
      version: 0,
      scores: [
        { criterionId: 'impact', score: 3, comment: 'Vague outcomes' },
        { criterionId: 'budget', score: 1, comment: '' },
      ],
      recommendation: 'doNotFund',
      comment: '',
    });
    expect(
      (await luca.post('/api/Review/SubmitReview', { assignmentId: assignmentOf.luca, version: 1 })).statusCode,
    ).toBe(200);
    const others = (await luca.get(`/api/Review/GetOtherReviews?assignmentId=${assignmentOf.luca}`)).json();
    expect(others).toEqual([expect.objectContaining({ reviewer: '#1', weightedScore: 100, recommendation: 'fund' })]);

    const ranking = (await as(admin).get(`/api/Review/GetRanking?callId=${call.id}`)).json();
    expect(ranking[0]).toMatchObject({
      submissionId: annaSub,
      organizationName: ORG,
      mean: 70,
      spread: 60,
      disagreement: true,
      done: 2,
      assigned: 2,
      recommendations: { fund: 1, doNotFund: 1, maybe: 0 },
    });
    expect(ranking[1]).toMatchObject({ submissionId: brunoSub, mean: null, spread: null, done: 0, assigned: 2 });

    // The criteria are fixed once a review is in; blind and the opening date may still change.
    const changed = RUBRIC(call.id);
    changed.criteria[1] = { ...changed.criteria[1], weight: 3 } as (typeof changed.criteria)[1];
    expect((await as(admin).put('/api/Review/SaveRubric', changed)).json().messageKey).toBe(
      'errors.review.rubricLocked',
    );
  });

  it('ranks with the SROI range and SDGs of the impact design as submitted', async () => {
    // The frozen record is what the ranking reads: give it an impact design as a closing would.
    const [record] = await t.database.db
      .select()
      .from(submissionRecords)
      .where(eq(submissionRecords.callSubmissionId, annaSub));
    if (!record) throw new Error('no record');
    const design = {
      stepId: call.textStepId,
      StepName: 'Impact',
      budget: 10_000,
      budgetSpent: 0,
      sdg: [3, 11],
      selectedOutcomes: [],
      sroi: { score: 2.5, lowerScore: 1.75, upperScore: 3.25, overThreshold: false },
    };
    await t.database.db
      .update(submissionRecords)
      .set({ data: { ...record.data, miniDyi: [design] } })
      .where(eq(submissionRecords.id, record.id));
    const [row] = (await as(admin).get(`/api/Review/GetRanking?callId=${call.id}`)).json();
    expect(row).toMatchObject({ submissionId: annaSub, sroi: 2.5, sroiLow: 1.75, sroiHigh: 3.25, sdgs: [3, 11] });
  });

  it('exports the ranking as CSV with formulas neutralised', async () => {
    const res = await as(admin).get(`/api/Review/ExportRanking?callId=${call.id}&format=csv`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const lines = res.body.replace(/^\uFEFF/, '').split('\r\n');
    // Asked with no language (a script): the English headers and the codes it always had.
    expect(lines[0]).toContain('Mean score (0-100)');
    expect(lines[1]).toContain(`${annaSub},${ORG},70,60,true,2,2,1,1,0,2.5,1.75,3.25,3 11`);
    // A person's page states theirs: headers and words in it; `lang` fixes one whoever asks.
    const italian = await t.app.inject({
      url: `/api/Review/ExportRanking?callId=${call.id}&format=csv`,
      headers: { ...admin, 'accept-language': 'it' },
    });
    expect(italian.body).toContain('Punteggio medio (0-100)');
    expect(italian.body).toContain(`${annaSub},${ORG},70,60,sì,`);
    const english = await t.app.inject({
      url: `/api/Review/ExportRanking?callId=${call.id}&format=csv&lang=en`,
      headers: { ...admin, 'accept-language': 'it' },
    });
    expect(english.body).toContain(`${annaSub},${ORG},70,60,yes,`);
    expect(lines[2]).toContain(`,'=HYPERLINK`);
    const xlsx = await as(admin).get(`/api/Review/ExportRanking?callId=${call.id}&format=xlsx`);
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });

  it('queues the decision mail exactly once, in the applicant’s language, held until the lock ends', async () => {
    const db = t.database.db;
    const lockEnd = new Date(Date.now() + 3_600_000);
    await db.update(calls).set({ callLockEnd: lockEnd }).where(eq(calls.id, call.id));
    const decide = (items: object[]) => as(admin).post('/api/Review/RecordDecisions', { callId: call.id, items });
    const accepted = { submissionId: annaSub, outcome: 'accepted', message: 'Congratulations!' };
    expect((await decide([accepted])).json()).toEqual({ recorded: 1, mailsQueued: 1 });
    expect((await decide([accepted])).json()).toEqual({ recorded: 1, mailsQueued: 0 });
    expect((await decide([accepted, { submissionId: brunoSub, outcome: 'rejected', message: '' }])).json()).toEqual({
      recorded: 2,
      mailsQueued: 1,
    });
    const decisionMails = () => db.select().from(emailOutbox).where(eq(emailOutbox.template, 'review-decision'));
    const mails = await decisionMails();
    expect(mails.map((m) => m.to).sort()).toEqual(['anna@example.org', 'bruno@example.org']);
    const annaMail = mails.find((m) => m.to === 'anna@example.org');
    expect(annaMail?.subject).toContain('Outcome of your submission');
    expect(annaMail?.text).toContain('accepted');
    expect(annaMail?.text).toContain('Congratulations!');
    expect(mails.find((m) => m.to === 'bruno@example.org')?.subject).toContain('Esito della candidatura');
    expect(annaMail?.nextAttemptAt.getTime()).toBe(lockEnd.getTime());

    // The outbox does not send it before the lock ends…
    const sent: string[] = [];
    await sendDueMails(
      db,
      async (m) => {
        sent.push(m.id);
      },
      { batchSize: 100 },
    );
    expect(sent.length).toBeGreaterThan(0);
    expect(sent).not.toContain(annaMail?.id);
    // …and an outcome changed meanwhile replaces the unsent mail instead of adding one.
    expect((await decide([{ ...accepted, outcome: 'waitingList' }])).json().mailsQueued).toBe(1);
    const replaced = (await decisionMails()).filter((m) => m.to === 'anna@example.org');
    expect(replaced).toHaveLength(1);
    expect(replaced[0]?.text).toContain('waiting list');
    await decide([accepted]);
    expect((await decisionMails()).filter((m) => m.to === 'anna@example.org')).toHaveLength(1);
    // Admins deciding the same at once: still one mail.
    const waiting = { submissionId: brunoSub, outcome: 'waitingList', message: '' };
    await Promise.all([decide([waiting]), decide([waiting]), decide([waiting])]);
    const bruno = (await decisionMails()).filter((m) => m.to === 'bruno@example.org');
    expect(bruno).toHaveLength(1);
    expect(bruno[0]?.text).toContain('lista d’attesa');
  });

  it('shows the outcome on the applicant’s call card only after the lock end date', async () => {
    const card = async () =>
      (await t.app.inject({ url: '/api/Call/GetCallListUser', headers: { ...anna, 'x-organization-id': annaOrg } }))
        .json()
        .find((c: { id: string }) => c.id === call.id);
    expect((await card()).outcome).toBeNull();
    // The page at a given moment: the decision shows from the lock's end on, to the millisecond.
    const [locked] = await t.database.db.select({ end: calls.callLockEnd }).from(calls).where(eq(calls.id, call.id));
    const lockEnd = locked?.end?.getTime() ?? 0;
    expect(lockEnd).toBeGreaterThan(Date.now());
    const annaUser = { id: annaId, email: 'anna@example.org', roles: [], isAdmin: false, sessionId: 'test' };
    const pageCard = async (at: number) => {
      const page = await callListPage(t.database.db, annaUser, annaOrg, 'it', { page: 1, pageSize: 20 }, new Date(at));
      return page.items.find((c) => c.id === call.id);
    };
    expect((await pageCard(lockEnd - 1))?.outcome).toBeNull();
    expect((await pageCard(lockEnd - 1))?.outcome).toBeNull();
    expect((await pageCard(lockEnd))?.outcome).toEqual({ outcome: 'accepted', message: 'Congratulations!' });
    await t.database.db
      .update(calls)
      .set({ callLockEnd: new Date(Date.now() - 1000) })
      .where(eq(calls.id, call.id));
    // Plain SQL, as another instance: read on the next request.
    expect((await card()).outcome).toEqual({ outcome: 'accepted', message: 'Congratulations!' });
  });

  it('writes assignments, conflicts, reviews and decisions to the audit trail', async () => {
    const rows = await t.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(
        inArray(auditLog.action, [
          'review.rubric',
          'review.invite',
          'review.assign',
          'review.conflict',
          'review.submit',
          'review.decision',
        ]),
      );
    const count = (a: string) => rows.filter((r) => r.action === a).length;
    expect(count('review.invite')).toBe(1);
    expect(count('review.assign')).toBe(5);
    expect(count('review.conflict')).toBe(1);
    expect(count('review.submit')).toBe(2);
    expect(count('review.decision')).toBeGreaterThanOrEqual(4);
    expect(count('review.rubric')).toBeGreaterThanOrEqual(1);
  });

  it('an applicant cannot reach the admin side', async () => {
    for (const url of [`/api/Review/GetRanking?callId=${call.id}`, `/api/Review/GetAssignments?callId=${call.id}`])
      expect((await as(anna).get(url)).statusCode).toBe(403);
    expect(organizationForm().contact_email).toBe(CONTACT);
  });

  it('a reviewer who joins the organization after being assigned may only declare the conflict', async () => {
    const rita = as(reviewer.rita?.headers ?? {});
    const [row] = await t.database.db
      .select({ id: reviewAssignments.id, organizationId: callSubmissions.organizationId })
      .from(reviewAssignments)
      .innerJoin(callSubmissions, eq(callSubmissions.id, reviewAssignments.submissionId))
      .where(
        and(
          eq(reviewAssignments.submissionId, brunoSub),
          eq(reviewAssignments.reviewerUserId, reviewer.rita?.id ?? ''),
        ),
      );
    if (!row) throw new Error('Rita has no assignment on Bruno’s application');
    const workspace = `/api/Review/GetReviewWorkspace?assignmentId=${row.id}`;
    const declare = (conflict: boolean) =>
      rita.post('/api/Review/DeclareConflict', {
        assignmentId: row.id,
        conflict,
        reason: conflict ? 'I joined them' : '',
      });
    expect((await declare(false)).statusCode).toBe(204);
    expect((await rita.get(workspace)).statusCode).toBe(200);

    // Test data: Rita joins Bruno's organization through a second account of hers, her address in
    // other letter case (the invitation flow has its own tests).
    const [second] = await t.database.db
      .insert(users)
      .values({
        issuer: 'other-provider',
        subject: 'rita-2',
        email: 'Rita@Panel.example',
        firstName: 'Rita',
        lastName: 'R',
      })
      .returning();
    await t.database.db
      .insert(organizationMembers)
      .values({ organizationId: row.organizationId, userId: second?.id ?? '', role: 'viewer' });
    for (const res of [
      await rita.get(workspace),
      await rita.get(`/api/Review/GetReviewPdf?assignmentId=${row.id}`),
      await rita.put('/api/Review/SaveReview', {
        assignmentId: row.id,
        version: 0,
        scores: [],
        recommendation: null,
        comment: 'after joining',
      }),
      await declare(false),
    ]) {
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().messageKey).toBe('errors.review.joinedOrganization');
    }
    expect((await declare(true)).statusCode).toBe(204);
    expect((await rita.get(workspace)).statusCode).toBe(404);
  });
});
