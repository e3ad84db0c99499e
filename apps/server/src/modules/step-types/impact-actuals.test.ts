import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { DEFAULT_SROI_PARAMS, estimateSroi, type TImpactFramework, type TSroiParams } from '@impact/domain';
import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { answerAndClose, createCallWithSteps, createOrganization, multipart, PDF_BYTES } from '../../../test/fixtures';
import { signInAs } from '../../../test/sign-in';
import { calls, emailOutbox, grantReportPlans, grantReports, grants, stepResults } from '../../db/schema';

type Headers = Record<string, string>;

/**
 * Impact actuals in a grant's report (docs/IMPACT.md "Actual SROI"): the step lists the
 * application's indicators with their targets, refuses values it did not choose, and stores the
 * actual central SROI as the score. The report's rows are inserted here as the grants module
 * makes them (grant, plan item with its form call, report pointing at the report's submission).
 */
describe('impact actuals step', () => {
  let t: TestApp;
  let admin: Headers;
  let anna: Headers;
  let otto: Headers;
  let organizationId: string;
  let framework: TImpactFramework;
  let application: { id: string; stepIds: string[] };
  let form: { id: string; stepIds: string[] };
  let reportId: string;
  /** The application's impact answer (the grant's forecast). */
  let impact: Record<string, unknown>;
  const actualsStep = () => form.stepIds[0] ?? '';
  const params: TSroiParams = {
    ...DEFAULT_SROI_PARAMS,
    central: { deadweight: 0.1, displacement: 0, attribution: 0.2, dropOff: 0.1, discountRate: 0.035 },
  };

  const forecastOf = (who: Headers) =>
    t.app.inject({
      url: `/api/ImpactActuals/GetForecast?submissionId=${reportId}&stepId=${actualsStep()}`,
      headers: { ...who, 'accept-language': 'en' },
    });
  const write = (content: object, version: number) =>
    t.app.inject({
      method: 'POST',
      url: '/api/Call/UpsertCallStepResult',
      headers: anna,
      payload: { callSubmissionId: reportId, stepId: actualsStep(), content: JSON.stringify(content), version },
    });
  const stored = async () => {
    const [row] = await t.database.db
      .select()
      .from(stepResults)
      .where(and(eq(stepResults.callSubmissionId, reportId), eq(stepResults.stepId, actualsStep())));
    return row;
  };
  const close = () =>
    t.app.inject({
      method: 'POST',
      url: '/api/Call/CloseCallSubmission',
      headers: anna,
      payload: { submissionId: reportId },
    });

  beforeAll(async () => {
    t = await buildTestApp();
    admin = (await signInAs(t.database.db, { email: 'admin@impact.example', roles: ['admin'] })).headers;
    const signedIn = await signInAs(t.database.db, { email: 'anna@ente.example' });
    organizationId = await createOrganization(t.app, signedIn.headers);
    anna = { ...signedIn.headers, 'x-organization-id': organizationId };
    const outsider = await signInAs(t.database.db, { email: 'otto@altrove.example' });
    otto = { ...outsider.headers, 'x-organization-id': await createOrganization(t.app, outsider.headers, 'Altrove') };
    const proxy = (name: string, defaultValue: number) => ({ name, defaultValue, sourceName: '', sourceUrl: '' });
    const fw = await t.app.inject({
      method: 'PUT',
      url: '/api/ImpactFramework/AddImpactFrameworkSet',
      headers: admin,
      payload: {
        name: 'Lavoro',
        description: 'Lavoro',
        stakeholders: [{ name: 'Giovani', description: '' }],
        outcomes: [
          {
            name: 'Occupazione',
            description: '',
            sdg: [8],
            indicators: [
              { name: 'Assunti', description: '', proxies: [proxy('Salario', 1000)] },
              { name: 'Formati', description: '', proxies: [proxy('Corso', 500)] },
            ],
          },
        ],
      },
    });
    expect(fw.statusCode, fw.body).toBe(200);
    framework = fw.json();
    application = await createCallWithSteps(t.app, admin, [
      { name: 'Impatto', type: 'miniDyi', content: JSON.stringify({ frameworkId: framework.id, sroiParams: params }) },
    ]);
    const [o] = framework.outcomes;
    const [s] = framework.stakeholders;
    if (!o || !s) throw new Error('framework too small');
    impact = {
      budget: 100_000,
      budgetSpent: 0,
      sdg: [8],
      selectedOutcomes: [
        {
          outcomeId: o.id,
          sdg: 8,
          outcomeName: o.name,
          stakeholderId: s.id,
          stakeholderName: s.name,
          customKey: null,
          indicators: o.indicators.map((i, n) => ({
            indicatorId: i.id,
            indicatorName: i.name,
            indicatorTargetValue: n === 0 ? 50 : 20,
            proxyId: i.proxies[0]?.id ?? '',
            proxyName: i.proxies[0]?.name ?? '',
            proxyValue: i.proxies[0]?.defaultValue ?? 0,
          })),
        },
      ],
    };
    const applicationId = await answerAndClose(t.app, signedIn.headers, organizationId, application.id, {
      [application.stepIds[0] ?? '']: JSON.stringify(impact),
    });
    // The report's form: its call type through the API; its call inserted here, open like an
    // application's for the first test (the API keeps impact actuals out of applications), then
    // made a plan item's form call below.
    const stepTypeList = (await t.app.inject({ url: '/api/Step/GetStepTypes', headers: admin })).json() as Array<{
      id: string;
      name: string;
    }>;
    const formType = await t.app.inject({
      method: 'POST',
      url: '/api/Call/CreateCallType',
      headers: admin,
      payload: {
        name: 'Rendiconto finale',
        description: 'Rendiconto',
        steps: [
          {
            name: 'Risultati',
            description: '',
            content: '',
            sort: 0,
            stepTypeId: stepTypeList.find((st) => st.name === 'impactActuals')?.id,
          },
        ],
      },
    });
    expect(formType.statusCode, formType.body).toBe(201);
    const [formRow] = await t.database.db
      .insert(calls)
      .values({
        name: 'Rendiconto finale',
        openingAt: new Date(Date.now() - 86_400_000),
        closingAt: new Date(Date.now() + 30 * 86_400_000),
        callTypeId: formType.json().id,
      })
      .returning({ id: calls.id });
    form = { id: formRow?.id ?? '', stepIds: formType.json().steps.map((st: { id: string }) => st.id) };
    const started = await t.app.inject({
      method: 'POST',
      url: '/api/Call/UpsertCallSubmission',
      headers: anna,
      payload: { callId: form.id },
    });
    reportId = started.json().id;
    // Not yet a report: checked first (the first test), then the grant's rows are added.
    const [formCall] = await t.database.db.select().from(calls).where(eq(calls.id, form.id));
    if (!formCall) throw new Error('no form call');
    linkReport = async () => {
      // Accepted through the API, as a grantee does: the acceptance keeps the application's forecast.
      const [grant] = await t.database.db
        .insert(grants)
        .values({ submissionId: applicationId, organizationId, callId: application.id, status: 'awaitingAcceptance' })
        .returning();
      const [plan] = await t.database.db
        .insert(grantReportPlans)
        .values({
          callId: application.id,
          position: 0,
          name: 'Finale',
          dueAfterMonths: 12,
          callTypeId: formCall.callTypeId,
          formCallId: form.id,
        })
        .returning();
      if (!grant || !plan) throw new Error('no grant');
      const accepted = await t.app.inject({
        method: 'POST',
        url: '/api/Grant/AcceptAward',
        headers: anna,
        payload: { grantId: grant.id, fullName: 'Anna Rossi' },
      });
      expect(accepted.statusCode, accepted.body).toBe(200);
      applicationAnswer = { submissionId: applicationId, stepId: application.stepIds[0] ?? '' };
      await t.database.db
        .update(grantReports)
        .set({ submissionId: reportId })
        .where(eq(grantReports.grantId, grant.id));
    };
  });
  let linkReport: () => Promise<void>;
  let applicationAnswer: { submissionId: string; stepId: string };
  afterAll(() => t.close());

  it('outside a report the step says so, refuses values and stores nothing invalid', async () => {
    const res = await forecastOf(anna);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ status: 'notAReport', forecast: null, forecastSroi: null, currency: 'EUR' });
    const refused = await write({ values: [{ key: '0-0', value: 3, note: '' }] }, 0);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors[0].messageKey).toBe('errors.impactActuals.notAReport');
    expect(await stored()).toBeUndefined();
    const empty = await write({ values: [] }, 0);
    expect(empty.statusCode, empty.body).toBe(200);
    expect(JSON.parse(empty.json().content)).toEqual({ values: [] });
    expect((await close()).json().errors[0].messageKey).toBe('errors.impactActuals.notAReport');
    await linkReport();
  });

  it('GET shows the application’s indicators with their targets and the forecast SROI; no one else reads it', async () => {
    const res = await forecastOf(anna);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.status).toBe('ok');
    expect(body.forecast.budget).toBe(100_000);
    expect(body.forecast.params).toEqual(params);
    expect(
      body.forecast.indicators.map(
        (i: { key: string; indicatorName: string; targetValue: number; proxyValue: number }) => [
          i.key,
          i.indicatorName,
          i.targetValue,
          i.proxyValue,
        ],
      ),
    ).toEqual([
      ['0-0', 'Assunti', 50, 1000],
      ['0-1', 'Formati', 20, 500],
    ]);
    expect(body.forecastSroi.central).toBeCloseTo(1.0959, 4);
    expect((await forecastOf(otto)).statusCode).toBe(404);
  });

  it('refuses a value for an indicator the application did not choose, and a negative one (400, translated)', async () => {
    const ghost = await write({ values: [{ key: '1-0', value: 3, note: '' }] }, 1);
    expect(ghost.statusCode).toBe(400);
    expect(ghost.json().errors).toContainEqual(
      expect.objectContaining({ path: 'content.values.0.key', messageKey: 'errors.impactActuals.unknownIndicator' }),
    );
    const negative = await write({ values: [{ key: '0-0', value: -1, note: '' }] }, 1);
    expect(negative.statusCode).toBe(400);
    expect(negative.json().errors).toContainEqual(
      expect.objectContaining({ path: 'content.values.0.value', messageKey: 'errors.impact.negativeNumber' }),
    );
    expect((await stored())?.version).toBe(1);
  });

  it('a partial answer has no actual ratio and cannot be submitted', async () => {
    const res = await write({ values: [{ key: '0-0', value: 40, note: 'Assunzioni a tempo indeterminato' }] }, 1);
    expect(res.statusCode, res.body).toBe(200);
    expect((await stored())?.score).toBeNull();
    const closed = await close();
    expect(closed.statusCode).toBe(400);
    expect(closed.json().errors).toContainEqual(
      expect.objectContaining({ path: `${actualsStep()}.0-1`, messageKey: 'errors.impactActuals.valueRequired' }),
    );
    // Promised once accepted; a value saved in a report not yet submitted is not reported.
    const portfolio = (
      await t.app.inject({ url: `/api/Report/GetPortfolio?callId=${application.id}`, headers: admin })
    ).json();
    expect(portfolio.grants[0].indicators).toEqual({ promised: 2, reported: 0, met: 0 });
  });

  it('a full answer keeps the forecast as it was and stores the actual central ratio as the score', async () => {
    const res = await write(
      {
        values: [
          { key: '0-0', value: 40, note: 'Assunzioni a tempo indeterminato' },
          { key: '0-1', value: 30, note: '' },
        ],
        // What a client sends of the forecast is dropped: it is read from the application.
        forecast: { budget: 1, params, indicators: [] },
        actualSroi: { low: 99, central: 99, high: 99 },
      },
      2,
    );
    expect(res.statusCode, res.body).toBe(200);
    const expected = estimateSroi(
      {
        budget: 100_000,
        indicators: [
          { targetValue: 40, proxyValue: 1000 },
          { targetValue: 30, proxyValue: 500 },
        ],
      },
      params,
    );
    const row = await stored();
    expect(row?.score).toBeCloseTo(expected.central.ratio ?? Number.NaN, 10);
    expect(row?.score).toBeCloseTo(1.0046, 4);
    const answer = JSON.parse(row?.content ?? '{}');
    expect(answer.forecast.budget).toBe(100_000);
    expect(answer.forecast.indicators.map((i: { targetValue: number }) => i.targetValue)).toEqual([50, 20]);
    expect(answer.forecastSroi.central).toBeCloseTo(1.0959, 4);
    expect(answer.actualSroi).toEqual({
      low: expected.low.ratio,
      central: expected.central.ratio,
      high: expected.high.ratio,
    });
  });

  it('evidence goes in an indicator’s slot, typed by its bytes, keeping values and score; readable by the report’s readers only', async () => {
    const upload = (slot: string, bytes: Buffer) => {
      const body = multipart(
        { submissionId: reportId, stepId: actualsStep(), Nome: slot, Descrizione: 'Contratti', TipoFileId: '1' },
        { name: 'contratti.pdf', bytes },
      );
      return t.app.inject({
        method: 'POST',
        url: '/api/FileUpload/UploadFile',
        headers: { ...anna, ...body.headers },
        payload: body.payload,
      });
    };
    expect((await upload('9-9', PDF_BYTES)).statusCode).toBe(400);
    expect((await upload('0-0', Buffer.from('plain text, not a pdf'))).statusCode).toBe(415);
    const up = await upload('0-0', PDF_BYTES);
    expect(up.statusCode, up.body).toBe(200);
    const row = await stored();
    const answer = JSON.parse(row?.content ?? '{}');
    expect(answer.files).toEqual([expect.objectContaining({ slot: '0-0', fileName: 'contratti.pdf' })]);
    expect(answer.values).toHaveLength(2);
    expect(row?.score).toBeCloseTo(1.0046, 4);
    const fileId = answer.files[0].fileDownloadId;
    const mine = await t.app.inject({ url: `/api/FileUpload/GetFile?downloadId=${fileId}`, headers: anna });
    expect(mine.statusCode).toBe(200);
    const theirs = await t.app.inject({ url: `/api/FileUpload/GetFile?downloadId=${fileId}`, headers: otto });
    expect(theirs.statusCode).toBe(404);
    // A later write of the values keeps the file the upload listed.
    const again = await write({ values: answer.values }, row?.version ?? 0);
    expect(again.statusCode, again.body).toBe(200);
    expect(JSON.parse((await stored())?.content ?? '{}').files).toHaveLength(1);
  });

  it('a complete report is submitted; its PDF shows target against actual and both ratios; the export both ratios', async () => {
    // A note cut through an emoji (what a cut at the length limit leaves) is kept and sent: it is
    // JSON, though not what PostgreSQL's jsonb takes (a cast of it in SQL made Submit fail).
    const kept = JSON.parse((await stored())?.content ?? '{}');
    const cut = await write(
      {
        values: [
          { key: '0-0', value: 40, note: `Assunzioni a tempo indeterminato ${'\u{1F331}'.slice(0, 1)}` },
          { key: '0-1', value: 30, note: '' },
        ],
      },
      (await stored())?.version ?? 0,
    );
    expect(cut.statusCode, cut.body).toBe(200);
    expect(JSON.parse((await stored())?.content ?? '{}').files).toEqual(kept.files);
    const closed = await close();
    expect(closed.statusCode, closed.body).toBe(200);
    const pdf = await t.app.inject({
      url: `/api/Call/GetSubmissionPdf?submissionId=${reportId}&lang=it`,
      headers: anna,
    });
    expect(pdf.statusCode, pdf.body).toBe(200);
    const text = execFileSync('pdftotext', ['-enc', 'UTF-8', '-', '-'], { input: pdf.rawPayload })
      .toString('utf8')
      .replace(/\s+/g, ' ');
    // Headed as a report, not an application.
    expect(text).toMatch(/^ ?Relazione /);
    expect(text).toContain('Codice della relazione');
    expect(text).not.toContain('candidatura');
    for (const expected of [
      'Assunti',
      'Formati',
      'Obiettivo annuale',
      'Raggiunto nel periodo',
      'SROI previsto (centrale): 1,10',
      'SROI effettivo (centrale): 1,00',
      'contratti.pdf',
    ])
      expect(text).toContain(expected);
    const csv = await t.app.inject({
      url: `/api/Report/ExportSubmissions?callId=${form.id}&format=csv&language=en`,
      headers: admin,
    });
    expect(csv.statusCode, csv.body).toBe(200);
    const [header = '', row = ''] = csv.rawPayload.subarray(3).toString('utf8').trim().split(/\r?\n/);
    const cells = row.split(',');
    // To two decimals, as the pages show them (1.0959 and 1.0046).
    expect(cells[header.split(',').indexOf('Risultati · forecast SROI (central)')]).toBe('1.1');
    expect(cells[header.split(',').indexOf('Risultati · actual SROI (central)')]).toBe('1');
  });

  it('the portfolio counts the indicators promised, reported and met, by grant, by SDG and in all', async () => {
    const portfolio = (
      await t.app.inject({ url: `/api/Report/GetPortfolio?callId=${application.id}`, headers: admin })
    ).json();
    // 40 of a target of 50 falls short; 30 of 20 is met.
    const counted = { promised: 2, reported: 2, met: 1 };
    expect(portfolio.grants.map((g: { indicators: unknown }) => g.indicators)).toEqual([counted]);
    expect(portfolio.bySdg).toEqual([expect.objectContaining({ sdg: 8, indicators: counted })]);
    expect(portfolio.totals.indicators).toEqual(counted);
    // Its report sent, not yet approved: the page says so beside the figure.
    expect(portfolio.grants[0].actualApproved).toBe(false);
    const csv = await t.app.inject({
      // A dataset's refresh names its language (`lang`): the English headers, whoever asks.
      url: `/api/Report/ExportPortfolio?callId=${application.id}&format=csv&lang=en`,
      headers: { ...admin, 'accept-language': 'it' },
    });
    const [header = '', row = ''] = csv.rawPayload.subarray(3).toString('utf8').trim().split(/\r?\n/);
    // (A person's export ends with the grant's reference.)
    expect(header.split(',').slice(-5)).toEqual([
      'Indicators',
      'Indicators reported',
      'Indicators met',
      'Actual SROI approved',
      'Reference',
    ]);
    expect(row.split(',').slice(-5, -1)).toEqual(['2', '2', '1', 'no']);
    // Ratios to two decimals, as the page writes them (1.0959 and 1.0046).
    const cell = (name: string) => row.split(',')[header.split(',').indexOf(name)];
    expect([cell('Forecast SROI'), cell('Actual SROI')]).toEqual(['1.1', '1']);
    // Reopened by an admin, the report is no longer submitted: its figures count again once sent.
    const reopened = await t.app.inject({
      method: 'POST',
      url: `/api/CallSubmission/ReOpenSubmission?submissionId=${reportId}`,
      headers: admin,
    });
    expect(reopened.statusCode, reopened.body).toBe(204);
    const whileOpen = (
      await t.app.inject({ url: `/api/Report/GetPortfolio?callId=${application.id}`, headers: admin })
    ).json();
    expect(whileOpen.grants[0]).toMatchObject({
      actualSroi: null,
      actualApproved: null,
      indicators: { promised: 2, reported: 0, met: 0 },
    });
    expect((await close()).statusCode).toBe(200);
    const sentAgain = (
      await t.app.inject({ url: `/api/Report/GetPortfolio?callId=${application.id}`, headers: admin })
    ).json();
    expect(sentAgain.grants[0].indicators).toEqual(counted);
    // Sent back for changes, its figures no longer stand (the funder asked for them mended) until
    // it is sent again; a request withdrawn lets them stand again.
    const requested = await t.app.inject({
      method: 'POST',
      url: '/api/CallSubmission/RequestChanges',
      headers: admin,
      payload: {
        submissionId: reportId,
        stepIds: [actualsStep()],
        message: 'Please check the figures.',
        dueAt: new Date(Date.now() + 7 * 86_400_000).toISOString(),
      },
    });
    expect(requested.statusCode, requested.body).toBe(200);
    // The grantee's mail speaks of the report; the admin's reader knows the grant it is for.
    const [mail] = await t.database.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.template, 'change-request'))
      .orderBy(desc(emailOutbox.createdAt))
      .limit(1);
    expect(mail?.text).toContain('relazione');
    expect(mail?.text).not.toContain('candidatura');
    const read = await t.app.inject({
      url: `/api/Call/GetSubmissionByIDAdmin?submissionId=${reportId}`,
      headers: admin,
    });
    const [report] = await t.database.db.select().from(grantReports).where(eq(grantReports.submissionId, reportId));
    expect(read.json().reportGrantId).toBe(report?.grantId);
    const applicationRead = await t.app.inject({
      url: `/api/Call/GetSubmissionByIDAdmin?submissionId=${applicationAnswer.submissionId}`,
      headers: admin,
    });
    expect(applicationRead.json().reportGrantId).toBeUndefined();
    const sentBack = (
      await t.app.inject({ url: `/api/Report/GetPortfolio?callId=${application.id}`, headers: admin })
    ).json();
    expect(sentBack.grants[0]).toMatchObject({ actualSroi: null, indicators: { promised: 2, reported: 0, met: 0 } });
    const withdrawn = await t.app.inject({
      method: 'POST',
      url: '/api/CallSubmission/WithdrawChangeRequest',
      headers: admin,
      payload: { requestId: requested.json().id },
    });
    expect(withdrawn.statusCode, withdrawn.body).toBeLessThan(300);
    const standing = (
      await t.app.inject({ url: `/api/Report/GetPortfolio?callId=${application.id}`, headers: admin })
    ).json();
    expect(standing.grants[0].indicators).toEqual(counted);
    // Approved: the figures stand as the funder accepted them.
    const approved = await t.app.inject({
      method: 'POST',
      url: '/api/Grant/ApproveReport',
      headers: admin,
      payload: { reportId: report?.id },
    });
    expect(approved.statusCode, approved.body).toBe(200);
    const afterApproval = (
      await t.app.inject({ url: `/api/Report/GetPortfolio?callId=${application.id}`, headers: admin })
    ).json();
    expect(afterApproval.grants[0]).toMatchObject({ actualApproved: true, indicators: counted });
    // A second grant, its letter not yet answered, forecasts ten times as much: listed with its
    // forecast, not averaged into its SDG's (like with like: the accepted grants, which report).
    const ottoOrg = otto['x-organization-id'] ?? '';
    const ottoApplication = await answerAndClose(t.app, otto, ottoOrg, application.id, {
      [application.stepIds[0] ?? '']: JSON.stringify({ ...impact, budget: 10_000 }),
    });
    await t.database.db.insert(grants).values({
      submissionId: ottoApplication,
      organizationId: ottoOrg,
      callId: application.id,
      status: 'awaitingAcceptance',
    });
    const two = (
      await t.app.inject({ url: `/api/Report/GetPortfolio?callId=${application.id}`, headers: admin })
    ).json();
    const forecasts = two.grants
      .map((g: { forecastSroi: number }) => g.forecastSroi)
      .sort((a: number, b: number) => a - b);
    expect(forecasts[1]).toBeGreaterThan(5 * forecasts[0]);
    expect(two.bySdg).toEqual([expect.objectContaining({ sdg: 8, grants: 2 })]);
    expect(two.bySdg[0].forecastSroi).toBeCloseTo(forecasts[0], 6);
  });

  it('the migration gives reports submitted before it their values, and passes over an answer it cannot read', async () => {
    const backfill = sql.raw(
      readFileSync(new URL('../../db/migrations/0048_grant-report-actual-values.sql', import.meta.url), 'utf8').split(
        '--> statement-breakpoint',
      )[1] ?? '',
    );
    const valuesNow = async () =>
      (await t.database.db.select().from(grantReports).where(eq(grantReports.submissionId, reportId)))[0]?.actualValues;
    const forget = () =>
      t.database.db.update(grantReports).set({ actualValues: null }).where(eq(grantReports.submissionId, reportId));
    const whereAnswer = and(eq(stepResults.callSubmissionId, reportId), eq(stepResults.stepId, actualsStep()));
    const withNote = (await stored())?.content ?? '';
    expect(await valuesNow()).toEqual({ '0-0': 40, '0-1': 30 });
    // The answer as sent holds a note cut through an emoji, which jsonb refuses: passed over.
    await forget();
    await t.database.db.execute(backfill);
    expect(await valuesNow()).toBeNull();
    await t.database.db.update(stepResults).set({ content: 'not json' }).where(whereAnswer);
    await t.database.db.execute(backfill);
    expect(await valuesNow()).toBeNull();
    const plain = {
      ...JSON.parse(withNote),
      values: [
        { key: '0-0', value: 40, note: '' },
        { key: '0-1', value: 30, note: '' },
      ],
    };
    await t.database.db
      .update(stepResults)
      .set({ content: JSON.stringify(plain) })
      .where(whereAnswer);
    await t.database.db.execute(backfill);
    expect(await valuesNow()).toEqual({ '0-0': 40, '0-1': 30 });
    await t.database.db.update(stepResults).set({ content: withNote }).where(whereAnswer);
  });

  it('measures against the forecast kept when the grant was accepted, whatever the application says later', async () => {
    // The application's answer changed after the award (a reopened application, an admin's edit).
    const [row] = await t.database.db
      .select()
      .from(stepResults)
      .where(
        and(
          eq(stepResults.callSubmissionId, applicationAnswer.submissionId),
          eq(stepResults.stepId, applicationAnswer.stepId),
        ),
      );
    const edited = JSON.parse(row?.content ?? '{}');
    edited.selectedOutcomes[0].indicators[0].indicatorTargetValue = 5000;
    await t.database.db
      .update(stepResults)
      .set({ content: JSON.stringify(edited) })
      .where(
        and(
          eq(stepResults.callSubmissionId, applicationAnswer.submissionId),
          eq(stepResults.stepId, applicationAnswer.stepId),
        ),
      );
    const body = (await forecastOf(anna)).json();
    expect(body.forecast.indicators[0].targetValue).toBe(50);
  });
  it('a report whose application chose no indicators has nothing to measure: it is sent without them', async () => {
    const plain = await createCallWithSteps(t.app, admin, [
      { name: 'Progetto', type: 'text', content: JSON.stringify({ question: '<p>Il progetto</p>' }) },
    ]);
    const applicationId = await answerAndClose(t.app, anna, organizationId, plain.id, {
      [plain.stepIds[0] ?? '']: JSON.stringify({ answer: 'Orti' }),
    });
    const [formCall] = await t.database.db.select().from(calls).where(eq(calls.id, form.id));
    const [secondForm] = await t.database.db
      .insert(calls)
      .values({
        name: 'Rendiconto senza indicatori',
        openingAt: new Date(Date.now() - 86_400_000),
        closingAt: new Date(Date.now() + 30 * 86_400_000),
        callTypeId: formCall?.callTypeId ?? '',
      })
      .returning({ id: calls.id });
    const report = (
      await t.app.inject({
        method: 'POST',
        url: '/api/Call/UpsertCallSubmission',
        headers: anna,
        payload: { callId: secondForm?.id },
      })
    ).json().id as string;
    const [grant] = await t.database.db
      .insert(grants)
      .values({ submissionId: applicationId, organizationId, callId: plain.id, status: 'awaitingAcceptance' })
      .returning();
    await t.database.db.insert(grantReportPlans).values({
      callId: plain.id,
      position: 0,
      name: 'Finale',
      dueAfterMonths: 12,
      callTypeId: formCall?.callTypeId ?? '',
      formCallId: secondForm?.id ?? '',
    });
    const accepted = await t.app.inject({
      method: 'POST',
      url: '/api/Grant/AcceptAward',
      headers: anna,
      payload: { grantId: grant?.id, fullName: 'Anna Rossi' },
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    await t.database.db
      .update(grantReports)
      .set({ submissionId: report })
      .where(eq(grantReports.grantId, grant?.id ?? ''));
    const said = await t.app.inject({
      url: `/api/ImpactActuals/GetForecast?submissionId=${report}&stepId=${actualsStep()}`,
      headers: anna,
    });
    expect(said.json().status).toBe('noImpactAnswer');
    // Never opened, the step holds nothing back (it held the report for ever: no tranche waiting on it could be paid).
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/Call/CloseCallSubmission',
      headers: anna,
      payload: { submissionId: report },
    });
    expect(sent.statusCode, sent.body).toBe(200);
  });
});
