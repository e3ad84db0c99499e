import * as XLSX from '@e965/xlsx';
import { SROI_BUCKETS, SROI_WARNING_THRESHOLD, ZCallDashboard, ZSurveyReport } from '@impact/domain';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createOpenCall, createOrganization } from '../../../test/fixtures';
import { signInAs } from '../../../test/sign-in';
import { rows } from '../../db/client';
import { callSubmissions, calls, organizations, reportImpactAnswers, stepResults, steps } from '../../db/schema';
import { answerCall, createReportCall, impactAnswer } from './report-fixtures';
import { foldTallies } from './tallies';

type Who = Awaited<ReturnType<typeof signInAs>>;

/** The call dashboard, the exports and the survey results, through the real server. */
describe('reports', () => {
  let t: TestApp;
  let admin: Who;
  let anna: Who;
  let call: Awaited<ReturnType<typeof createReportCall>>;
  const submissions: string[] = [];

  beforeAll(async () => {
    t = await buildTestApp();
    admin = await signInAs(t.database.db, { email: 'admin@ente.example', roles: ['admin'] });
    anna = await signInAs(t.database.db, { email: 'anna@ente.example' });
    call = await createReportCall(t.database.db, t.app, admin.headers);
    const people = [
      { email: 'a@x.example', org: 'Società Àurora', nps: 9, close: true },
      { email: 'b@x.example', org: '=HYPERLINK("http://evil.example","clic")', nps: 7, close: true },
      { email: 'c@x.example', org: 'Coopérative Été', nps: 3, close: true },
      { email: 'd@x.example', org: 'Ente aperto', nps: 10, close: false },
    ];
    for (const [i, p] of people.entries()) {
      const who = await signInAs(t.database.db, { email: p.email });
      const org = await createOrganization(t.app, who.headers, p.org);
      const survey = {
        nps: p.nps,
        sector: i === 0 ? 'other' : 'social',
        'sector-Comment': i === 0 ? 'Ambiente' : undefined,
        needs: i === 2 ? ['money', 'people'] : ['money'],
        partner: i !== 1,
        quality: { service: 'high', support: i === 0 ? 'low' : 'high' },
        notes: `Nota ${i} — già`,
      };
      const impact = impactAnswer(i === 2 ? [3, 5] : [3], 1000 * (i + 1), [
        { name: i === 1 ? 'Less waste' : 'More jobs', stakeholder: 'Youth', target: 10, proxy: i === 2 ? 1000 : 100 },
      ]);
      submissions.push(await answerCall(t.app, who.headers, org, call, survey, impact, p.close));
    }
  });
  afterAll(async () => {
    await t.close();
  });

  const get = (url: string, who: Who = admin) => t.app.inject({ url, headers: who.headers });

  it('every report endpoint is 403 for applicants and 401 without a session', async () => {
    const urls = [
      `/api/Report/GetCallDashboard?callId=${call.id}`,
      `/api/Report/GetDashboardOrganizations?callId=${call.id}`,
      `/api/Report/ExportSubmissions?callId=${call.id}&format=csv`,
      `/api/Report/ExportSubmissions?callId=${call.id}&format=xlsx`,
      `/api/Report/GetSurveySteps?callId=${call.id}`,
      `/api/Report/GetSurveyReport?callId=${call.id}&stepId=${call.surveyStepId}`,
    ];
    for (const url of urls) {
      expect((await get(url, anna)).statusCode, url).toBe(403);
      expect((await t.app.inject({ url })).statusCode, url).toBe(401);
      expect((await get(url)).statusCode, url).toBe(200);
    }
  });

  it('answers 404 for an unknown call and 400 for a bad id', async () => {
    const unknown = '00000000-0000-4000-8000-00000000abcd';
    expect((await get(`/api/Report/GetCallDashboard?callId=${unknown}`)).statusCode).toBe(404);
    expect((await get(`/api/Report/GetSurveySteps?callId=${unknown}`)).statusCode).toBe(404);
    expect((await get(`/api/Report/GetSurveyReport?callId=${call.id}&stepId=${call.impactStepId}`)).statusCode).toBe(
      404,
    );
    const bad = await get('/api/Report/GetCallDashboard?callId=nope');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().messageKey).toBeTruthy();
    expect((await get(`/api/Report/ExportSubmissions?callId=${call.id}&format=pdf`)).statusCode).toBe(400);
  });

  it('the dashboard counts submissions, steps, countries, SDGs, SROI, outcomes and budget in SQL', async () => {
    const res = await get(`/api/Report/GetCallDashboard?callId=${call.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const d = ZCallDashboard.parse(res.json());
    expect(d).toMatchObject({ submissions: 4, closed: 3 });
    expect(d.timeline.reduce((n, x) => n + x.started, 0)).toBe(4);
    expect(d.timeline.reduce((n, x) => n + x.closed, 0)).toBe(3);
    expect(d.steps.map((s) => [s.stepType, s.answered, s.answeredClosed])).toEqual([
      ['survey', 4, 3],
      ['miniDyi', 4, 3],
    ]);
    expect(d.countries).toEqual([{ key: 'IT', count: 4 }]);
    expect(d.sdgs).toHaveLength(17);
    expect(d.sdgs.find((s) => s.sdg === 3)).toEqual({ sdg: 3, count: 4, budget: 10_000 });
    expect(d.sdgs.find((s) => s.sdg === 5)).toEqual({ sdg: 5, count: 1, budget: 3000 });
    expect(d.sdgs.find((s) => s.sdg === 1)?.count).toBe(0);
    // Ratios: 10×100×3 years discounted ÷ budget → about 2.8, 1.4, 0.9 (×10 proxy: 9.3) and 0.7.
    expect(d.sroi.withRatio).toBe(4);
    expect(d.sroi.overThreshold).toBe(1);
    expect(d.sroi.buckets.find((b) => b.key === '8+')?.count).toBe(1);
    expect(d.sroi.buckets.reduce((n, b) => n + b.count, 0)).toBe(4);
    expect(d.outcomes).toEqual([
      { key: 'More jobs', count: 3 },
      { key: 'Less waste', count: 1 },
    ]);
    expect(d.stakeholders).toEqual([{ key: 'Youth', count: 4 }]);
    expect(d.budget).toEqual({ total: 10_000, answers: 4 });
    expect(d.impactFigures).toBe(true);
  });

  it('says a call without an impact step has no impact figures (its charts would stay blank)', async () => {
    const plain = await createOpenCall(t.app, admin.headers, { name: 'Senza impatto' });
    const d = ZCallDashboard.parse((await get(`/api/Report/GetCallDashboard?callId=${plain.id}`)).json());
    expect(d.steps.map((s) => s.stepType)).toEqual(['text', 'upload']);
    expect(d.impactFigures).toBe(false);
  });

  it('the triggers keep the dashboard current through every kind of write, and agree with a recount', async () => {
    const dashboard = async () => {
      const { computedAt: _, ...d } = ZCallDashboard.parse(
        (await get(`/api/Report/GetCallDashboard?callId=${call.id}`)).json(),
      );
      return d;
    };
    const tallies = () =>
      rows<{ dimension: string; key: string; count: number; amount: string }>(
        t.database.db,
        sql`select dimension, key, count, amount::text as amount from report_tallies
            where call_id = ${call.id} order by dimension, key`,
      );
    const before = await dashboard();
    const copies = await t.database.db
      .select()
      .from(reportImpactAnswers)
      .where(eq(reportImpactAnswers.callId, call.id));
    expect(copies).toHaveLength(4);

    // A new submission through the API: the very next read counts it (no cache to wait out).
    const who = await signInAs(t.database.db, { email: 'late@x.example' });
    const org = await createOrganization(t.app, who.headers, 'Ritardataria');
    const late = await answerCall(t.app, who.headers, org, call, { nps: 8 }, impactAnswer([17], 500, []), false);
    let d = await dashboard();
    expect(d).toMatchObject({ submissions: 5, closed: 3 });
    expect(d.sdgs.find((x) => x.sdg === 17)).toEqual({ sdg: 17, count: 1, budget: 500 });
    expect(d.steps.map((s) => [s.answered, s.answeredClosed])).toEqual([
      [5, 3],
      [5, 3],
    ]);

    // Closed, moved to France, the impact answer rewritten (SDG 16, 700, an outcome): each shows.
    await t.database.db
      .update(callSubmissions)
      .set({ closed: true, closedAt: new Date() })
      .where(eq(callSubmissions.id, late));
    await t.database.db.update(organizations).set({ country: 'FR' }).where(eq(organizations.id, org));
    const rewritten = impactAnswer([16], 700, [{ name: 'More jobs', stakeholder: 'Elders', target: 1, proxy: 1 }]);
    await t.database.db
      .update(stepResults)
      .set({ content: JSON.stringify(rewritten) })
      .where(and(eq(stepResults.callSubmissionId, late), eq(stepResults.stepId, call.impactStepId)));
    d = await dashboard();
    expect(d).toMatchObject({ submissions: 5, closed: 4 });
    expect(d.timeline.reduce((n, x) => n + x.closed, 0)).toBe(4);
    expect(d.steps.map((s) => s.answeredClosed)).toEqual([4, 4]);
    expect(d.countries).toEqual([
      { key: 'IT', count: 4 },
      { key: 'FR', count: 1 },
    ]);
    expect(d.sdgs.find((x) => x.sdg === 17)?.count).toBe(0);
    expect(d.sdgs.find((x) => x.sdg === 16)).toEqual({ sdg: 16, count: 1, budget: 700 });
    expect(d.outcomes[0]).toEqual({ key: 'More jobs', count: 4 });
    expect(d.stakeholders).toContainEqual({ key: 'Elders', count: 1 });
    expect(d.budget).toEqual({ total: 10_700, answers: 5 });

    // What the triggers kept equals a recount from the rows themselves.
    const kept = await tallies();
    await t.database.db.execute(sql`select report_tallies_rebuild(${call.id}::uuid)`);
    expect(await tallies()).toEqual(kept);

    // Deleted (its answers go by cascade): every figure is back to what it was.
    await t.database.db.delete(callSubmissions).where(eq(callSubmissions.id, late));
    expect(await dashboard()).toEqual(before);
    const afterDelete = await tallies();
    await t.database.db.execute(sql`select report_tallies_rebuild(${call.id}::uuid)`);
    expect(await tallies()).toEqual(afterDelete);
    expect(afterDelete.some((r) => Number(r.count) === 0)).toBe(false);
  });

  it('the background fold takes the pending changes of every call, and the next read agrees', async () => {
    const who = await signInAs(t.database.db, { email: 'bg@x.example' });
    const org = await createOrganization(t.app, who.headers, 'Di passaggio');
    const impact = impactAnswer([9], 50, [{ name: 'More jobs', stakeholder: 'Youth', target: 1, proxy: 1 }]);
    const id = await answerCall(t.app, who.headers, org, call, { nps: 1 }, impact, true);
    const pending = () => rows<{ n: number }>(t.database.db, sql`select count(*)::int as n from report_tally_deltas`);
    expect((await pending())[0]?.n).toBeGreaterThan(0);
    expect(await foldTallies(t.database.db, null)).toBeGreaterThan(0);
    expect((await pending())[0]?.n).toBe(0);
    const d = ZCallDashboard.parse((await get(`/api/Report/GetCallDashboard?callId=${call.id}`)).json());
    expect(d).toMatchObject({ submissions: 5, closed: 4 });
    expect(d.sdgs.find((x) => x.sdg === 9)).toEqual({ sdg: 9, count: 1, budget: 50 });
    await t.database.db.delete(callSubmissions).where(eq(callSubmissions.id, id));
  });

  it('the SQL of the tallies uses the SROI thresholds of the domain', () => {
    // Migration report-tallies writes 8 for both; change them together.
    expect(SROI_WARNING_THRESHOLD).toBe(8);
    expect(SROI_BUCKETS[SROI_BUCKETS.length - 1]).toBe(8);
  });

  it('the organization table pages with a cursor and links each submission', async () => {
    const first = await get(`/api/Report/GetDashboardOrganizations?callId=${call.id}&limit=3`);
    expect(first.statusCode).toBe(200);
    expect(first.headers['x-total-count']).toBe('4');
    const cursor = first.headers['x-next-cursor'] as string;
    expect(cursor).toBeTruthy();
    const second = await get(`/api/Report/GetDashboardOrganizations?callId=${call.id}&limit=3&cursor=${cursor}`);
    const ids = [...first.json(), ...second.json()].map((r: { submissionId: string }) => r.submissionId);
    expect(new Set(ids)).toEqual(new Set(submissions));
    expect(second.headers['x-next-cursor']).toBeUndefined();
    expect(first.json()[0]).toMatchObject({ organizationName: 'Ente aperto', closed: false, stepsAnswered: 2 });
    expect((await get(`/api/Report/GetDashboardOrganizations?callId=${call.id}&cursor=bad`)).statusCode).toBe(400);
  });

  it('CSV: BOM, one row per submission, accents intact, formulas inert', async () => {
    const res = await get(`/api/Report/ExportSubmissions?callId=${call.id}&format=csv`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toContain("filename*=UTF-8''Bando%20Citt%C3%A0");
    const bytes = res.rawPayload;
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.subarray(3).toString('utf8');
    const lines = text.trimEnd().split('\r\n');
    expect(lines).toHaveLength(5);
    expect(lines[0]).toContain('Questionario · Ci raccomanderesti?');
    expect(lines[0]).toContain('Impatto · SROI central');
    expect(text).toContain('Società Àurora');
    expect(text).toContain('Coopérative Été');
    expect(text).toContain('Nota 0 — già');
    expect(text).toContain(`"'=HYPERLINK(""http://evil.example"",""clic"")"`);
    expect(text).not.toMatch(/(^|,)"?=HYPERLINK/m);
    const closedOnly = await get(`/api/Report/ExportSubmissions?callId=${call.id}&format=csv&closedOnly=true`);
    expect(closedOnly.body.trimEnd().split('\r\n')).toHaveLength(4);
    const english = await get(`/api/Report/ExportSubmissions?callId=${call.id}&format=csv&language=en`);
    expect(english.body).toContain('Questionario · How likely are you to recommend us?');
    // The fixed columns, the types' own words and yes/no follow the export's language too.
    const headerOf = (body: string) => body.replace(/^\uFEFF/, '').split('\r\n')[0] ?? '';
    expect(headerOf(text)).toMatch(
      /^candidatura,organizzazione,codice fiscale \/ P\. IVA,paese,inviata,iniziata,inviata il,/,
    );
    expect(headerOf(text)).toContain('Impatto · SROI centrale');
    // Ratios as the pages show them, to two decimals (not 2.0869565217391304).
    const central = headerOf(text).split(',').indexOf('Impatto · SROI centrale');
    const ratios = lines.slice(1).map((line) => line.split(',')[central] ?? '');
    expect(ratios.some((r) => r !== '')).toBe(true);
    for (const r of ratios) expect(r).toMatch(/^(-?\d+(\.\d{1,2})?)?$/);
    expect(headerOf(english.body)).toMatch(
      /^submission,organization,registration number,country,sent,started,sent at,/,
    );
    const french = await get(`/api/Report/ExportSubmissions?callId=${call.id}&format=csv&language=fr`);
    expect(headerOf(french.body)).toMatch(/^candidature,organisation,/);
    expect(headerOf(french.body)).toContain('Impatto · ODD');
    expect(text).toMatch(/,sì,\d{4}-/);
    expect(text).toMatch(/,no,\d{4}-/);
    expect(french.body).toMatch(/,oui,\d{4}-/);
    expect(text).not.toMatch(/,(true|false),/);
  });

  it('XLSX (streamed): one row per submission, accents intact, text cells never formulas', async () => {
    const res = await get(`/api/Report/ExportSubmissions?callId=${call.id}&format=xlsx`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml.sheet');
    expect(res.headers['content-disposition']).toContain('.xlsx');
    const book = XLSX.read(res.rawPayload, { type: 'buffer', cellFormula: true });
    const sheet = book.Sheets[book.SheetNames[0] ?? ''];
    if (!sheet) throw new Error('no sheet');
    const rows = XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1 });
    expect(rows).toHaveLength(5);
    const cells = Object.entries(sheet).filter(([k]) => !k.startsWith('!'));
    expect(cells.some(([, c]) => (c as XLSX.CellObject).f)).toBe(false);
    const evil = cells.find(([, c]) => String((c as XLSX.CellObject).v).includes('HYPERLINK'));
    expect(String((evil?.[1] as XLSX.CellObject | undefined)?.v).startsWith("'=")).toBe(true);
    expect(JSON.stringify(rows)).toContain('Coopérative Été');
    expect(JSON.stringify(rows)).toContain('Nota 0 — già');
    expect(rows[0]).toContain('Questionario · Ci raccomanderesti?');
  });

  it('survey steps of the call, and the results of closed submissions (open ones on request)', async () => {
    const list = (await get(`/api/Report/GetSurveySteps?callId=${call.id}`)).json();
    expect(list.steps).toEqual([{ stepId: call.surveyStepId, name: 'Questionario', sort: 0 }]);

    const res = await get(`/api/Report/GetSurveyReport?callId=${call.id}&stepId=${call.surveyStepId}`);
    expect(res.statusCode, res.body).toBe(200);
    const report = ZSurveyReport.parse(res.json());
    expect(report.submissions).toBe(3);
    const q = (name: string) => report.questions.find((x) => x.name === name);
    expect(q('nps')).toMatchObject({ kind: 'nps', score: 0, promoters: 1, passives: 1, detractors: 1, mean: 6.33 });
    expect(q('sector')).toMatchObject({
      kind: 'choice',
      answered: 3,
      otherTexts: [{ organizationName: 'Società Àurora', text: 'Ambiente' }],
    });
    const sector = q('sector');
    if (sector?.kind !== 'choice') throw new Error('sector');
    expect(sector.choices.find((c) => c.value === 'social')).toMatchObject({ count: 2, share: 66.7 });
    expect(q('partner')).toMatchObject({ kind: 'boolean', yes: 2, no: 1 });
    expect(q('quality')).toMatchObject({
      kind: 'matrix',
      rows: [
        { value: 'service', counts: [0, 3] },
        { value: 'support', counts: [1, 2] },
      ],
    });
    expect(q('notes')).toMatchObject({ kind: 'text', answered: 3 });

    const all = ZSurveyReport.parse(
      (await get(`/api/Report/GetSurveyReport?callId=${call.id}&stepId=${call.surveyStepId}&includeOpen=true`)).json(),
    );
    expect(all.submissions).toBe(4);
    expect(all.questions.find((x) => x.name === 'nps')).toMatchObject({ promoters: 2, score: 25 });
  });

  it('a call without survey steps lists none; a survey without answers reports no submissions', async () => {
    const other = await createReportCall(t.database.db, t.app, admin.headers, 'Vuoto');
    const report = (await get(`/api/Report/GetSurveyReport?callId=${other.id}&stepId=${other.surveyStepId}`)).json();
    expect(report.submissions).toBe(0);
    // The survey step belongs to another call type: not this call's step.
    expect((await get(`/api/Report/GetSurveyReport?callId=${other.id}&stepId=${call.surveyStepId}`)).statusCode).toBe(
      404,
    );
  });

  it('names the call and its survey step in the reader’s language, the default’s where not written', async () => {
    const named = await createReportCall(t.database.db, t.app, admin.headers, 'Bando tradotto');
    await t.database.db
      .update(calls)
      .set({ translations: { fr: { name: 'Appel traduit' } } })
      .where(eq(calls.id, named.id));
    await t.database.db
      .update(steps)
      .set({ translations: { fr: { name: 'Questionnaire' } } })
      .where(eq(steps.id, named.surveyStepId));
    const read = async (url: string, language: string) =>
      (await t.app.inject({ url, headers: { ...admin.headers, 'accept-language': language } })).json();
    const dashboard = `/api/Report/GetCallDashboard?callId=${named.id}`;
    const list = `/api/Report/GetSurveySteps?callId=${named.id}`;
    const report = `/api/Report/GetSurveyReport?callId=${named.id}&stepId=${named.surveyStepId}`;
    expect((await read(dashboard, 'fr')).callName).toBe('Appel traduit');
    expect(await read(list, 'fr')).toMatchObject({ callName: 'Appel traduit', steps: [{ name: 'Questionnaire' }] });
    expect(await read(report, 'fr')).toMatchObject({ callName: 'Appel traduit', stepName: 'Questionnaire' });
    // English is not written: the default language's names.
    expect((await read(dashboard, 'en')).callName).toBe('Bando tradotto');
    expect(await read(report, 'en')).toMatchObject({ callName: 'Bando tradotto', stepName: 'Questionario' });
  });
});
