import * as XLSX from '@e965/xlsx';
import { QUIZ_TEMPLATE, ZSurveyReport } from '@impact/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { answerAndClose, createCallWithSteps, createOrganization } from '../../../test/fixtures';
import { signInAs } from '../../../test/sign-in';

type Who = Awaited<ReturnType<typeof signInAs>>;

/** A survey question whose choices have a text per language: the export shows the texts, not the codes. */
const SURVEY_MODEL = {
  elements: [
    {
      type: 'checkbox',
      name: 'needs',
      title: { default: 'Needs', it: 'Bisogni', fr: 'Besoins' },
      choices: [
        { value: 'money', text: { default: 'Money', it: 'Denaro', fr: 'Argent' } },
        { value: 'people', text: { default: 'People', it: 'Persone', fr: 'Personnes' } },
      ],
    },
  ],
};

/** 8 of the 12 questions right (the template's key is "a" everywhere). */
const QUIZ_ANSWER = Object.fromEntries(
  Array.from({ length: 12 }, (_, i) => [`q${i + 1}`, i === 1 ? 'b' : i === 2 || i === 3 || i === 4 ? 'c' : 'a']),
);

/** Tiny CSV reader for the export's own output (quoted fields, doubled quotes, CRLF rows). */
function parseCsv(text: string): string[][] {
  const out: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n' || (c === '\r' && text[i + 1] === '\n')) {
      if (c === '\r') i++;
      row.push(field);
      out.push(row);
      row = [];
      field = '';
    } else field += c;
  }
  if (field || row.length) out.push([...row, field]);
  return out;
}

/** Quiz steps in the exports (each question's chosen text, the score) and in the survey report. */
describe('quiz in the exports and the survey report', () => {
  let t: TestApp;
  let admin: Who;
  let call: { id: string; stepIds: string[] };

  beforeAll(async () => {
    t = await buildTestApp();
    admin = await signInAs(t.database.db, { email: 'admin@ente.example', roles: ['admin'] });
    call = await createCallWithSteps(t.app, admin.headers, [
      { name: 'Bisogni', type: 'survey', content: JSON.stringify(SURVEY_MODEL) },
      { name: 'Quiz', type: 'quiz', content: JSON.stringify(QUIZ_TEMPLATE) },
    ]);
    const anna = await signInAs(t.database.db, { email: 'anna@ente.example' });
    const org = await createOrganization(t.app, anna.headers, 'Aurora');
    const answers = [{ needs: ['money', 'people'] }, QUIZ_ANSWER];
    await answerAndClose(
      t.app,
      anna.headers,
      org,
      call.id,
      Object.fromEntries(answers.map((answer, i) => [call.stepIds[i] ?? '', JSON.stringify(answer)])),
    );
  });
  afterAll(async () => {
    await t.close();
  });

  const get = (url: string) => t.app.inject({ url, headers: admin.headers });
  const csv = async (language: string) => {
    const res = await get(`/api/Report/ExportSubmissions?callId=${call.id}&format=csv&language=${language}`);
    expect(res.statusCode, res.body).toBe(200);
    const [header = [], row = []] = parseCsv(res.rawPayload.subarray(3).toString('utf8'));
    return { header, row, cell: (name: string) => row[header.indexOf(name)] };
  };

  it('CSV: one column per quiz question with the chosen text, and the score, in the export language', async () => {
    const it_ = await csv('it');
    const quizHeaders = it_.header.filter((h) => h.startsWith('Quiz · '));
    expect(quizHeaders).toEqual([
      ...Array.from({ length: 12 }, (_, i) => `Quiz · Domanda ${i + 1}`),
      'Quiz · punteggio (risposte corrette ÷ domande)',
    ]);
    expect(it_.cell('Quiz · Domanda 1')).toBe('Risposta A');
    expect(it_.cell('Quiz · Domanda 2')).toBe('Risposta B');
    expect(it_.cell('Quiz · Domanda 3')).toBe('Risposta C');
    expect(it_.cell('Quiz · punteggio (risposte corrette ÷ domande)')).toBe('0.667');
    // Survey choices are texts too, not their codes.
    expect(it_.cell('Bisogni · Bisogni')).toBe('Denaro; Persone');

    const en = await csv('en');
    expect(en.cell('Quiz · Question 2')).toBe('Answer B');
    expect(en.cell('Quiz · score (correct answers ÷ questions)')).toBe('0.667');
    expect(en.cell('Bisogni · Needs')).toBe('Money; People');
    const fr = await csv('fr');
    expect(fr.cell('Quiz · Question 3')).toBe('Réponse C');
    expect(fr.cell('Quiz · score (bonnes réponses ÷ questions)')).toBe('0.667');
  });

  it('XLSX: the same columns, the score a number', async () => {
    const res = await get(`/api/Report/ExportSubmissions?callId=${call.id}&format=xlsx&language=en`);
    expect(res.statusCode).toBe(200);
    const book = XLSX.read(res.rawPayload, { type: 'buffer' });
    const sheet = book.Sheets[book.SheetNames[0] ?? ''];
    if (!sheet) throw new Error('no sheet');
    const [header = [], row = []] = XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1 });
    const cell = (name: string) => row[header.indexOf(name)];
    expect(header.filter((h) => String(h).startsWith('Quiz · '))).toHaveLength(13);
    expect(cell('Quiz · Question 1')).toBe('Answer A');
    expect(cell('Quiz · Question 5')).toBe('Answer C');
    expect(cell('Quiz · score (correct answers ÷ questions)')).toBe(0.667);
  });

  it('the survey report lists the quiz step and charts its questions', async () => {
    const list = (await get(`/api/Report/GetSurveySteps?callId=${call.id}`)).json();
    expect(list.steps.map((s: { stepId: string; name: string }) => [s.stepId, s.name])).toEqual([
      [call.stepIds[0], 'Bisogni'],
      [call.stepIds[1], 'Quiz'],
    ]);
    const res = await get(`/api/Report/GetSurveyReport?callId=${call.id}&stepId=${call.stepIds[1]}`);
    expect(res.statusCode, res.body).toBe(200);
    const report = ZSurveyReport.parse(res.json());
    expect(report).toMatchObject({ stepName: 'Quiz', validModel: true, submissions: 1 });
    expect(report.questions).toHaveLength(12);
    const q2 = report.questions.find((q) => q.name === 'q2');
    if (q2?.kind !== 'choice') throw new Error('q2 is not charted as a choice');
    expect(q2.choices.map((c) => [c.value, c.count])).toEqual([
      ['a', 0],
      ['b', 1],
      ['c', 0],
    ]);
  });
});
