import { NPS_TEMPLATE, QUIZ_TEMPLATE } from '@impact/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createOrganization } from '../../../test/fixtures';
import { signInAs } from '../../../test/sign-in';
import { callSubmissions, calls, stepResults, steps, submissionChangeRequests } from '../../db/schema';

type Who = { headers: Record<string, string> };

describe('survey, quiz and results steps (SPEC 3, 4, 5, 7)', () => {
  let t: TestApp;
  let admin: Who;
  let anna: Who;
  let eve: Who;
  let annaOrg: string;
  let eveOrg: string;
  let call: { id: string; surveyStepId: string; quizStepId: string; resultsStepId: string };

  const as = (who: Who, org?: string) => ({ ...who.headers, ...(org ? { 'x-organization-id': org } : {}) });
  const start = async (who: Who, org: string) =>
    (
      await t.app.inject({
        method: 'POST',
        url: '/api/Call/UpsertCallSubmission',
        headers: as(who, org),
        payload: { callId: call.id },
      })
    ).json().id as string;
  const write = (who: Who, submissionId: string, stepId: string, content: string, version: number, score?: number) =>
    t.app.inject({
      method: 'POST',
      url: '/api/Call/UpsertCallStepResult',
      headers: as(who),
      payload: { callSubmissionId: submissionId, stepId, content, version, ...(score === undefined ? {} : { score }) },
    });
  const close = (who: Who, submissionId: string) =>
    t.app.inject({ method: 'POST', url: '/api/Call/CloseCallSubmission', headers: as(who), payload: { submissionId } });

  beforeAll(async () => {
    t = await buildTestApp();
    admin = await signInAs(t.database.db, { email: 'admin@example.org', roles: ['admin'] });
    anna = await signInAs(t.database.db, { email: 'anna@ente.example' });
    eve = await signInAs(t.database.db, { email: 'eve@example.org' });
    annaOrg = await createOrganization(t.app, anna.headers, 'Aurora');
    eveOrg = await createOrganization(t.app, eve.headers, 'Eve Ltd');
    const types = (await t.app.inject({ url: '/api/Step/GetStepTypes', headers: admin.headers })).json() as Array<{
      id: string;
      name: string;
    }>;
    const typeId = (name: string) => types.find((x) => x.name === name)?.id ?? '';
    const ct = await t.app.inject({
      method: 'POST',
      url: '/api/Call/CreateCallType',
      headers: admin.headers,
      payload: {
        name: 'Survey call',
        description: 'With a survey',
        steps: [
          {
            name: 'NPS',
            description: '',
            content: JSON.stringify(NPS_TEMPLATE),
            sort: 0,
            stepTypeId: typeId('survey'),
          },
          {
            name: 'Quiz',
            description: '',
            content: JSON.stringify(QUIZ_TEMPLATE),
            sort: 1,
            stepTypeId: typeId('quiz'),
          },
          { name: 'Results', description: '', content: '', sort: 2, stepTypeId: typeId('results') },
        ],
      },
    });
    expect(ct.statusCode).toBeLessThan(300);
    const day = 86_400_000;
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/Call/CreateCall',
      headers: admin.headers,
      payload: {
        name: 'Survey call',
        description: '',
        openingAt: new Date(Date.now() - day).toISOString(),
        closingAt: new Date(Date.now() + 30 * day).toISOString(),
        callTypeId: ct.json().id,
      },
    });
    expect(created.statusCode, created.body).toBeLessThan(300);
    const full = (
      await t.app.inject({ url: `/api/Call/GetCallByIdAdmin?callId=${created.json().id}`, headers: admin.headers })
    ).json();
    call = {
      id: created.json().id,
      surveyStepId: full.steps[0].id,
      quizStepId: full.steps[1].id,
      resultsStepId: full.steps[2].id,
    };
  });
  afterAll(async () => {
    await t.close();
  });

  it('saves a public SurveyJS model unchanged and refuses a model that is not a JSON object', async () => {
    const [row] = await t.database.db.select().from(steps).where(eq(steps.id, call.surveyStepId));
    expect(row?.content).toBe(JSON.stringify(NPS_TEMPLATE));
    const types = (await t.app.inject({ url: '/api/Step/GetStepTypes', headers: admin.headers })).json();
    const survey = types.find((x: { name: string }) => x.name === 'survey').id;
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/Call/CreateCallType',
      headers: admin.headers,
      payload: {
        name: 'Bad',
        description: 'Bad',
        steps: [{ name: 'x', description: '', content: '{oops', sort: 0, stepTypeId: survey }],
      },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0]).toMatchObject({
      path: 'steps.0.content',
      messageKey: 'errors.calls.stepContentInvalid',
    });
  });

  it('refuses an answer that is not a JSON object, and stores nothing', async () => {
    const sub = await start(anna, annaOrg);
    for (const content of ['not json', '[1,2]', '"text"', 'null']) {
      const res = await write(anna, sub, call.surveyStepId, content, 0);
      expect(res.statusCode, content).toBe(400);
      expect(res.json().errors[0].path).toBe('content');
    }
    expect(await t.database.db.select().from(stepResults).where(eq(stepResults.callSubmissionId, sub))).toHaveLength(0);
  });

  it('quiz answer keys are absent from every applicant response', async () => {
    const sub = await start(anna, annaOrg);
    const urls = [
      `/api/Call/GetCallById?callId=${call.id}`,
      '/api/Call/GetCallListUser',
      `/api/Call/GetSubmissionByID?submissionId=${sub}`,
      `/api/Call/GetSubmissionResults?submissionId=${sub}`,
    ];
    for (const url of urls) {
      const res = await t.app.inject({ url, headers: as(anna, annaOrg) });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).not.toContain('correctAnswer');
      expect(res.body, url).not.toContain('expectedAnswers');
    }
    const written = await write(anna, sub, call.quizStepId, JSON.stringify({ q1: 'a' }), 0);
    expect(written.body).not.toContain('correctAnswer');
    const view = (
      await t.app.inject({ url: `/api/Call/GetCallById?callId=${call.id}`, headers: as(anna, annaOrg) })
    ).json();
    const quiz = view.steps.find((s: { id: string }) => s.id === call.quizStepId);
    expect(JSON.parse(quiz.content).pages[0].elements).toHaveLength(12);
    // Admins still get the key.
    const adminView = await t.app.inject({
      url: `/api/Call/GetCallByIdAdmin?callId=${call.id}`,
      headers: admin.headers,
    });
    expect(adminView.body).toContain('correctAnswer');
  });

  it('closing with an unanswered required survey question is refused and leaves the submission open', async () => {
    const sub = await start(anna, annaOrg);
    const all12 = Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`q${i + 1}`, 'a']));
    const quiz = await t.database.db.select().from(stepResults).where(eq(stepResults.callSubmissionId, sub));
    const quizVersion = quiz.find((r) => r.stepId === call.quizStepId)?.version ?? 0;
    expect((await write(anna, sub, call.quizStepId, JSON.stringify(all12), quizVersion)).statusCode).toBe(200);

    // No survey answer at all, then a promoter score without the promoter question.
    let res = await close(anna, sub);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toContainEqual({ path: call.surveyStepId, messageKey: 'errors.surveys.answerMissing' });
    expect((await write(anna, sub, call.surveyStepId, JSON.stringify({ nps_score: 9 }), 0)).statusCode).toBe(200);
    res = await close(anna, sub);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([
      { path: `${call.surveyStepId}.promoter_features`, messageKey: 'errors.surveys.answerRequired' },
    ]);
    // Three features: refused on closing too (the page's limit is checked again here).
    const three = JSON.stringify({ nps_score: 9, promoter_features: ['ease', 'support', 'funding'] });
    expect((await write(anna, sub, call.surveyStepId, three, 1)).statusCode).toBe(200);
    res = await close(anna, sub);
    expect(res.json().errors[0]).toMatchObject({ messageKey: 'errors.surveys.tooManySelections' });
    const [row] = await t.database.db.select().from(callSubmissions).where(eq(callSubmissions.id, sub));
    expect(row?.closed).toBe(false);

    const two = JSON.stringify({ nps_score: 9, promoter_features: ['ease', 'support'] });
    expect((await write(anna, sub, call.surveyStepId, two, 2)).statusCode).toBe(200);
    res = await close(anna, sub);
    expect(res.statusCode, res.body).toBe(200);
  });

  it('a client-sent quiz score is ignored: the server scores against the key', async () => {
    const sub = await start(eve, eveOrg);
    const answers = { q1: 'a', q2: 'b', q3: 'a', q4: 'c' }; // 2 of 12 right
    const res = await write(eve, sub, call.quizStepId, JSON.stringify(answers), 0, 1);
    expect(res.statusCode).toBe(200);
    const [stored] = await t.database.db
      .select()
      .from(stepResults)
      .where(and(eq(stepResults.stepId, call.quizStepId), eq(stepResults.callSubmissionId, sub)));
    expect(stored?.score).toBeCloseTo(2 / 12);
    const admins = (
      await t.app.inject({ url: `/api/Call/GetSubmissionResults?submissionId=${sub}&lang=en`, headers: admin.headers })
    ).json();
    expect(admins.quizzes[0]).toMatchObject({ correctAnswersCount: 2, questionCount: 12 });
    expect(admins.quizzes[0].recap[0]).toEqual({ name: 'q1', title: 'Question 1', correct: true });
    expect(admins.quizzes[0].recap[1].correct).toBe(false);
  });

  it('the results name each step in the reader’s language', async () => {
    const sub = await start(eve, eveOrg);
    await t.database.db
      .update(steps)
      .set({ translations: { en: { name: 'The quiz' }, fr: { name: 'Le quiz' } } })
      .where(eq(steps.id, call.quizStepId));
    const names = async (lang: string) =>
      (
        await t.app.inject({
          url: `/api/Call/GetSubmissionResults?submissionId=${sub}&lang=${lang}`,
          headers: admin.headers,
        })
      ).json().quizzes[0].stepName;
    try {
      expect(await names('en')).toBe('The quiz');
      expect(await names('fr')).toBe('Le quiz');
    } finally {
      await t.database.db.update(steps).set({ translations: {} }).where(eq(steps.id, call.quizStepId));
    }
  });

  it('the applicant sees a quiz’s score and recap only once submitted, and not while a request for changes reopens it', async () => {
    const sub = await start(eve, eveOrg);
    const seen = async () => {
      const results = (
        await t.app.inject({ url: `/api/Call/GetSubmissionResults?submissionId=${sub}&lang=en`, headers: as(eve) })
      ).json();
      const submission = (
        await t.app.inject({ url: `/api/Call/GetSubmissionByID?submissionId=${sub}`, headers: as(eve, eveOrg) })
      ).json();
      const quizResult = (
        await t.app.inject({
          url: `/api/Call/GetStepResult?submissionId=${sub}&StepId=${call.quizStepId}`,
          headers: as(eve, eveOrg),
        })
      ).json();
      return {
        recap: results.quizzes[0]?.recap.length ?? null,
        afterSubmit: results.quizzesAfterSubmit ?? false,
        score: submission.stepResults.find((r: { stepId: string }) => r.stepId === call.quizStepId)?.score ?? null,
        stepScore: quizResult.score ?? null,
      };
    };
    // Written, not submitted: each save would tell which answers are right.
    const again = await write(eve, sub, call.quizStepId, JSON.stringify({ q1: 'a', q2: 'a' }), 1);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().score).toBeNull();
    expect(await seen()).toEqual({ recap: null, afterSubmit: true, score: null, stepScore: null });
    await t.database.db.update(callSubmissions).set({ closed: true }).where(eq(callSubmissions.id, sub));
    try {
      expect(await seen()).toEqual({
        recap: 12,
        afterSubmit: false,
        score: expect.any(Number),
        stepScore: expect.any(Number),
      });
      // A request for changes makes the answers writable again: hidden until it is answered.
      await t.database.db.insert(submissionChangeRequests).values({
        callSubmissionId: sub,
        stepIds: [call.quizStepId],
        message: 'Rivedete il quiz',
        dueAt: new Date(Date.now() + 86_400_000),
      });
      expect(await seen()).toEqual({ recap: null, afterSubmit: true, score: null, stepScore: null });
      await t.database.db.delete(submissionChangeRequests).where(eq(submissionChangeRequests.callSubmissionId, sub));
      // Invited to a second stage: still closed, but that stage is being written until its own Submit.
      await t.database.db
        .update(callSubmissions)
        .set({ stage: 2, stageClosingAt: new Date(Date.now() + 86_400_000), stageClosedAt: null })
        .where(eq(callSubmissions.id, sub));
      expect(await seen()).toEqual({ recap: null, afterSubmit: true, score: null, stepScore: null });
      await t.database.db.update(callSubmissions).set({ stageClosedAt: new Date() }).where(eq(callSubmissions.id, sub));
      expect((await seen()).recap).toBe(12);
    } finally {
      await t.database.db.delete(submissionChangeRequests).where(eq(submissionChangeRequests.callSubmissionId, sub));
      await t.database.db
        .update(callSubmissions)
        .set({ closed: false, stage: 1, stageClosingAt: null, stageClosedAt: null })
        .where(eq(callSubmissions.id, sub));
    }
  });

  it('results are hidden from applicants while the call is locked, not from admins', async () => {
    const sub = await start(eve, eveOrg);
    await t.database.db
      .update(calls)
      .set({ callLockEnd: new Date(Date.now() + 86_400_000) })
      .where(eq(calls.id, call.id));
    try {
      const mine = (
        await t.app.inject({ url: `/api/Call/GetSubmissionResults?submissionId=${sub}`, headers: as(eve) })
      ).json();
      expect(mine).toMatchObject({ locked: true, quizzes: [], scoreRanges: [] });
      const adminView = (
        await t.app.inject({ url: `/api/Call/GetSubmissionResults?submissionId=${sub}`, headers: admin.headers })
      ).json();
      expect(adminView.quizzes).toHaveLength(1);
      expect(
        (await t.app.inject({ url: `/api/Call/GetSubmissionResults?submissionId=${sub}`, headers: as(anna) }))
          .statusCode,
      ).toBe(404);
    } finally {
      await t.database.db.update(calls).set({ callLockEnd: null }).where(eq(calls.id, call.id));
    }
  });

  it('the results step takes no answer', async () => {
    const sub = await start(eve, eveOrg);
    expect((await write(eve, sub, call.resultsStepId, '{}', 0)).statusCode).toBe(409);
  });

  it('an admin changing a step type after answers exist never makes closing fail with a 500', async () => {
    const sub = await start(eve, eveOrg);
    // The quiz answer exists; the step becomes a text step and the survey step an upload step.
    const types = (await t.app.inject({ url: '/api/Step/GetStepTypes', headers: admin.headers })).json();
    const id = (n: string) => types.find((x: { name: string }) => x.name === n).id;
    await t.database.db
      .update(steps)
      .set({ stepTypeId: id('text') })
      .where(eq(steps.id, call.quizStepId));
    await t.database.db
      .update(steps)
      .set({ stepTypeId: id('upload') })
      .where(eq(steps.id, call.surveyStepId));
    try {
      const res = await close(eve, sub);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toContainEqual({ path: call.quizStepId, messageKey: 'errors.submissions.textMissing' });
    } finally {
      await t.database.db
        .update(steps)
        .set({ stepTypeId: id('quiz') })
        .where(eq(steps.id, call.quizStepId));
      await t.database.db
        .update(steps)
        .set({ stepTypeId: id('survey') })
        .where(eq(steps.id, call.surveyStepId));
    }
  });

  it('GetStepResultByCall: every answer to a step with organization and status, paged; 403 for applicants', async () => {
    const url = (extra = '') => `/api/Call/GetStepResultByCall?callId=${call.id}&StepId=${call.quizStepId}${extra}`;
    expect((await t.app.inject({ url: url(), headers: as(anna) })).statusCode).toBe(403);
    const all = await t.app.inject({ url: url(), headers: admin.headers });
    expect(all.statusCode).toBe(200);
    expect(all.headers['x-total-count']).toBe('2');
    expect(all.json().map((r: { organizationName: string }) => r.organizationName)).toEqual(['Aurora', 'Eve Ltd']);
    expect(all.json()[0]).toMatchObject({ closed: true, stepStepTypeName: 'quiz', score: 1 });
    const page2 = (await t.app.inject({ url: url('&page=2&pageSize=1'), headers: admin.headers })).json();
    expect(page2.map((r: { organizationName: string }) => r.organizationName)).toEqual(['Eve Ltd']);
    const otherStep = `/api/Call/GetStepResultByCall?callId=${call.id}&StepId=${annaOrg}`;
    expect((await t.app.inject({ url: otherStep, headers: admin.headers })).statusCode).toBe(404);
  });

  it('survey types: created with name and description, listed, edited; admins only', async () => {
    const payload = { name: 'NPS 2027', description: 'Net promoter', model: JSON.stringify(NPS_TEMPLATE) };
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/SJSurvey/CreateSurveyType', headers: as(anna), payload }))
        .statusCode,
    ).toBe(403);
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/SJSurvey/CreateSurveyType',
      headers: admin.headers,
      payload: { name: '', description: 'x', model: '[1]' },
    });
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json()
        .errors.map((e: { path: string }) => e.path)
        .sort(),
    ).toEqual(['model', 'name']);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/SJSurvey/CreateSurveyType',
      headers: admin.headers,
      payload,
    });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json().model).toBe(payload.model);
    const bare = await t.app.inject({
      method: 'POST',
      url: '/api/SJSurvey/CreateSurveyType',
      headers: admin.headers,
      payload: { name: 'Empty', description: 'From scratch' },
    });
    expect(JSON.parse(bare.json().model)).toHaveProperty('pages');
    const list = await t.app.inject({ url: '/api/SJSurvey/GetSurveyTypes?pageSize=1', headers: admin.headers });
    expect(list.headers['x-total-count']).toBe('2');
    expect(list.json()).toHaveLength(1);
    expect(list.json()[0]).not.toHaveProperty('model');
    const updated = await t.app.inject({
      method: 'PUT',
      url: '/api/SJSurvey/UpdateSurveyType',
      headers: admin.headers,
      payload: { id: created.json().id, name: 'NPS', description: 'd', model: '{"pages":[]}' },
    });
    expect(updated.json()).toMatchObject({ name: 'NPS', model: '{"pages":[]}' });
  });
});
