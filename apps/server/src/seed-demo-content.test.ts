import { isEmptyId, type TUserCallListItem } from '@impact/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import { signInThroughProvider } from '../test/sign-in';
import { calls } from './db/schema';
import { sendDueReminders } from './modules/reminders/send-due';
import { seed } from './seed';

/** A first run shows the product to the demo applicant. */
describe('demo content on a first run', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ SEED_DEMO: 'true' });
  });
  afterAll(async () => {
    await t.close();
  });

  const signIn = async (email: string, password: string) => {
    const flow = await signInThroughProvider(t.app, email, password);
    expect(flow.ok).toBe(true);
    const { token } = flow.response.json() as { token: string };
    return { authorization: `Bearer ${token}` };
  };

  it("the reminders job's first run mails the team's draft of the open call with reminders", async () => {
    const made = await sendDueReminders(t.database.db, {
      publicUrl: t.config.publicUrl,
      unsubscribeKey: 'k'.repeat(32),
    });
    expect(made).toBe(1);
  });

  it('the admin finds a grant whose report came in: forecast and actual SROI side by side, a report to approve', async () => {
    const headers = await signIn('admin@impact-calls.test', 'Admin-demo-2026');
    const portfolio = (await t.app.inject({ url: '/api/Report/GetPortfolio', headers })).json() as {
      grants: Array<{
        id: string;
        organizationName: string;
        forecastSroi: number | null;
        actualSroi: number | null;
        indicators: { promised: number; reported: number; met: number };
      }>;
    };
    const running = portfolio.grants.find((g) => g.organizationName === 'Associazione Il Ponte');
    expect(running?.forecastSroi).toBeGreaterThan(1);
    expect(running?.actualSroi).toBeGreaterThan(1);
    expect(running?.actualSroi).toBeLessThan(running?.forecastSroi ?? 0);
    // Every indicator promised is reported; the second, of a target of 1, reached it (70 % rounds to 1).
    expect(running?.indicators.met).toBe(1);
    expect(running?.indicators.reported).toBe(running?.indicators.promised);
    expect(running?.indicators.promised).toBeGreaterThan(1);
    const reports = (
      await t.app.inject({ url: `/api/Grant/GetReports?grantId=${running?.id}`, headers })
    ).json() as Array<{
      status: string;
    }>;
    expect(reports.map((r) => r.status)).toEqual(['submitted', 'due']);
    const tranches = (
      await t.app.inject({ url: `/api/Grant/GetTranches?grantId=${running?.id}`, headers })
    ).json() as Array<{
      status: string;
    }>;
    expect(tranches.map((r) => r.status)).toEqual(['paid', 'pending']);
  });

  it('the admin finds the closed call’s review in its Review tab: its rubric and the accepted applications', async () => {
    const headers = await signIn('admin@impact-calls.test', 'Admin-demo-2026');
    const [gardens] = await t.database.db.select().from(calls).where(eq(calls.name, 'Orti in città 2025'));
    const rubric = await t.app.inject({ url: `/api/Review/GetRubric?callId=${gardens?.id}`, headers });
    expect(rubric.statusCode, rubric.body).toBe(200);
    expect(rubric.json().rubric.criteria.length).toBeGreaterThan(0);
    const ranking = (
      await t.app.inject({ url: `/api/Review/GetRanking?callId=${gardens?.id}`, headers })
    ).json() as Array<{ outcome: string | null }>;
    expect(ranking.filter((r) => r.outcome === 'accepted').length).toBeGreaterThan(0);
  });

  it('the demo applicant, signing in for real, finds an organization, calls to start and one to resume', async () => {
    const headers = await signIn('applicant@impact-calls.test', 'Applicant-demo-2026');
    const orgs = (await t.app.inject({ url: '/api/Organization/GetOrganizations', headers })).json() as Array<{
      id: string;
      name: string;
    }>;
    expect(orgs.map((o) => o.name)).toEqual(['Cooperativa sociale Il Melo']);
    const res = await t.app.inject({
      url: '/api/Call/GetCallListUser',
      headers: { ...headers, 'x-organization-id': orgs[0]?.id ?? '' },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json() as TUserCallListItem[] | { items: TUserCallListItem[] };
    const calls = Array.isArray(body) ? body : body.items;
    const now = Date.now();
    const open = calls.filter((c) => Date.parse(c.openingAt) <= now && Date.parse(c.closingAt) >= now);
    expect(open).toHaveLength(2);
    expect(open.filter((c) => !isEmptyId(c.submissionId))).toHaveLength(1);
    expect(calls.filter((c) => Date.parse(c.openingAt) > now)).toHaveLength(1);
    const closed = calls.filter((c) => Date.parse(c.closingAt) < now);
    expect(closed).toHaveLength(3);
    // The two-stage call: stage 1 over, the organization invited to stage 2 with its own deadline.
    const invited = closed.find((c) => c.submissionStage === 2);
    expect(invited?.submissionClosed).toBe(true);
    expect(invited?.stageClosed).toBe(false);
    expect(Date.parse(invited?.stageClosingAt ?? '')).toBeGreaterThan(now);
    // The closed call's accepted application: its grant's award letter waits for an answer.
    const grants = (await t.app.inject({ url: '/api/Grant/GetMyGrants', headers })).json() as Array<{
      id: string;
      status: string;
    }>;
    expect(grants.map((g) => g.status)).toEqual(['awaitingAcceptance']);
    const letter = await t.app.inject({
      url: `/api/Grant/GetAwardLetter?grantId=${grants[0]?.id}`,
      headers,
    });
    expect(letter.statusCode).toBe(200);

    // The resumable submission has its first step answered and the rest to do.
    const resume = open.find((c) => !isEmptyId(c.submissionId));
    const submission = (
      await t.app.inject({ url: `/api/Call/GetSubmissionByID?submissionId=${resume?.submissionId}`, headers })
    ).json() as { closed: boolean; stepResults: unknown[] };
    expect(submission.closed).toBe(false);
    expect(submission.stepResults).toHaveLength(1);
    const call = (
      await t.app.inject({
        url: `/api/Call/GetCallById?callId=${resume?.id}`,
        headers: { ...headers, 'x-organization-id': orgs[0]?.id ?? '' },
      })
    ).json() as { steps: Array<{ stepType?: { name: string } | null }> };
    expect(call.steps.map((s) => s.stepType?.name)).toEqual([
      'text',
      'text',
      'upload',
      'survey',
      'budget',
      'miniDyi',
      'results',
    ]);

    // The other open call asks for the eligibility screener first: "no" to its question is a reason, "yes" lets it start.
    const screened = open.find((c) => isEmptyId(c.submissionId));
    const withOrg = { ...headers, 'x-organization-id': orgs[0]?.id ?? '', 'accept-language': 'en' };
    const screen = (nonProfit: boolean) =>
      t.app.inject({
        method: 'POST',
        url: '/api/Call/Screen',
        headers: withOrg,
        payload: { callId: screened?.id, answers: { nonProfit } },
      });
    expect((await screen(false)).json()).toEqual({
      eligible: false,
      reasons: ['The call is open to non-profit organizations only.'],
    });
    expect((await screen(true)).json()).toEqual({ eligible: true, reasons: [] });
  });

  it('the demo admin has no organization, and a restart adds no second set of calls', async () => {
    const headers = await signIn('admin@impact-calls.test', 'Admin-demo-2026');
    const orgs = (await t.app.inject({ url: '/api/Organization/GetOrganizations', headers })).json() as unknown[];
    expect(orgs).toHaveLength(0);
    // Six published calls and one draft still being written (decision 0063).
    const count = async () => {
      const body = (await t.app.inject({ url: '/api/Call/GetCallList', headers })).json() as
        | unknown[]
        | { items: unknown[] };
      return (Array.isArray(body) ? body : body.items).length;
    };
    expect(await count()).toBe(7);
    await seed(t.database.db, t.config);
    expect(await count()).toBe(7);
  });
});
