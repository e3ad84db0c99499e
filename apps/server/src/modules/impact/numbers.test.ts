import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { MINI_DYI_MAXIMUM, type TImpactFramework, type TMiniDyiOutcome } from '@impact/domain';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createImpactFramework, createOrganization } from '../../../test/fixtures';
import { signInAs } from '../../../test/sign-in';
import { stepResults } from '../../db/schema';

type Who = { headers: Record<string, string> };

/** Numbers that used to break a submission (1e308 targets made the score Infinity). */
describe('impact numbers are bounded and every figure is finite', () => {
  let t: TestApp;
  let admin: Who;
  let anna: Who;
  let framework: TImpactFramework;
  let stepId: string;
  let submissionId: string;

  const outcome = (target: number | null, proxy: number | null): TMiniDyiOutcome => {
    const o = framework.outcomes[0];
    const i = o?.indicators[0];
    const p = i?.proxies[0];
    const s = framework.stakeholders[0];
    if (!o || !i || !p || !s) throw new Error('framework too small');
    return {
      outcomeId: o.id,
      sdg: 1,
      outcomeName: o.name,
      stakeholderId: s.id,
      stakeholderName: s.name,
      customKey: null,
      indicators: [
        {
          indicatorId: i.id,
          indicatorName: i.name,
          indicatorTargetValue: target,
          proxyId: p.id,
          proxyName: p.name,
          proxyValue: proxy,
        },
      ],
    };
  };
  const put = (body: Record<string, unknown>) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/ImpactFramework/PutMiniDYI',
      headers: anna.headers,
      payload: { submissionId, stepId, version: 0, budget: 100_000, budgetSpent: 0, sdg: [1], outcomes: [], ...body },
    });
  const stored = async () =>
    t.database.db
      .select()
      .from(stepResults)
      .where(and(eq(stepResults.callSubmissionId, submissionId), eq(stepResults.stepId, stepId)));

  beforeAll(async () => {
    t = await buildTestApp();
    admin = await signInAs(t.database.db, { email: 'admin@example.org', roles: ['admin'] });
    anna = await signInAs(t.database.db, { email: 'anna@ente.example' });
    framework = await createImpactFramework(t.app, admin.headers);
    const types = (await t.app.inject({ url: '/api/Step/GetStepTypes', headers: admin.headers })).json();
    const miniDyi = types.find((x: { name: string }) => x.name === 'miniDyi').id;
    const ct = await t.app.inject({
      method: 'POST',
      url: '/api/Call/CreateCallType',
      headers: admin.headers,
      payload: {
        name: 'Impatto',
        description: 'Impatto',
        steps: [
          {
            name: 'Impatto',
            description: '',
            content: JSON.stringify({ frameworkId: framework.id }),
            sort: 0,
            stepTypeId: miniDyi,
          },
        ],
      },
    });
    const day = 86_400_000;
    const call = await t.app.inject({
      method: 'POST',
      url: '/api/Call/CreateCall',
      headers: admin.headers,
      payload: {
        name: 'Bando',
        description: '',
        openingAt: new Date(Date.now() - day).toISOString(),
        closingAt: new Date(Date.now() + 30 * day).toISOString(),
        callTypeId: ct.json().id,
      },
    });
    const full = (
      await t.app.inject({ url: `/api/Call/GetCallByIdAdmin?callId=${call.json().id}`, headers: admin.headers })
    ).json();
    stepId = full.steps[0].id;
    const org = await createOrganization(t.app, anna.headers, 'Aurora');
    const sub = await t.app.inject({
      method: 'POST',
      url: '/api/Call/UpsertCallSubmission',
      headers: { ...anna.headers, 'x-organization-id': org },
      payload: { callId: call.json().id },
    });
    submissionId = sub.json().id;
  });
  afterAll(async () => {
    await t.close();
  });

  it('refuses 1e308 targets, proxies and budgets with a per-field maximum, and stores nothing', async () => {
    const huge = await put({ outcomes: [outcome(1e308, 1e308)], budget: 1e308 });
    expect(huge.statusCode).toBe(400);
    const errors = huge.json().errors as Array<{ path: string; messageKey: string; params?: { maximum: number } }>;
    const at = (suffix: string) => errors.find((e) => e.path.endsWith(suffix));
    expect(at('indicatorTargetValue')).toMatchObject({ params: { maximum: MINI_DYI_MAXIMUM.indicatorTargetValue } });
    expect(at('proxyValue')).toMatchObject({ params: { maximum: MINI_DYI_MAXIMUM.proxyValue } });
    expect(at('budget')).toMatchObject({ params: { maximum: MINI_DYI_MAXIMUM.budget } });
    // The same answer through the generic step-result endpoint.
    const generic = await t.app.inject({
      method: 'POST',
      url: '/api/Call/UpsertCallStepResult',
      headers: anna.headers,
      payload: {
        callSubmissionId: submissionId,
        stepId,
        version: 0,
        content: JSON.stringify({ budget: 1, budgetSpent: 0, sdg: [1], selectedOutcomes: [outcome(1e308, 1e308)] }),
      },
    });
    expect(generic.statusCode).toBe(400);
    expect(await stored()).toHaveLength(0);
    // At the maximum everything is accepted and finite, even with the smallest budget.
    const edge = await put({
      budget: 0.01,
      outcomes: [outcome(MINI_DYI_MAXIMUM.indicatorTargetValue, MINI_DYI_MAXIMUM.proxyValue)],
    });
    expect(edge.statusCode, edge.body).toBe(200);
    expect(Number.isFinite(edge.json().score)).toBe(true);
  });

  it('a row saved before the limits (Infinity score) answers 200 everywhere, cannot be closed, and the migration repairs it', async () => {
    await t.database.db.delete(stepResults).where(eq(stepResults.callSubmissionId, submissionId));
    const legacy = { budget: 1, budgetSpent: 0, sdg: [1], selectedOutcomes: [outcome(1e308, 1e308)] };
    await t.database.db.insert(stepResults).values({
      callSubmissionId: submissionId,
      stepId,
      content: JSON.stringify(legacy),
      score: sql`'Infinity'::float8` as unknown as number,
      version: 1,
    });
    const reads = [
      `/api/Call/GetSubmissionByID?submissionId=${submissionId}`,
      `/api/Call/GetStepResult?submissionId=${submissionId}&StepId=${stepId}`,
      `/api/ImpactFramework/MiniDYI?submissionId=${submissionId}&stepId=${stepId}`,
    ];
    for (const url of reads) {
      const res = await t.app.inject({ url, headers: anna.headers });
      expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    }
    const adminView = await t.app.inject({
      url: `/api/Call/GetSubmissionByIDAdmin?submissionId=${submissionId}`,
      headers: admin.headers,
    });
    expect(adminView.statusCode, adminView.body).toBe(200);
    const close = await t.app.inject({
      method: 'POST',
      url: '/api/Call/CloseCallSubmission',
      headers: anna.headers,
      payload: { submissionId },
    });
    expect(close.statusCode).toBe(400);

    // The repair migration: no stored score stays non-finite.
    const dir = path.join(import.meta.dirname, '../../db/migrations');
    const repair = readdirSync(dir).find((f) => f.endsWith('.sql') && f.includes('finite'));
    expect(repair).toBeDefined();
    for (const statement of readFileSync(path.join(dir, repair ?? ''), 'utf8').split('--> statement-breakpoint')) {
      if (statement.trim()) await t.database.db.execute(sql.raw(statement));
    }
    const [row] = await stored();
    expect(row?.score).toBeNull();
  });
});
