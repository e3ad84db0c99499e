import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { FRAMEWORK_GONE, withFrameworkGone } from '../../../test/fixtures';
import type { Db } from '../../db/client';

type Headers = Record<string, string>;

/** A SurveyJS model with one question of each kind the report charts (NPS as the SPEC template asks). */
export const SURVEY_MODEL = {
  pages: [
    {
      name: 'p1',
      elements: [
        {
          type: 'rating',
          name: 'nps',
          title: { default: 'How likely are you to recommend us?', it: 'Ci raccomanderesti?' },
          rateMin: 0,
          rateMax: 10,
        },
        {
          type: 'radiogroup',
          name: 'sector',
          title: 'Sector',
          choices: ['social', 'culture', 'sport'],
          showOtherItem: true,
        },
        { type: 'checkbox', name: 'needs', title: 'Needs', choices: [{ value: 'money', text: 'Money' }, 'people'] },
        { type: 'boolean', name: 'partner', title: 'Do you have a partner?' },
        {
          type: 'matrix',
          name: 'quality',
          title: 'Quality',
          columns: ['low', 'high'],
          rows: ['service', 'support'],
        },
        { type: 'comment', name: 'notes', title: 'Notes' },
      ],
    },
  ],
};

/** An open call whose type has a survey step and an impact (miniDyi) step whose framework is gone. */
export async function createReportCall(db: Db, app: FastifyInstance, admin: Headers, name = 'Bando Città 2027') {
  const types = (await app.inject({ url: '/api/Step/GetStepTypes', headers: admin })).json() as Array<{
    id: string;
    name: string;
  }>;
  const typeId = (n: string) => types.find((t) => t.name === n)?.id ?? '';
  const ct = await withFrameworkGone(db, () =>
    app.inject({
      method: 'POST',
      url: '/api/Call/CreateCallType',
      headers: admin,
      payload: {
        name: 'Survey and impact',
        description: 'x',
        steps: [
          {
            name: 'Questionario',
            description: '',
            content: JSON.stringify(SURVEY_MODEL),
            sort: 0,
            stepTypeId: typeId('survey'),
          },
          {
            name: 'Impatto',
            description: '',
            content: FRAMEWORK_GONE,
            sort: 1,
            stepTypeId: typeId('miniDyi'),
          },
        ],
      },
    }),
  );
  expect(ct.statusCode, ct.body).toBeLessThan(300);
  const day = 86_400_000;
  const call = await app.inject({
    method: 'POST',
    url: '/api/Call/CreateCall',
    headers: admin,
    payload: {
      name,
      description: '<p>x</p>',
      openingAt: new Date(Date.now() - day).toISOString(),
      closingAt: new Date(Date.now() + 30 * day).toISOString(),
      callTypeId: ct.json().id,
    },
  });
  expect(call.statusCode, call.body).toBeLessThan(300);
  const full = (
    await app.inject({ url: `/api/Call/GetCallByIdAdmin?callId=${call.json().id}`, headers: admin })
  ).json();
  return {
    id: full.id as string,
    callTypeId: full.callTypeId as string,
    surveyStepId: full.steps[0].id as string,
    impactStepId: full.steps[1].id as string,
  };
}

/** An impact answer with custom outcomes only (no framework needed). */
export function impactAnswer(
  sdg: number[],
  budget: number,
  outcomes: Array<{ name: string; stakeholder: string; target: number; proxy: number }>,
) {
  return {
    budget,
    budgetSpent: 0,
    sdg,
    selectedOutcomes: outcomes.map((o, i) => ({
      outcomeId: null,
      sdg: null,
      outcomeName: o.name,
      stakeholderId: `s-${o.stakeholder}`,
      stakeholderName: o.stakeholder,
      customKey: `Key${String(i).padStart(9, '0')}`,
      indicators: [
        {
          indicatorId: '',
          indicatorName: 'People',
          indicatorTargetValue: o.target,
          proxyId: '',
          proxyName: 'Value',
          proxyValue: o.proxy,
        },
      ],
    })),
  };
}

/** An applicant's submission with a survey answer and an impact answer; closed when asked. */
export async function answerCall(
  app: FastifyInstance,
  headers: Headers,
  organizationId: string,
  call: { id: string; surveyStepId: string; impactStepId: string },
  survey: Record<string, unknown>,
  impact: ReturnType<typeof impactAnswer>,
  close: boolean,
) {
  const h = { ...headers, 'x-organization-id': organizationId };
  const started = await app.inject({
    method: 'POST',
    url: '/api/Call/UpsertCallSubmission',
    headers: h,
    payload: { callId: call.id },
  });
  expect(started.statusCode, started.body).toBe(200);
  const submissionId: string = started.json().id;
  for (const [stepId, content] of [
    [call.surveyStepId, survey],
    [call.impactStepId, impact],
  ] as const) {
    const res = await app.inject({
      method: 'POST',
      url: '/api/Call/UpsertCallStepResult',
      headers: h,
      payload: { callSubmissionId: submissionId, stepId, content: JSON.stringify(content), version: 0 },
    });
    expect(res.statusCode, res.body).toBe(200);
  }
  if (close) {
    const closed = await app.inject({
      method: 'POST',
      url: '/api/Call/CloseCallSubmission',
      headers: h,
      payload: { submissionId },
    });
    expect(closed.statusCode, closed.body).toBe(200);
  }
  return submissionId;
}
