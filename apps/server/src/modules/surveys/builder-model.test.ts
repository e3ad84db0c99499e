import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createOrganization } from '../../../test/fixtures';
import { signInAs } from '../../../test/sign-in';
import { stepResults } from '../../db/schema';

/**
 * A model as the visual survey builder writes it (the survey-builder journey checks the builder
 * writes exactly this): a required single choice, a multiple choice limited to two with an
 * `answercount` message, a rating 0-10 and a comment shown only under 7, on two pages.
 */
const BUILT = {
  pages: [
    {
      name: 'page1',
      elements: [
        { type: 'radiogroup', choices: ['Sociale', 'Ambiente'], name: 'question1', title: 'Settore', isRequired: true },
        {
          type: 'checkbox',
          choices: ['Opzione 1', 'Opzione 2', 'Opzione 3'],
          name: 'question2',
          title: 'Cosa apprezzate?',
          maxSelectedChoices: 2,
          validators: [{ type: 'answercount', maxCount: 2, text: 'Al massimo due risposte' }],
        },
      ],
    },
    {
      name: 'page2',
      elements: [
        { type: 'rating', rateMin: 0, rateMax: 10, displayMode: 'buttons', name: 'question3', title: 'Voto' },
        { type: 'comment', name: 'question4', title: 'Cosa migliorare?', visibleIf: '{question3} < 7' },
      ],
    },
  ],
};

type Who = { headers: Record<string, string> };

describe('a survey written by the visual builder, answered through the real server', () => {
  let t: TestApp;
  let admin: Who;
  let callId: string;
  let stepId: string;

  const as = (who: Who, org?: string) => ({ ...who.headers, ...(org ? { 'x-organization-id': org } : {}) });
  const start = async (who: Who, org: string) =>
    (
      await t.app.inject({
        method: 'POST',
        url: '/api/Call/UpsertCallSubmission',
        headers: as(who, org),
        payload: { callId },
      })
    ).json().id as string;
  const write = (who: Who, submissionId: string, answer: object, version: number) =>
    t.app.inject({
      method: 'POST',
      url: '/api/Call/UpsertCallStepResult',
      headers: as(who),
      payload: { callSubmissionId: submissionId, stepId, content: JSON.stringify(answer), version },
    });
  const close = (who: Who, submissionId: string) =>
    t.app.inject({ method: 'POST', url: '/api/Call/CloseCallSubmission', headers: as(who), payload: { submissionId } });
  const stored = async (submissionId: string) => {
    const [row] = await t.database.db
      .select()
      .from(stepResults)
      .where(and(eq(stepResults.callSubmissionId, submissionId), eq(stepResults.stepId, stepId)));
    return JSON.parse(row?.content ?? 'null');
  };

  beforeAll(async () => {
    t = await buildTestApp();
    admin = await signInAs(t.database.db, { email: 'admin@example.org', roles: ['admin'] });
    const types = (await t.app.inject({ url: '/api/Step/GetStepTypes', headers: admin.headers })).json() as Array<{
      id: string;
      name: string;
    }>;
    const callType = await t.app.inject({
      method: 'POST',
      url: '/api/Call/CreateCallType',
      headers: admin.headers,
      payload: {
        name: 'Built',
        description: 'Built in the builder',
        steps: [
          {
            name: 'Questionario',
            description: '',
            content: JSON.stringify(BUILT),
            sort: 0,
            stepTypeId: types.find((x) => x.name === 'survey')?.id,
          },
        ],
      },
    });
    expect(callType.statusCode, callType.body).toBeLessThan(300);
    const day = 86_400_000;
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/Call/CreateCall',
      headers: admin.headers,
      payload: {
        name: 'Built call',
        description: '',
        openingAt: new Date(Date.now() - day).toISOString(),
        closingAt: new Date(Date.now() + 30 * day).toISOString(),
        callTypeId: callType.json().id,
      },
    });
    expect(created.statusCode, created.body).toBeLessThan(300);
    callId = created.json().id;
    const full = (
      await t.app.inject({ url: `/api/Call/GetCallByIdAdmin?callId=${callId}`, headers: admin.headers })
    ).json();
    stepId = full.steps[0].id;
  });
  afterAll(async () => {
    await t.close();
  });

  it('refuses a missing required answer and a third selection, then keeps the comment under 7', async () => {
    const anna = await signInAs(t.database.db, { email: 'anna@ente.example' });
    const org = await createOrganization(t.app, anna.headers, 'Aurora');
    const sub = await start(anna, org);

    expect((await write(anna, sub, { question2: ['Opzione 1'], question3: 5 }, 0)).statusCode).toBe(200);
    let res = await close(anna, sub);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toContainEqual({
      path: `${stepId}.question1`,
      messageKey: 'errors.surveys.answerRequired',
    });

    const three = { question1: 'Ambiente', question2: ['Opzione 1', 'Opzione 2', 'Opzione 3'], question3: 5 };
    expect((await write(anna, sub, three, 1)).statusCode).toBe(200);
    res = await close(anna, sub);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toContainEqual({
      path: `${stepId}.question2`,
      messageKey: 'errors.surveys.tooManySelections',
      params: { maximum: 2 },
    });

    const fine = { question1: 'Ambiente', question2: ['Opzione 1', 'Opzione 2'], question3: 5, question4: 'Tempi' };
    expect((await write(anna, sub, fine, 2)).statusCode).toBe(200);
    res = await close(anna, sub);
    expect(res.statusCode, res.body).toBeLessThan(300);
    expect(await stored(sub)).toEqual(fine);
  });

  it('drops the comment of a rating of 7 or more, which the applicant no longer saw', async () => {
    const eve = await signInAs(t.database.db, { email: 'eve@example.org' });
    const org = await createOrganization(t.app, eve.headers, 'Eve Ltd');
    const sub = await start(eve, org);
    const answer = { question1: 'Sociale', question2: ['Opzione 3'], question3: 9, question4: 'Scritto con 5' };
    expect((await write(eve, sub, answer, 0)).statusCode).toBe(200);
    const res = await close(eve, sub);
    expect(res.statusCode, res.body).toBeLessThan(300);
    const { question4: _hidden, ...kept } = answer;
    expect(await stored(sub)).toEqual(kept);
  });
});
