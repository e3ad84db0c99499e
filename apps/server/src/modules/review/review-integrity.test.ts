import { execFileSync } from 'node:child_process';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createOpenCall, multipart, organizationForm, PDF_BYTES, submitToCall } from '../../../test/fixtures';
import { signInAs } from '../../../test/sign-in';
import { calls, organizationMembers, organizations, recordPdfs, submissionRecords } from '../../db/schema';
import { upsertUserFromIdentity } from '../users/service';

type Headers = Record<string, string>;
type Call = Awaited<ReturnType<typeof createOpenCall>>;

/** The organization and its people: short, accented names, as small non-profits have them. */
const ORG = 'Aurora';
const CONTACT = { first: 'Élise', last: 'Ng', email: 'elise.ng@posta.example' };
const OWNER = { first: 'Nicol', last: 'Wu', email: 'nicol@aurora.example' };
// A team member who neither created the organization nor wrote the application.
const MEMBER = { first: 'Ida', last: 'Rho', email: 'ida@aurora.example' };
// Within the question's 200 letters: every name in other letter cases, a number in a VAT code,
// a name across a line break; then words that only contain a name, which must stay (Nicolò is not
// Nicol: an ASCII-only word boundary would cut it before the ò).
const ANSWER = `${ORG} (IT01234567890): ÉLISE NG, élise (${CONTACT.email}), NICOL Wu, nicol, Ng\nand Wu, IDA Rho. Bologna, Ngozi, Élisabeth, Aurorale, Nicolò, 2027 budget.`;
const LEAKS = [
  ORG,
  CONTACT.first,
  CONTACT.last,
  OWNER.first,
  OWNER.last,
  MEMBER.first,
  MEMBER.last,
  CONTACT.email,
  '01234567890',
];
const KEPT = ['Bologna', 'Ngozi', 'Élisabeth', 'Aurorale', 'Nicolò', '2027 budget'];

/** The strings above that stand in the text as whole words, in any letter case. */
function wholeWordsIn(text: string, words: string[]) {
  return words.filter((w) => {
    const escaped = w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    return new RegExp(`(?<![\\p{L}\\p{N}])${escaped}(?![\\p{L}\\p{N}])`, 'iu').test(text.normalize('NFC'));
  });
}

/** Writes the text answer, uploads the budget and submits, as the wizard does. */
async function submitWith(t: TestApp, headers: Headers, organizationId: string, call: Call, answer: string) {
  const h = { ...headers, 'x-organization-id': organizationId };
  const started = await t.app.inject({
    method: 'POST',
    url: '/api/Call/UpsertCallSubmission',
    headers: h,
    payload: { callId: call.id },
  });
  const submissionId: string = started.json().id;
  const text = await t.app.inject({
    method: 'POST',
    url: '/api/Call/UpsertCallStepResult',
    headers: h,
    payload: {
      callSubmissionId: submissionId,
      stepId: call.textStepId,
      content: JSON.stringify({ answer }),
      version: 0,
    },
  });
  expect(text.statusCode, text.body).toBe(200);
  const form = multipart(
    { submissionId, stepId: call.uploadStepId, Nome: 'Budget' },
    { name: 'b.pdf', bytes: PDF_BYTES },
  );
  const up = await t.app.inject({
    method: 'POST',
    url: '/api/FileUpload/UploadFile',
    headers: { ...h, ...form.headers },
    payload: form.payload,
  });
  expect(up.statusCode, up.body).toBe(200);
  const closed = await t.app.inject({
    method: 'POST',
    url: '/api/Call/CloseCallSubmission',
    headers: h,
    payload: { submissionId },
  });
  expect(closed.statusCode, closed.body).toBe(200);
  return submissionId;
}

function pdfText(bytes: Buffer): string {
  return execFileSync('pdftotext', ['-enc', 'UTF-8', '-', '-'], { input: bytes }).toString('utf8').replace(/\s+/g, ' ');
}

describe('review integrity: blind redaction of every mention, no reviewer from the organization', () => {
  let t: TestApp;
  let admin: Headers;
  let owner: Headers;
  let first: Call;
  let second: Call;
  let auroraFirst: string;
  let auroraSecond: string;
  let brunoSecond: string;
  let bruno: Headers;
  let brunoOrgId: string;
  const reviewer: Record<string, { id: string; headers: Headers }> = {};

  const post = (headers: Headers, url: string, payload: object) =>
    t.app.inject({ method: 'POST', url, headers, payload });
  const assign = (call: Call, submissionId: string, name: string) =>
    post(admin, '/api/Review/Assign', { callId: call.id, submissionId, reviewerUserId: reviewer[name]?.id });
  /** A rubric of one criterion, 0–5. */
  const saveRubric = async (call: Call, options: { blind: boolean; reviewersPerSubmission: number }) => {
    const criterion = {
      id: 'impact',
      name: 'Impact',
      description: '',
      weight: 1,
      min: 0,
      max: 5,
      commentRequired: false,
    };
    const rubric = await t.app.inject({
      method: 'PUT',
      url: '/api/Review/SaveRubric',
      headers: admin,
      payload: { callId: call.id, opensAt: null, criteria: [criterion], ...options },
    });
    expect(rubric.statusCode, rubric.body).toBe(200);
  };
  const reviewersOf = async (call: Call, submissionId: string) =>
    (
      (await t.app.inject({ url: `/api/Review/GetAssignments?callId=${call.id}`, headers: admin })).json() as Array<{
        submissionId: string;
        assignments: Array<{ reviewerEmail: string; status: string }>;
      }>
    )
      .find((r) => r.submissionId === submissionId)
      ?.assignments.map((a) => `${a.reviewerEmail}:${a.status}`)
      .sort();

  beforeAll(async () => {
    t = await buildTestApp();
    const db = t.database.db;
    admin = (await signInAs(db, { email: 'admin@ente.example', roles: ['admin'] })).headers;
    owner = (await signInAs(db, { email: OWNER.email, firstName: OWNER.first, lastName: OWNER.last })).headers;
    bruno = (await signInAs(db, { email: 'bruno@coop.example' })).headers;
    first = await createOpenCall(t.app, admin, { name: 'Primo bando' });
    second = await createOpenCall(t.app, admin, { name: 'Secondo bando' });
    const org = await post(owner, '/api/Organization/CreateOrganization', {
      ...organizationForm(ORG),
      contact_name: CONTACT.first,
      contact_surname: CONTACT.last,
      contact_email: CONTACT.email,
    });
    expect(org.statusCode, org.body).toBe(201);
    const orgId: string = org.json().id;
    const member = await signInAs(db, { email: MEMBER.email, firstName: MEMBER.first, lastName: MEMBER.last });
    await db.insert(organizationMembers).values({ organizationId: orgId, userId: member.user.id, role: 'viewer' });
    // Aurora's answer names everyone, as applicants do.
    auroraFirst = await submitWith(t, owner, orgId, first, ANSWER);
    auroraSecond = await submitWith(t, owner, orgId, second, 'Again.');
    const brunoOrg = await post(bruno, '/api/Organization/CreateOrganization', {
      ...organizationForm('Coop Bruno'),
      contact_email: 'bruno@coop.example',
    });
    brunoOrgId = brunoOrg.json().id;
    await submitToCall(t.app, bruno, brunoOrgId, first);
    brunoSecond = await submitToCall(t.app, bruno, brunoOrg.json().id, second);
    await db
      .update(calls)
      .set({ closingAt: new Date(Date.now() - 60_000) })
      .where(inArray(calls.id, [first.id, second.id]));

    for (const c of [first, second]) await saveRubric(c, { blind: true, reviewersPerSubmission: 2 });
    for (const [name, email] of [
      ['rita', 'rita@panel.example'],
      ['marco', 'marco@panel.example'],
    ] as const) {
      const s = await signInAs(db, { email, roles: ['reviewer'] });
      reviewer[name] = { id: s.user.id, headers: s.headers };
    }
    // The owner's second account: another identity provider, the same address in other letters.
    const secondAccount = await upsertUserFromIdentity(db, {
      issuer: 'https://other-idp.example',
      subject: 'nicol-2',
      email: 'Nicol@Aurora.Example',
      firstName: 'Nicol',
      lastName: 'Wu',
      roles: ['reviewer'],
    });
    reviewer.nicol2 = { id: secondAccount.id, headers: {} };
    // The contact's own account, on a public mail domain the contact shares with strangers.
    const contact = await upsertUserFromIdentity(db, {
      issuer: 'test',
      subject: 'elise',
      email: CONTACT.email,
      firstName: CONTACT.first,
      lastName: CONTACT.last,
      roles: ['reviewer'],
    });
    reviewer.elise = { id: contact.id, headers: {} };
  });
  afterAll(async () => {
    await t.close();
  });

  it('refuses by hand, 409 with a reason, a reviewer whose account or e-mail is the organization’s', async () => {
    for (const [name, key] of [
      ['nicol2', 'errors.review.memberOfOrganization'],
      ['elise', 'errors.review.memberOfOrganization'],
    ] as const) {
      const res = await assign(first, auroraFirst, name);
      expect(res.statusCode, `${name}: ${res.body}`).toBe(409);
      expect(res.json().messageKey).toBe(key);
    }
    expect(await reviewersOf(first, auroraFirst)).toEqual([]);
  });

  it('skips them in the automatic assignment, and gives them other organizations’ submissions', async () => {
    const res = await post(admin, '/api/Review/AutoAssign', { callId: first.id });
    expect(res.json()).toMatchObject({ created: 4, unfilled: 0 });
    expect(await reviewersOf(first, auroraFirst)).toEqual([
      'marco@panel.example:assigned',
      'rita@panel.example:assigned',
    ]);
  });

  it('refuses, and skips, a reviewer who declared a conflict with the organization, in its next call too', async () => {
    const marco = reviewer.marco?.headers ?? {};
    const mine = (await t.app.inject({ url: '/api/Review/GetMyAssignments', headers: marco })).json() as Array<{
      assignmentId: string;
      submissionId: string;
    }>;
    const onAurora = mine.find((a) => a.submissionId === auroraFirst);
    const declared = await post(marco, '/api/Review/DeclareConflict', {
      assignmentId: onAurora?.assignmentId,
      conflict: true,
      reason: 'I volunteer there',
    });
    expect(declared.statusCode, declared.body).toBe(204);

    const again = await assign(first, auroraFirst, 'marco');
    expect(again.statusCode).toBe(409);
    expect(again.json().messageKey).toBe('errors.review.declaredConflict');
    const next = await assign(second, auroraSecond, 'marco');
    expect(next.statusCode, next.body).toBe(409);
    expect(next.json().messageKey).toBe('errors.review.declaredConflict');

    // The seat left empty is said why: Marco declared a conflict with Aurora, Nicol's second account
    // and Elise (its contact) belong to it; no other reviewer is left.
    expect((await post(admin, '/api/Review/AutoAssign', { callId: second.id })).json()).toEqual({
      created: 3,
      unfilled: 1,
      reasons: { sameDomain: 0, excluded: 3, applicant: 0, tooFewReviewers: true },
    });
    expect(await reviewersOf(second, auroraSecond)).toEqual(['rita@panel.example:assigned']);
    // Marco may still review other organizations (the automatic assignment may have put him there).
    const elsewhere = await assign(second, brunoSecond, 'marco');
    expect(elsewhere.statusCode === 200 || elsewhere.json().messageKey === 'errors.review.alreadyAssigned').toBe(true);
    expect(await reviewersOf(second, brunoSecond)).toContain('marco@panel.example:assigned');
  });

  it('blind review hides every mention of the organization and its people, whole words of any length', async () => {
    const rita = reviewer.rita?.headers ?? {};
    const mine = (await t.app.inject({ url: '/api/Review/GetMyAssignments', headers: rita })).json() as Array<{
      assignmentId: string;
      submissionId: string;
    }>;
    const assignmentId = mine.find((a) => a.submissionId === auroraFirst)?.assignmentId;
    await post(rita, '/api/Review/DeclareConflict', { assignmentId, conflict: false, reason: '' });
    const ws = await t.app.inject({
      url: `/api/Review/GetReviewWorkspace?assignmentId=${assignmentId}`,
      headers: rita,
    });
    expect(ws.statusCode, ws.body).toBe(200);
    expect(wholeWordsIn(ws.body, LEAKS)).toEqual([]);
    expect(ws.body).not.toContain(OWNER.email);
    // Not vacuous: the words that only contain a name are still there.
    expect(KEPT.filter((w) => !ws.body.includes(w))).toEqual([]);
    const pdf = await t.app.inject({ url: `/api/Review/GetReviewPdf?assignmentId=${assignmentId}`, headers: rita });
    expect(pdf.statusCode).toBe(200);
    const text = pdfText(pdf.rawPayload);
    expect(wholeWordsIn(text, LEAKS)).toEqual([]);
    expect(KEPT.filter((w) => !text.includes(w))).toEqual([]);
    // Kept as the record's blind copy: the next download is the same file, and no open copy was made.
    const again = await t.app.inject({ url: `/api/Review/GetReviewPdf?assignmentId=${assignmentId}`, headers: rita });
    expect(again.rawPayload.equals(pdf.rawPayload)).toBe(true);
    const copies = await t.database.db
      .select({ view: recordPdfs.view })
      .from(recordPdfs)
      .innerJoin(submissionRecords, eq(submissionRecords.id, recordPdfs.submissionRecordId))
      .where(eq(submissionRecords.callSubmissionId, auroraFirst));
    expect(copies).toEqual([{ view: 'blind' }]);
  });

  // Changes Coop Bruno's contact: kept last in the file.
  it('keeps a reviewer off by the contact’s own mail domain, never by a public provider’s', async () => {
    const db = t.database.db;
    for (const [name, email] of [
      ['carlo', 'carlo@coop.example'],
      ['gina', 'gina.rossi@gmail.com'],
      ['pia', 'pia@libero.it'],
    ] as const)
      reviewer[name] = { id: (await signInAs(db, { email, roles: ['reviewer'] })).user.id, headers: {} };
    // Coop Bruno's contact writes from its own domain: a reviewer there is most likely a colleague.
    const byDomain = await assign(second, brunoSecond, 'carlo');
    expect(byDomain.statusCode, byDomain.body).toBe(409);
    expect(byDomain.json().messageKey).toBe('errors.review.sameDomain');
    // From Gmail, as many small non-profits write: a reviewer at Gmail is a stranger like any other.
    await db
      .update(organizations)
      .set({ contactEmail: 'coop.bruno@gmail.com' })
      .where(eq(organizations.name, 'Coop Bruno'));
    const stranger = await assign(second, brunoSecond, 'gina');
    expect(stranger.statusCode, stranger.body).toBe(200);
    // And from an Italian provider (Libero).
    await db
      .update(organizations)
      .set({ contactEmail: 'coop.bruno@libero.it' })
      .where(eq(organizations.name, 'Coop Bruno'));
    expect((await assign(second, brunoSecond, 'pia')).statusCode).toBe(200);
    expect(await reviewersOf(second, brunoSecond)).toEqual(
      expect.arrayContaining(['gina.rossi@gmail.com:assigned', 'pia@libero.it:assigned']),
    );
    // The automatic assignment reads the same rule: on a third call, as many seats as reviewers.
    const third = await createOpenCall(t.app, admin, { name: 'Terzo bando' });
    const brunoThird = await submitToCall(t.app, bruno, brunoOrgId, third);
    await db
      .update(calls)
      .set({ closingAt: new Date(Date.now() - 60_000) })
      .where(eq(calls.id, third.id));
    await saveRubric(third, { blind: false, reviewersPerSubmission: 10 });
    expect((await post(admin, '/api/Review/AutoAssign', { callId: third.id })).statusCode).toBe(200);
    expect(await reviewersOf(third, brunoThird)).toEqual(
      expect.arrayContaining([
        'gina.rossi@gmail.com:assigned',
        'pia@libero.it:assigned',
        'carlo@coop.example:assigned',
      ]),
    );
  });
});
