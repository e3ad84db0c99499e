import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { createCallWithSteps, createOrganization } from '../../test/fixtures';
import { signInAs } from '../../test/sign-in';
import { stepResults } from '../db/schema';

type Headers = Record<string, string>;

const choices = (n: number) => Array.from({ length: n }, (_, i) => `c${i}`);
const deep = (levels: number) => `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;
const model = (elements: unknown[]) => JSON.stringify({ pages: [{ name: 'p1', elements }] });

/**
 * What an applicant or an admin sends that once froze or stopped the server is refused when it
 * is saved, with a translated 400 naming the field, and nothing is stored.
 */
describe('bounded inputs: models, patterns and answers', () => {
  let t: TestApp;
  let admin: { headers: Headers };
  let applicant: { headers: Headers };
  let org: string;
  let call: { id: string; stepIds: string[] };

  const post = (url: string, headers: Headers, payload: unknown) =>
    t.app.inject({ method: 'POST', url, headers, payload: payload as Record<string, unknown> });

  beforeAll(async () => {
    t = await buildTestApp();
    admin = await signInAs(t.database.db, { email: 'admin@example.org', roles: ['admin'] });
    applicant = await signInAs(t.database.db, { email: 'anna@ente.example' });
    org = await createOrganization(t.app, applicant.headers, 'Aurora');
    call = await createCallWithSteps(t.app, admin.headers, [
      {
        name: 'Survey',
        type: 'survey',
        content: model([
          { type: 'checkbox', name: 'areas', choices: choices(250) },
          { type: 'text', name: 'website' },
          { type: 'comment', name: 'story', maxLength: 3000 },
        ]),
      },
      {
        name: 'Quiz',
        type: 'quiz',
        content: model([{ type: 'radiogroup', name: 'q1', choices: ['a', 'b'], correctAnswer: 'a' }]),
      },
    ]);
  });
  afterAll(async () => {
    await t?.close();
  });

  const surveyType = (m: string) =>
    post('/api/SJSurvey/CreateSurveyType', admin.headers, { name: 'S', description: 'S', model: m });
  const callType = (content: string, type = 'survey') => createCallWithStepsExpectingRefusal(content, type);
  async function createCallWithStepsExpectingRefusal(content: string, type: string) {
    const types = (await t.app.inject({ url: '/api/Step/GetStepTypes', headers: admin.headers })).json();
    return post('/api/Call/CreateCallType', admin.headers, {
      name: 'T',
      description: 'T',
      steps: [
        {
          name: 's',
          description: '',
          content,
          sort: 0,
          stepTypeId: types.find((x: { name: string }) => x.name === type).id,
        },
      ],
    });
  }

  it('a survey model nested 10,000 levels deep is refused (survey type and call step)', async () => {
    const m = deep(10_000);
    const res = await surveyType(m);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors).toContainEqual({
      path: 'model',
      messageKey: 'errors.limits.tooDeep',
      params: { maximum: 32 },
    });
    const step = await callType(m);
    expect(step.statusCode).toBe(400);
    expect(step.json().errors[0]).toMatchObject({ path: 'steps.0.content', messageKey: 'errors.limits.tooDeep' });
  });

  it('a question with 45,000 choices, and a survey with 2,001 questions, are refused', async () => {
    const many = await callType(model([{ type: 'checkbox', name: 'q', choices: choices(45_000) }]));
    expect(many.statusCode).toBe(400);
    expect(many.json().errors[0]).toMatchObject({
      messageKey: 'errors.limits.tooManyChoices',
      params: { maximum: 1000 },
    });
    const questions = Array.from({ length: 2_001 }, (_, i) => ({ type: 'text', name: `q${i}` }));
    const res = await surveyType(model(questions));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toMatchObject({ messageKey: 'errors.limits.tooManyQuestions' });
    // At the bounds, both are accepted.
    expect((await callType(model([{ type: 'checkbox', name: 'q', choices: choices(1_000) }]))).statusCode).toBeLessThan(
      300,
    );
  });

  it('a validator pattern with nested quantifiers, or one that does not compile, is refused', async () => {
    const cases = [
      { type: 'regex', regex: '^(a+)+$' },
      { type: 'regex', regex: '^(\\w+\\s?)*$' },
      { type: 'regex', regex: '([a-z]' },
      // SurveyJS takes any spelling of the type.
      { type: 'RegexValidator', regex: '^(a+)+$' },
      { type: 'REGEX', regex: '^(a+)+$' },
      // Compiles in JavaScript only (a look-ahead): the server's linear engine cannot run it.
      { type: 'regex', regex: '^(?=a)a$' },
    ];
    for (const { type, regex } of cases) {
      const m = model([{ type: 'text', name: 'code', validators: [{ type, regex }] }]);
      const res = await surveyType(m);
      expect(res.statusCode, regex).toBe(400);
      expect(res.json().errors[0]).toMatchObject({ path: 'model', messageKey: 'errors.limits.unsafePattern' });
      const step = await callType(m, 'quiz');
      expect(step.statusCode, regex).toBe(400);
      expect(step.json().errors[0]).toMatchObject({ messageKey: 'errors.limits.unsafePattern' });
    }
    const fine = model([{ type: 'text', name: 'cap', validators: [{ type: 'regex', regex: '^\\d{5}$' }] }]);
    expect((await surveyType(fine)).statusCode).toBe(200);
  });

  it("a pattern that backtracks on overlapping alternatives cannot slow the server's check", async () => {
    // safe-regex2 lets this one through (it slows only the browser that types into it): the
    // server runs every regex validator on RE2, linear in the text.
    const slow = await createCallWithSteps(t.app, admin.headers, [
      {
        name: 'Code',
        type: 'survey',
        content: model([
          {
            type: 'text',
            name: 'code',
            isRequired: true,
            validators: [{ type: 'regexvalidator', regex: '^(\\w|\\d)+$' }],
          },
        ]),
      },
    ]);
    const h = { ...applicant.headers, 'x-organization-id': org };
    const submissionId = (await post('/api/Call/UpsertCallSubmission', h, { callId: slow.id })).json().id as string;
    const answer = JSON.stringify({ code: `${'1'.repeat(32)}!` });
    const saved = await post('/api/Call/UpsertCallStepResult', h, {
      callSubmissionId: submissionId,
      stepId: slow.stepIds[0],
      content: answer,
      version: 0,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const started = performance.now();
    const closed = await post('/api/Call/CloseCallSubmission', h, { submissionId });
    expect(performance.now() - started).toBeLessThan(5_000); // about 2^32 steps when backtracking
    expect(closed.statusCode, closed.body).toBe(400);
    expect(closed.json().errors).toContainEqual({
      path: `${slow.stepIds[0]}.code`,
      messageKey: 'errors.surveys.answerInvalid',
    });
  });

  async function write(stepId: string, content: string) {
    const h = { ...applicant.headers, 'x-organization-id': org };
    const started = await post('/api/Call/UpsertCallSubmission', h, { callId: call.id });
    const submissionId = started.json().id as string;
    const res = await post('/api/Call/UpsertCallStepResult', h, {
      callSubmissionId: submissionId,
      stepId,
      content,
      version: 0,
    });
    const stored = await t.database.db.select().from(stepResults).where(eq(stepResults.stepId, stepId));
    return { res, stored };
  }

  it('a checkbox answer with more values than the question has choices is refused, naming the question', async () => {
    const [surveyStep] = call.stepIds as [string];
    const { res, stored } = await write(surveyStep, JSON.stringify({ areas: choices(45_000) }));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toContainEqual({
      path: 'content',
      messageKey: 'errors.limits.listTooLong',
      params: { maximum: 1000 },
    });
    expect(stored).toHaveLength(0);
    const over = await write(surveyStep, JSON.stringify({ areas: choices(253) }));
    expect(over.res.json().errors).toContainEqual({
      path: 'content.areas',
      messageKey: 'errors.limits.tooManySelections',
      params: { maximum: 252 },
    });
    expect(over.stored).toHaveLength(0);
    expect((await write(surveyStep, JSON.stringify({ areas: choices(250) }))).res.statusCode).toBe(200);
  });

  it("a question's bounds follow its model when the admin changes it (nothing kept goes stale)", async () => {
    const few = await createCallWithSteps(t.app, admin.headers, [
      { name: 'S', type: 'survey', content: model([{ type: 'checkbox', name: 'pick', choices: choices(3) }]) },
    ]);
    const stepId = few.stepIds[0] as string;
    const h = { ...applicant.headers, 'x-organization-id': org };
    const submissionId = (await post('/api/Call/UpsertCallSubmission', h, { callId: few.id })).json().id as string;
    const save = (n: number, version: number) =>
      post('/api/Call/UpsertCallStepResult', h, {
        callSubmissionId: submissionId,
        stepId,
        content: JSON.stringify({ pick: choices(n) }),
        version,
      });
    expect((await save(6, 0)).statusCode).toBe(400); // 3 choices + other + none
    const full = (
      await t.app.inject({ url: `/api/Call/GetCallByIdAdmin?callId=${few.id}`, headers: admin.headers })
    ).json();
    const edited = await t.app.inject({
      method: 'PUT',
      url: '/api/Call/UpsertCallType',
      headers: admin.headers,
      payload: {
        id: full.callTypeId,
        name: 'Type',
        description: 'Type',
        steps: [{ ...full.steps[0], content: model([{ type: 'checkbox', name: 'pick', choices: choices(10) }]) }],
      },
    });
    expect(edited.statusCode, edited.body).toBeLessThan(300);
    expect((await save(6, 0)).statusCode).toBe(200);
  });

  it('texts longer than their question allows are refused', async () => {
    const [surveyStep] = call.stepIds as [string];
    const site = await write(surveyStep, JSON.stringify({ website: 'x'.repeat(5_001) }));
    expect(site.res.json().errors).toContainEqual({
      path: 'content.website',
      messageKey: 'errors.limits.answerTooLong',
      params: { maximum: 5000 },
    });
    const story = await write(surveyStep, JSON.stringify({ story: 'y'.repeat(3_001) }));
    expect(story.res.json().errors[0]).toMatchObject({ path: 'content.story', params: { maximum: 3000 } });
  });

  it('a quiz answer nested 5,000 levels deep is a 400, not a stack overflow', async () => {
    const quizStep = call.stepIds[1] as string;
    const { res, stored } = await write(quizStep, `{"q1":${deep(5_000)}}`);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors[0]).toMatchObject({ path: 'content', messageKey: 'errors.limits.tooDeep' });
    expect(stored).toHaveLength(0);
  });
});
