import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createOpenCall, createOrganization, organizationForm, submitToCall } from '../../../test/fixtures';
import { signInAs } from '../../../test/sign-in';
import { organizationMembers } from '../../db/schema';

type Person = Awaited<ReturnType<typeof signInAs>>;

/**
 * What the funder already knows of an applicant: its other applications and their decisions, its
 * grants, and the organizations that look like the same body, each with the reason.
 */
describe('applicant history', () => {
  let t: TestApp;
  let admin: Person;
  let anna: Person;
  let bruno: Person;
  let carla: Person;
  let aurora: string;
  let borea: string;
  let auroraAgain: string;
  let cielo: string;
  let altrove: string;
  let current: string;
  let earlier: string;

  const history = (p: Person, submissionId: string) =>
    t.app.inject({
      url: `/api/CallSubmission/GetApplicantHistory?submissionId=${submissionId}`,
      headers: { ...p.headers, 'accept-language': 'en' },
    });
  const register = async (p: Person, fields: Partial<ReturnType<typeof organizationForm>>) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/Organization/CreateOrganization',
      headers: p.headers,
      payload: { ...organizationForm(), ...fields },
    });
    expect(res.statusCode, res.body).toBeLessThan(300);
    return res.json().id as string;
  };
  const elsewhere = (n: string) => ({ reg_number: `9999${n}`, contact_email: `contact@${n}.example` });

  beforeAll(async () => {
    t = await buildTestApp();
    admin = await signInAs(t.database.db, { email: 'officer@funder.test', roles: ['admin'] });
    anna = await signInAs(t.database.db, { email: 'anna@aurora.example' });
    bruno = await signInAs(t.database.db, { email: 'bruno@elsewhere.example' });
    carla = await signInAs(t.database.db, { email: 'carla@elsewhere.example' });
    aurora = await createOrganization(t.app, anna.headers, 'Aurora');
    // The same registration number, written with the country's prefix and separators.
    borea = await register(bruno, { name: 'Borea', reg_number: 'IT 012-345-678.90', contact_email: 'x@borea.example' });
    // The same name, in other case and spacing.
    auroraAgain = await register(bruno, { name: 'AURORA', ...elsewhere('again') });
    // Nothing alike but a person: Anna is one of its members.
    cielo = await register(carla, { name: 'Cielo', ...elsewhere('cielo') });
    await t.database.db
      .insert(organizationMembers)
      .values({ organizationId: cielo, userId: anna.user.id, role: 'editor' });
    altrove = await register(carla, { name: 'Altrove', ...elsewhere('altrove') });
    const before = await createOpenCall(t.app, admin.headers, { name: 'Bando Passato' });
    const now = await createOpenCall(t.app, admin.headers, { name: 'Bando Futuro' });
    earlier = await submitToCall(t.app, anna.headers, aurora, before);
    current = await submitToCall(t.app, anna.headers, aurora, now);
    await submitToCall(t.app, bruno.headers, borea, now);
    const decided = await t.app.inject({
      method: 'POST',
      url: '/api/Review/RecordDecisions',
      headers: admin.headers,
      payload: { callId: before.id, items: [{ submissionId: earlier, outcome: 'accepted', message: '' }] },
    });
    expect(decided.statusCode, decided.body).toBe(200);
  });
  afterAll(async () => {
    await t.close();
  });

  it("lists the organization's applications with their decisions, and its grants", async () => {
    const res = await history(admin, current);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.organization).toMatchObject({ id: aurora, name: 'Aurora', regNumber: '01234567890', country: 'IT' });
    expect(body.submissions).toHaveLength(2);
    expect(body.submissions.find((s: { id: string }) => s.id === current)).toMatchObject({
      callName: 'Bando Futuro',
      submitted: true,
      submittedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      outcome: null,
      current: true,
    });
    expect(body.submissions.find((s: { id: string }) => s.id === earlier)).toMatchObject({
      callName: 'Bando Passato',
      outcome: 'accepted',
      current: false,
    });
    // The accepted decision made a grant, still a draft.
    expect(body.grants).toEqual([
      expect.objectContaining({ callName: 'Bando Passato', status: 'draft', reportsOverdue: 0 }),
    ]);
    expect(body.grants[0].reference).toMatch(/^\d{4}-\d{4}$/);
  });

  it('names the organizations that look like the same body, and why; those in the same call first', async () => {
    const { lookalikes } = (await history(admin, current)).json();
    expect(lookalikes).toEqual([
      {
        id: borea,
        name: 'Borea',
        regNumber: 'IT 012-345-678.90',
        reasons: ['regNumber'],
        applications: 1,
        sameCall: true,
      },
      {
        id: auroraAgain,
        name: 'AURORA',
        regNumber: '9999again',
        reasons: ['name'],
        applications: 0,
        sameCall: false,
      },
      { id: cielo, name: 'Cielo', regNumber: '9999cielo', reasons: ['sharedMember'], applications: 0, sameCall: false },
    ]);
    expect(lookalikes.map((o: { id: string }) => o.id)).not.toContain(altrove);
  });

  it('a placeholder registration number matches nothing', async () => {
    const dash = await register(carla, { name: 'Uno', reg_number: '-', contact_email: 'uno@one.example' });
    await register(bruno, { name: 'Due', reg_number: '–', contact_email: 'due@two.example' });
    const alone = await submitToCall(
      t.app,
      carla.headers,
      dash,
      await createOpenCall(t.app, admin.headers, { name: 'Bando Tre' }),
    );
    const { lookalikes } = (await history(admin, alone)).json();
    // Carla's other organizations share her as a member; nothing else, and not the other dash.
    expect(lookalikes.map((o: { name: string }) => o.name).sort()).toEqual(['Altrove', 'Cielo']);
  });

  it('is for administrators only', async () => {
    expect((await history(anna, current)).statusCode).toBe(403);
    expect((await history(admin, randomUUID())).statusCode).toBe(404);
    expect((await history(admin, 'not-an-id')).statusCode).toBe(400);
  });
});
