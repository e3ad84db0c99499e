import { execFileSync } from 'node:child_process';
import * as XLSX from '@e965/xlsx';
import { budgetCostOf, type TImpactFramework, type TMiniDyiOutcome, type TStep } from '@impact/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createCallWithSteps, createImpactFramework, createOrganization } from '../../../test/fixtures';
import { signInAs } from '../../../test/sign-in';
import { stepResults, steps } from '../../db/schema';
import { impactAnswerWithCost, impactSiblings, linkImpactToBudget } from './budget-link';

const pdfText = (bytes: Buffer) =>
  execFileSync('pdftotext', ['-enc', 'UTF-8', '-', '-'], { input: bytes }).toString('utf8').replace(/\s+/g, ' ');

const names = (it: string, en: string, fr: string) => ({ it, en, fr });
/** Capped at 80,000 requested, overheads at most 10 % of the cost, co-funding at least 20 %. */
const BUDGET = {
  currency: 'EUR',
  periods: ['2027', '2028'],
  maxRequested: 80000,
  minCoFundingShare: 0.2,
  categories: [
    { id: 'staff', name: names('Personale', 'Staff', 'Personnel') },
    { id: 'travel', name: names('Viaggi', 'Travel', 'Déplacements') },
    { id: 'overheads', name: names('Costi indiretti', 'Overheads', 'Frais généraux'), maxShare: 0.1 },
  ],
};

const line = (category: string, description: string, amounts: unknown[]) => ({ category, description, amounts });
const own = (amount: unknown) => ({ source: 'Fondi della cooperativa', kind: 'ownFunds', amount, confirmed: true });

describe('the budget step', () => {
  let t: TestApp;
  let admin: Record<string, string>;
  let anna: Record<string, string>;
  let call: { id: string; stepIds: string[] };
  let framework: TImpactFramework;
  let submissionId: string;
  const versions = new Map<string, number>();
  const budgetStep = () => call.stepIds[0] ?? '';
  const impactStep = () => call.stepIds[1] ?? '';

  const write = async (stepId: string, answer: unknown, headers: Record<string, string> = anna) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/Call/UpsertCallStepResult',
      headers,
      payload: {
        callSubmissionId: submissionId,
        stepId,
        content: JSON.stringify(answer),
        version: versions.get(stepId) ?? 0,
      },
    });
    if (res.statusCode === 200) versions.set(stepId, res.json().version);
    return res;
  };
  const close = (language = 'it') =>
    t.app.inject({
      method: 'POST',
      url: '/api/Call/CloseCallSubmission',
      headers: { ...anna, 'accept-language': language },
      payload: { submissionId },
    });
  const stored = async (stepId: string) => {
    const [row] = await t.database.db
      .select()
      .from(stepResults)
      .where(and(eq(stepResults.callSubmissionId, submissionId), eq(stepResults.stepId, stepId)));
    return row;
  };
  const outcome = (): TMiniDyiOutcome => {
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
          indicatorTargetValue: 50,
          proxyId: p.id,
          proxyName: p.name,
          proxyValue: 1000,
        },
      ],
    };
  };
  const impactAnswer = (budget: number | null) => ({ budget, budgetSpent: 0, sdg: [1], selectedOutcomes: [outcome()] });

  beforeAll(async () => {
    t = await buildTestApp();
    admin = (await signInAs(t.database.db, { email: 'admin@impact.example', roles: ['admin'] })).headers;
    const signedIn = await signInAs(t.database.db, { email: 'anna@ente.example' });
    anna = { ...signedIn.headers, 'x-organization-id': await createOrganization(t.app, signedIn.headers) };
    framework = await createImpactFramework(t.app, admin);
    call = await createCallWithSteps(t.app, admin, [
      { name: 'Piano finanziario', type: 'budget', content: JSON.stringify(BUDGET) },
      { name: 'Impatto', type: 'miniDyi', content: JSON.stringify({ frameworkId: framework.id }) },
    ]);
    const started = await t.app.inject({
      method: 'POST',
      url: '/api/Call/UpsertCallSubmission',
      headers: anna,
      payload: { callId: call.id },
    });
    submissionId = started.json().id;
  });
  afterAll(() => t.close());

  it('the admin cannot save a budget step without periods or with a share above 100 %', async () => {
    const types = (await t.app.inject({ url: '/api/Step/GetStepTypes', headers: admin })).json() as Array<{
      id: string;
      name: string;
    }>;
    const budget = types.find((s) => s.name === 'budget')?.id;
    expect(budget).toBeDefined();
    for (const content of [
      { ...BUDGET, periods: [] },
      { ...BUDGET, categories: [{ id: 'a', name: names('A', 'A', 'A'), maxShare: 1.5 }] },
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/Call/CreateCallType',
        headers: admin,
        payload: {
          name: 'Refused',
          description: 'x',
          steps: [{ name: 'S', description: '', content: JSON.stringify(content), sort: 0, stepTypeId: budget }],
        },
      });
      expect(res.statusCode, res.body).toBe(400);
    }
  });

  it('refuses a negative amount, one above 1e12 and an unknown category (400, translated keys), keeping nothing', async () => {
    const negative = await write(budgetStep(), { lines: [line('staff', 'x', ['-1'])], coFunding: [] });
    expect(negative.statusCode).toBe(400);
    expect(negative.json().errors).toContainEqual(
      expect.objectContaining({ path: 'content.lines.0.amounts.0', messageKey: 'errors.budget.amountNegative' }),
    );
    const huge = await write(budgetStep(), { lines: [], coFunding: [own('1000000000000.01')] });
    expect(huge.statusCode).toBe(400);
    expect(huge.json().errors).toContainEqual(
      expect.objectContaining({ path: 'content.coFunding.0.amount', messageKey: 'errors.budget.amountTooLarge' }),
    );
    const ghost = await write(budgetStep(), { lines: [line('ghost', 'x', ['1'])], coFunding: [] });
    expect(ghost.statusCode).toBe(400);
    expect(ghost.json().errors[0].messageKey).toBe('errors.budget.unknownCategory');
    expect(await stored(budgetStep())).toBeUndefined();
  });

  it('the impact step written before the budget takes the budget as its investment (0 without lines)', async () => {
    const res = await write(impactStep(), impactAnswer(999_999));
    expect(res.statusCode, res.body).toBe(200);
    expect(JSON.parse(res.json().content).budget).toBe(0);
  });

  it('keeps the server’s totals, whatever totals the client sent; GetStepResult returns them', async () => {
    const res = await write(budgetStep(), {
      lines: [
        line('staff', 'Coordinatrice', ['40000', '45000.10']),
        line('travel', 'Trasferte', [0.1, 0.2]),
        line('overheads', '', ['7000', '7999.70']),
      ],
      coFunding: [own('10000')],
      totals: { cost: '1', requested: '0' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const got = await t.app.inject({
      url: `/api/Call/GetStepResult?submissionId=${submissionId}&StepId=${budgetStep()}`,
      headers: anna,
    });
    expect(got.statusCode, got.body).toBe(200);
    const answer = JSON.parse(got.json().content);
    expect(answer.totals).toEqual({
      byCategory: { staff: '85000.10', travel: '0.30', overheads: '14999.70' },
      byPeriod: ['47000.10', '53000.00'],
      cost: '100000.10',
      coFunding: '10000.00',
      requested: '90000.10',
    });
    expect(answer.lines[1].amounts).toEqual(['0.10', '0.20']);
  });

  it('the impact step shows the budget’s total cost as its investment, and its SROI follows a change of a line', async () => {
    const before = await stored(impactStep());
    expect(JSON.parse(before?.content ?? '{}').budget).toBe(100000.1);
    const scoreBefore = before?.score ?? null;
    expect(scoreBefore).not.toBeNull();
    // The budget's write made a new version of the impact answer (an open impact page reloads it).
    expect(before?.version).toBe((versions.get(impactStep()) ?? 0) + 1);
    versions.set(impactStep(), before?.version ?? 0);
    // What the applicant types as the investment is replaced by the budget's cost.
    const typed = await write(impactStep(), impactAnswer(5));
    expect(JSON.parse(typed.json().content).budget).toBe(100000.1);
    const mini = await t.app.inject({
      url: `/api/ImpactFramework/MiniDYI?submissionId=${submissionId}&stepId=${impactStep()}`,
      headers: anna,
    });
    expect(mini.statusCode, mini.body).toBe(200);
    expect(mini.json().answer.budget).toBe(100000.1);
    // Halving a line halves nothing but the cost: the SROI is recomputed on the server.
    const changed = await write(budgetStep(), {
      lines: [line('staff', 'Coordinatrice', ['20000', '25000.10']), line('overheads', '', ['7000', '7999.70'])],
      coFunding: [own('10000')],
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const after = await stored(impactStep());
    expect(JSON.parse(after?.content ?? '{}').budget).toBe(59999.8);
    expect(after?.score).toBeGreaterThan(scoreBefore ?? 0);
    expect(after?.version).toBe((before?.version ?? 0) + 2);
    // Rewritten from the budget, the impact answer names no author: a page meeting this version
    // must not say that whoever last wrote the impact step (or "you") saved it.
    expect(after?.updatedByUserId).toBeNull();
  });

  it('a budget write never puts back an impact answer saved since it read it (the newer one keeps its figures)', async () => {
    const [read] = await impactSiblings(t.database.db, budgetStep(), submissionId);
    if (!read) throw new Error('no impact step');
    // Another tab saves the impact step after the budget's write read it.
    versions.set(impactStep(), read.version ?? 0);
    const newer = impactAnswer(null);
    const indicator = newer.selectedOutcomes[0]?.indicators[0];
    if (indicator) indicator.indicatorTargetValue = 70;
    const saved = await write(impactStep(), newer);
    expect(saved.statusCode, saved.body).toBe(200);
    const before = await stored(impactStep());
    // The rewrite from the older read writes nothing and says so ...
    expect(await impactAnswerWithCost(t.database.db, read, 1234, { submissionId })).toBe(false);
    expect(await stored(impactStep())).toEqual(before);
    // ... and read again, it keeps the newer answer with the cost.
    const [again] = await impactSiblings(t.database.db, budgetStep(), submissionId);
    if (!again) throw new Error('no impact step');
    // Its new version, which the pages open on the impact step are told.
    expect(await impactAnswerWithCost(t.database.db, again, 1234, { submissionId })).toBe((again.version ?? 0) + 1);
    const after = JSON.parse((await stored(impactStep()))?.content ?? '{}');
    expect(after.budget).toBe(1234);
    expect(after.selectedOutcomes[0].indicators[0].indicatorTargetValue).toBe(70);
  });

  it('a budget rewrite that runs after a later budget save gives the impact step the cost stored, not its own', async () => {
    const [step] = await t.database.db.select().from(steps).where(eq(steps.id, budgetStep()));
    if (!step) throw new Error('no budget step');
    const storedCost = budgetCostOf(step.content, (await stored(budgetStep()))?.content);
    expect(storedCost).toBe(59999.8);
    // An earlier save's answer (cost 10), whose rewrite comes last: it must not win.
    const earlier = JSON.stringify({ lines: [line('staff', 'Coordinatrice', ['10', '0'])], coFunding: [] });
    await linkImpactToBudget(t.database.db, { ...step, stepType: { name: 'budget' } } as unknown as TStep, earlier, {
      submissionId,
    });
    expect(JSON.parse((await stored(impactStep()))?.content ?? '{}').budget).toBe(storedCost);
  });

  it('Submit is refused naming each problem, in the applicant’s language', async () => {
    // cost 59,999.80: requested 49,999.80 is within the cap here; put it above.
    const over = await write(budgetStep(), {
      lines: [line('staff', 'Coordinatrice', ['50000', '40000']), line('overheads', '', ['10000.01', '0'])],
      coFunding: [own('10000')],
    });
    expect(over.statusCode, over.body).toBe(200);
    const refused = await close('it');
    expect(refused.statusCode).toBe(400);
    const errors = refused.json().errors as Array<{
      path: string;
      messageKey: string;
      params?: Record<string, string>;
    }>;
    expect(errors.map((e) => e.messageKey)).toEqual([
      'errors.budget.lineWithoutDescription',
      'errors.budget.requestedAboveMax',
      'errors.budget.categoryAboveShare',
      'errors.budget.coFundingBelowShare',
    ]);
    expect(errors[0]?.path).toBe(`${budgetStep()}.lines.1.description`);
    expect(errors[1]?.params?.maximum).toBe('80.000,00\u00a0€');
    expect(errors[2]?.params?.category).toBe('Costi indiretti');
    const english = (await close('en')).json().errors as typeof errors;
    expect(english[2]?.params?.category).toBe('Overheads');
    expect(english[1]?.params?.maximum).toBe('€80,000.00');
  });

  it('saves a co-funding source whose kind is not chosen, and refuses Submit naming its kind', async () => {
    const unchosen = await write(budgetStep(), {
      lines: [
        line('staff', 'Coordinatrice', ['45000', '40000']),
        line('travel', 'Trasferte', ['2500', '2500']),
        line('overheads', 'Affitto della sede', ['5000', '5000']),
      ],
      coFunding: [own('15000'), { source: 'Regione', kind: null, amount: '5000', confirmed: false }],
    });
    // The draft keeps it as typed: nothing the applicant wrote is lost.
    expect(unchosen.statusCode, unchosen.body).toBe(200);
    expect(JSON.parse(unchosen.json().content).coFunding[1]).toMatchObject({ source: 'Regione', kind: null });
    const refused = await close('en');
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().errors).toEqual([
      {
        path: `${budgetStep()}.coFunding.1.kind`,
        messageKey: 'errors.budget.coFundingWithoutKind',
        params: { source: 2 },
      },
    ]);
  });

  it('closes once fixed (overheads exactly at 10 %, co-funding exactly 20 %, requested exactly 80,000)', async () => {
    const fixed = await write(budgetStep(), {
      lines: [
        line('staff', 'Coordinatrice', ['45000', '40000']),
        line('travel', 'Trasferte', ['2500', '2500']),
        line('overheads', 'Affitto della sede', ['5000', '5000']),
      ],
      coFunding: [own('15000'), { source: 'Fondazione', kind: 'otherFunders', amount: '5000', confirmed: false }],
    });
    expect(fixed.statusCode, fixed.body).toBe(200);
    expect(JSON.parse(fixed.json().content).totals.requested).toBe('80000.00');
    const closed = await close();
    expect(closed.statusCode, closed.body).toBe(200);
  });

  it('a request reopening the budget alone cannot bring the cost under what the frozen impact step says is spent', async () => {
    const fixedBudget = (await stored(budgetStep()))?.content ?? '';
    const impactRow = await stored(impactStep());
    const spent = (budgetSpent: number) =>
      t.database.db
        .update(stepResults)
        .set({ content: JSON.stringify({ ...JSON.parse(impactRow?.content ?? '{}'), budgetSpent }) })
        .where(and(eq(stepResults.callSubmissionId, submissionId), eq(stepResults.stepId, impactStep())));
    // 60,000 already spent of the 100,000 submitted.
    await spent(60000);
    try {
      const requested = await t.app.inject({
        method: 'POST',
        url: '/api/CallSubmission/RequestChanges',
        headers: admin,
        payload: {
          submissionId,
          stepIds: [budgetStep()],
          message: 'Rivedete il piano.',
          dueAt: new Date(Date.now() + 86_400_000).toISOString(),
        },
      });
      expect(requested.statusCode, requested.body).toBe(200);
      const lower = await write(budgetStep(), {
        lines: [
          line('staff', 'Coordinatrice', ['20000', '20000']),
          line('travel', 'Trasferte', ['2500', '2500']),
          line('overheads', 'Affitto della sede', ['2500', '2500']),
        ],
        coFunding: [own('10000')],
      });
      expect(lower.statusCode, lower.body).toBe(200);
      const refused = await close('en');
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json().messageKey).toBe('errors.budget.belowSpent');
      expect(refused.json().errors).toEqual([
        { path: `${impactStep()}.budgetSpent`, messageKey: 'errors.impact.spentOverBudget' },
      ]);
      // The whole budget back: submitted again.
      const { totals: _, ...fixed } = JSON.parse(fixedBudget);
      expect((await write(budgetStep(), fixed)).statusCode).toBe(200);
      const answered = await close();
      expect(answered.statusCode, answered.body).toBe(200);
    } finally {
      // Whatever failed above, the tests after this one find the answer as it was.
      await spent(0);
    }
  });

  it('GetAllAnswerForPdf, the PDF and the exports carry the totals', async () => {
    const data = await t.app.inject({
      url: `/api/Call/GetAllAnswerForPdf?callId=${call.id}&submissionId=${submissionId}`,
      headers: anna,
    });
    expect(data.statusCode, data.body).toBe(200);
    const section = data.json().sectionsForPDF.find((s: { stepId: string }) => s.stepId === budgetStep());
    expect(JSON.parse(section.answers).totals).toMatchObject({
      cost: '100000.00',
      coFunding: '20000.00',
      requested: '80000.00',
    });
    const impact = data.json().miniDyi.find((d: { stepId: string }) => d.stepId === impactStep());
    expect(impact.budget).toBe(100000);

    const pdf = await t.app.inject({
      url: `/api/Call/GetSubmissionPdf?submissionId=${submissionId}&lang=it`,
      headers: anna,
    });
    expect(pdf.statusCode, pdf.body).toBe(200);
    const text = pdfText(pdf.rawPayload);
    for (const expected of [
      'Piano finanziario',
      'Personale',
      'Coordinatrice',
      '2027',
      '2028',
      '45.000,00 €',
      'Costi indiretti',
      'Costo totale',
      '100.000,00 €',
      'Cofinanziamento',
      '20.000,00 €',
      'Contributo richiesto',
      '80.000,00 €',
      // The impact step's investment, the budget's cost, written as money (with its cents) and
      // named as what it is: not an amount asked for, which is the contribution above.
      'Costo totale: 100.000,00 €',
    ])
      expect(text).toContain(expected);
    expect(text).not.toContain('Budget richiesto');
    // A confirmed co-funding in words: the PDF's font has no check mark (it printed a box).
    const french = await t.app.inject({
      url: `/api/Call/GetSubmissionPdf?submissionId=${submissionId}&lang=fr`,
      headers: anna,
    });
    // French typography: a space before the colon.
    expect(pdfText(french.rawPayload)).toContain('Coût total : 100 000,00 €');
    expect(pdfText(french.rawPayload)).toMatch(/Fondi della cooperativa Fonds propres oui 15 000,00 €/);

    const csv = await t.app.inject({
      url: `/api/Report/ExportSubmissions?callId=${call.id}&format=csv&language=it`,
      headers: admin,
    });
    expect(csv.statusCode, csv.body).toBe(200);
    const [header = '', row = ''] = csv.rawPayload.subarray(3).toString('utf8').trim().split(/\r?\n/);
    const cells = header.split(',');
    const cell = (name: string) => row.split(',')[cells.indexOf(name)];
    expect(cell('Piano finanziario · costo totale')).toBe('100000');
    expect(cell('Piano finanziario · cofinanziamento')).toBe('20000');
    expect(cell('Piano finanziario · contributo richiesto')).toBe('80000');

    const xlsx = await t.app.inject({
      url: `/api/Report/ExportSubmissions?callId=${call.id}&format=xlsx&language=en`,
      headers: admin,
    });
    expect(xlsx.statusCode, xlsx.body).toBe(200);
    const book = XLSX.read(xlsx.rawPayload, { type: 'buffer' });
    expect(book.SheetNames).toHaveLength(2);
    expect(book.SheetNames[1]).toBe('Budget lines');
    const linesSheet = book.Sheets[book.SheetNames[1] ?? ''];
    if (!linesSheet) throw new Error('no sheet of lines');
    const lines = XLSX.utils.sheet_to_json<unknown[]>(linesSheet, { header: 1 });
    expect(lines[0]).toEqual([
      'submission',
      'organization',
      'step',
      'category',
      'description',
      '2027',
      '2028',
      'total',
    ]);
    expect(lines).toHaveLength(4);
    expect(lines[1]).toEqual([
      submissionId,
      expect.any(String),
      'Piano finanziario',
      'Staff',
      'Coordinatrice',
      45000,
      40000,
      85000,
    ]);
    const main = book.Sheets[book.SheetNames[0] ?? ''];
    if (!main) throw new Error('no sheet');
    const [head = [], first = []] = XLSX.utils.sheet_to_json<unknown[]>(main, { header: 1 });
    expect(first[head.indexOf('Piano finanziario · contribution requested')]).toBe(80000);
  });

  it('an accepted decision makes a grant of the requested amount, not the cost, in the budget’s currency', async () => {
    // The call's budget is in pounds: the grant is too (its terms, tranches and letter say £).
    const [budget] = await t.database.db.select().from(steps).where(eq(steps.id, budgetStep()));
    await t.database.db
      .update(steps)
      .set({ content: JSON.stringify({ ...JSON.parse(budget?.content ?? '{}'), currency: 'GBP' }) })
      .where(eq(steps.id, budgetStep()));
    // Another step whose content is not JSON (a results step's is empty) does not trouble it.
    const [impact] = await t.database.db.select().from(steps).where(eq(steps.id, impactStep()));
    await t.database.db.update(steps).set({ content: '' }).where(eq(steps.id, impactStep()));
    const decided = await t.app.inject({
      method: 'POST',
      url: '/api/Review/RecordDecisions',
      headers: admin,
      payload: { callId: call.id, items: [{ submissionId, outcome: 'accepted', message: '' }] },
    });
    expect(decided.statusCode, decided.body).toBe(200);
    const grants = (await t.app.inject({ url: `/api/Grant/GetGrants?callId=${call.id}`, headers: admin })).json();
    expect(grants).toMatchObject([{ submissionId, amount: 80000, currency: 'GBP', status: 'draft' }]);
    await t.database.db
      .update(steps)
      .set({ content: impact?.content ?? '' })
      .where(eq(steps.id, impactStep()));
  });
});
