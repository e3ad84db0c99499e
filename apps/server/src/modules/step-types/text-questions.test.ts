import { execFileSync } from 'node:child_process';
import { type TCall, ZCall } from '@impact/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createCallWithSteps, createOrganization } from '../../../test/fixtures';
import { signInAs } from '../../../test/sign-in';
import { stepResults } from '../../db/schema';

const pdfText = (bytes: Buffer) =>
  execFileSync('pdftotext', ['-enc', 'UTF-8', '-', '-'], { input: bytes }).toString('utf8').replace(/\s+/g, ' ');

/** A page of short answers: two required questions with limits, one optional with help. */
const SEVERAL = {
  question: '<p>Poche risposte brevi.</p>',
  questions: [
    { id: 'title', label: 'Titolo del progetto', maxLength: 40, required: true },
    { id: 'months', label: 'Durata in mesi', help: 'Da 6 a 24', maxLength: 5, required: true, kind: 'number' },
    { id: 'team', label: 'Il gruppo di lavoro', required: false },
  ],
};
/** A text step as every step was before it could ask several questions. */
const ONE = { question: '<p>Descrivete il progetto</p>', maxLength: 30 };

describe('a text step with several questions, beside one of the original shape', () => {
  let t: TestApp;
  let admin: Record<string, string>;
  let anna: Record<string, string>;
  let call: { id: string; stepIds: string[] };
  let submissionId: string;
  const several = () => call.stepIds[0] ?? '';
  const one = () => call.stepIds[1] ?? '';

  const write = (stepId: string, answer: unknown, version = 0) =>
    t.app.inject({
      method: 'POST',
      url: '/api/Call/UpsertCallStepResult',
      headers: anna,
      payload: { callSubmissionId: submissionId, stepId, content: JSON.stringify(answer), version },
    });
  const close = () =>
    t.app.inject({ method: 'POST', url: '/api/Call/CloseCallSubmission', headers: anna, payload: { submissionId } });
  const stored = async (stepId: string) => {
    const [row] = await t.database.db
      .select()
      .from(stepResults)
      .where(and(eq(stepResults.callSubmissionId, submissionId), eq(stepResults.stepId, stepId)));
    return row;
  };

  beforeAll(async () => {
    t = await buildTestApp();
    admin = (await signInAs(t.database.db, { email: 'admin@impact.example', roles: ['admin'] })).headers;
    const signedIn = await signInAs(t.database.db, { email: 'anna@ente.example' });
    anna = { ...signedIn.headers, 'x-organization-id': await createOrganization(t.app, signedIn.headers) };
    call = await createCallWithSteps(t.app, admin, [
      { name: 'In breve', type: 'text', content: JSON.stringify(SEVERAL) },
      { name: 'Il progetto', type: 'text', content: JSON.stringify(ONE) },
    ]);
    // English for the first step's questions; French left out (Italian is shown).
    const full: TCall = ZCall.parse(
      (await t.app.inject({ url: `/api/Call/GetCallByIdAdmin?callId=${call.id}`, headers: admin })).json(),
    );
    const english = [
      {
        en: {
          name: 'In short',
          question: '<p>A few short answers.</p>',
          questions: {
            title: { label: 'Project title' },
            months: { label: 'Months', help: 'From 6 to 24' },
            team: { label: '  ' },
          },
        },
      },
      {},
    ];
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/Call/UpdateCall',
      headers: admin,
      payload: {
        id: full.id,
        name: full.name,
        description: full.description,
        openingAt: full.openingAt,
        closingAt: full.closingAt,
        callTypeId: full.callTypeId,
        callType: {
          id: full.callTypeId,
          name: 'Type',
          description: 'Type',
          steps: full.steps.map(({ stepType: _type, ...s }, i) => ({ ...s, translations: english[i] })),
        },
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const started = await t.app.inject({
      method: 'POST',
      url: '/api/Call/UpsertCallSubmission',
      headers: anna,
      payload: { callId: call.id },
    });
    submissionId = started.json().id;
  });
  afterAll(() => t.close());

  it('an admin reads every language of the questions; a blank label is dropped on save', async () => {
    const full = ZCall.parse(
      (await t.app.inject({ url: `/api/Call/GetCallByIdAdmin?callId=${call.id}`, headers: admin })).json(),
    );
    expect(full.steps[0]?.translations.en?.questions).toEqual({
      title: { label: 'Project title' },
      months: { label: 'Months', help: 'From 6 to 24' },
    });
  });

  it('the applicant reads the questions in the language asked, the default where one is missing', async () => {
    const read = async (language: string) =>
      (
        await t.app.inject({
          url: `/api/Call/GetCallById?callId=${call.id}`,
          headers: { ...anna, 'accept-language': language },
        })
      ).json().steps[0].content;
    const english = JSON.parse(await read('en'));
    expect(english.question).toBe('<p>A few short answers.</p>');
    expect(english.questions.map((q: { label: string }) => q.label)).toEqual([
      'Project title',
      'Months',
      'Il gruppo di lavoro',
    ]);
    expect(english.questions[1].help).toBe('From 6 to 24');
    const french = JSON.parse(await read('fr'));
    expect(french.questions.map((q: { label: string }) => q.label)).toEqual(SEVERAL.questions.map((q) => q.label));
  });

  it('refuses two questions with one id and a question without a label, and saves nothing', async () => {
    const types = (await t.app.inject({ url: '/api/Step/GetStepTypes', headers: admin })).json() as Array<{
      id: string;
      name: string;
    }>;
    const text = types.find((s) => s.name === 'text')?.id;
    for (const questions of [
      [
        { id: 'a', label: 'A', required: true },
        { id: 'a', label: 'B', required: true },
      ],
      [{ id: 'a', label: '', required: true }],
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/Call/CreateCallType',
        headers: admin,
        payload: {
          name: 'Refused',
          description: 'x',
          steps: [{ name: 'S', description: '', content: JSON.stringify({ questions }), sort: 0, stepTypeId: text }],
        },
      });
      expect(res.statusCode, res.body).toBe(400);
    }
  });

  it('refuses an answer to a question the step does not ask, and one over its question’s limit, keeping nothing', async () => {
    const unknown = await write(several(), { answers: { title: 'Orti', budget: '100' } });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toContainEqual(
      expect.objectContaining({ path: 'content.answers.budget', messageKey: 'errors.textStep.unknownQuestion' }),
    );
    const tooLong = await write(several(), { answers: { title: 'Orti', months: '123456' } });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().errors).toContainEqual(
      expect.objectContaining({
        path: 'content.answers.months',
        messageKey: 'errors.field.tooBig',
        params: { maximum: 5 },
      }),
    );
    // The one-question step keeps its limit as before.
    expect((await write(one(), { answer: 'x'.repeat(31) })).statusCode).toBe(400);
    expect(await stored(several())).toBeUndefined();
  });

  it('Submit is refused for each required question left blank, not for the optional one', async () => {
    const saved = await write(several(), { answers: { title: 'Orti in città', team: '' } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(JSON.parse((await stored(several()))?.content ?? '')).toEqual({
      answers: { title: 'Orti in città', team: '' },
    });
    const oneSaved = await write(one(), { answer: 'Un orto per il quartiere' });
    expect(oneSaved.statusCode, oneSaved.body).toBe(200);
    // The original shape is stored as it always was.
    expect(JSON.parse((await stored(one()))?.content ?? '')).toEqual({ answer: 'Un orto per il quartiere' });
    const refused = await close();
    expect(refused.statusCode).toBe(400);
    const paths = refused.json().errors.map((e: { path: string }) => e.path);
    expect(paths).toEqual([`${several()}.months`]);
  });

  it('closes once they are answered; the export has one column per question, the PDF one block per question', async () => {
    expect((await write(several(), { answers: { title: 'Orti in città', months: '12' } }, 1)).statusCode).toBe(200);
    const closed = await close();
    expect(closed.statusCode, closed.body).toBe(200);

    const res = await t.app.inject({
      url: `/api/Report/ExportSubmissions?callId=${call.id}&format=csv&language=it`,
      headers: admin,
    });
    expect(res.statusCode, res.body).toBe(200);
    const [header = '', row = ''] = res.rawPayload.subarray(3).toString('utf8').trim().split(/\r?\n/);
    const cells = header.split(',');
    const at = (name: string) => cells.indexOf(name);
    expect(at('In breve · Titolo del progetto')).toBeGreaterThan(0);
    expect(at('In breve · Durata in mesi')).toBeGreaterThan(0);
    expect(at('In breve · Il gruppo di lavoro')).toBeGreaterThan(0);
    expect(row.split(',')[at('In breve · Titolo del progetto')]).toBe('Orti in città');
    expect(row.split(',')[at('In breve · Durata in mesi')]).toBe('12');
    // The one-question step: one column under the step's name, as before.
    expect(row.split(',')[at('Il progetto')]).toBe('Un orto per il quartiere');

    // In English, the headers are the English labels (the optional question's falls back to Italian).
    const english = await t.app.inject({
      url: `/api/Report/ExportSubmissions?callId=${call.id}&format=csv&language=en`,
      headers: admin,
    });
    const englishHeader = english.rawPayload.subarray(3).toString('utf8').split(/\r?\n/)[0] ?? '';
    expect(englishHeader).toContain('In short · Project title');
    expect(englishHeader).toContain('In short · Il gruppo di lavoro');

    const pdf = async (lang: string) => {
      const got = await t.app.inject({
        url: `/api/Call/GetSubmissionPdf?submissionId=${submissionId}&lang=${lang}`,
        headers: anna,
      });
      expect(got.statusCode, got.body).toBe(200);
      return pdfText(got.rawPayload);
    };
    const italian = await pdf('it');
    for (const text of [
      'Poche risposte brevi.',
      'Titolo del progetto',
      'Orti in città',
      'Durata in mesi',
      'Da 6 a 24',
      '12',
    ]) {
      expect(italian).toContain(text);
    }
    // The optional question left blank says so; the one-question step reads as before.
    expect(italian).toMatch(/Il gruppo di lavoro \S+ /);
    expect(italian).toContain('Descrivete il progetto Un orto per il quartiere');
    const englishPdf = await pdf('en');
    expect(englishPdf).toContain('Project title Orti in città');
    expect(englishPdf).toContain('Months From 6 to 24 12');
  });

  it('a number question takes digits only; an answer kept from before it asked for a number stays until mended', async () => {
    // Another organization's application: this one was sent by the test before.
    const signedIn = await signInAs(t.database.db, { email: 'bruno@ente.example' });
    const bruno = { ...signedIn.headers, 'x-organization-id': await createOrganization(t.app, signedIn.headers) };
    const started = await t.app.inject({
      method: 'POST',
      url: '/api/Call/UpsertCallSubmission',
      headers: bruno,
      payload: { callId: call.id },
    });
    const brunoSubmission: string = started.json().id;
    const writeAsBruno = (answers: Record<string, string>, version: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/Call/UpsertCallStepResult',
        headers: bruno,
        payload: {
          callSubmissionId: brunoSubmission,
          stepId: several(),
          content: JSON.stringify({ answers }),
          version,
        },
      });
    const keptRow = () =>
      t.database.db
        .select()
        .from(stepResults)
        .where(and(eq(stepResults.callSubmissionId, brunoSubmission), eq(stepResults.stepId, several())));

    const word = await writeAsBruno({ title: 'Orti', months: 'nove' }, 0);
    expect(word.statusCode).toBe(400);
    expect(word.json().errors).toEqual([
      expect.objectContaining({ path: 'content.answers.months', messageKey: 'errors.textStep.notANumber' }),
    ]);
    expect(await keptRow()).toEqual([]);
    expect((await writeAsBruno({ title: 'Orti', months: '12' }, 0)).statusCode).toBe(200);

    // An answer written when the question took any text: saving the others beside it keeps it.
    await t.database.db
      .update(stepResults)
      .set({ content: JSON.stringify({ answers: { title: 'Orti', months: 'nove' } }) })
      .where(and(eq(stepResults.callSubmissionId, brunoSubmission), eq(stepResults.stepId, several())));
    const beside = await writeAsBruno({ title: 'Orti urbani', months: 'nove' }, 1);
    expect(beside.statusCode, beside.body).toBe(200);
    const [row] = await keptRow();
    expect(JSON.parse(row?.content ?? '')).toEqual({ answers: { title: 'Orti urbani', months: 'nove' } });
    // Changed to another word, it is refused as any new one.
    expect((await writeAsBruno({ title: 'Orti urbani', months: 'otto' }, 2)).statusCode).toBe(400);
    // A tab that still shows an older version hears of the newer answer (409), not of the number.
    const stale = await writeAsBruno({ title: 'Orti', months: 'dieci' }, 1);
    expect(stale.statusCode, stale.body).toBe(409);
    // A version ahead of the stored one is checked as any write: it cannot slip a word in.
    expect((await writeAsBruno({ title: 'Orti urbani', months: 'sette' }, 3)).statusCode).toBe(400);
  });
});
