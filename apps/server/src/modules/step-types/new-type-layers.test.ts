import { execFileSync } from 'node:child_process';
import { registerStepType, ZSurveyReport } from '@impact/domain';
import {
  DATE_QUESTION,
  dateAnswerOf,
  dateQuestionStepType,
  ZDateAnswer,
  ZDateQuestionContent,
} from '@impact/domain/testing/date-question';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createCallWithSteps, createOrganization } from '../../../test/fixtures';
import { signInAs } from '../../../test/sign-in';
import { submissionRecords } from '../../db/schema';
import { invalid } from '../../lib/app-error';
import { renderPdf } from '../pdf/render';
import { registerSectionRenderer } from '../pdf/section-renderers';
import { redactExportData } from '../review/redact';
import { registerServerStepType } from '.';
import { parseAnswer } from './invalid-answer';
import { keepContent } from './types';

/*
 * Adding a step type is one module per layer: here a date question, which the product does not
 * ship, gets its domain definition, its server module and its PDF section, and nothing else. The
 * checks below find it on the write side (the answer's shape, what keeps a submission open) and
 * on every read side (the export, the survey report, the frozen record, the blind reviewer's copy,
 * the PDF). The web app's layer has its own test (apps/web/src/app/step-types/new-type-layers.test.tsx).
 */
const longDate = (iso: string, language: string) =>
  new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${iso}T00:00:00Z`));

registerStepType(dateQuestionStepType);
registerServerStepType({
  name: DATE_QUESTION,
  async write(_db, _step, content) {
    const answer = parseAnswer(ZDateAnswer, content);
    if (answer.date < '2000-01-01') throw invalid([{ path: 'content', messageKey: 'errors.field.invalid' }]);
    return { content: JSON.stringify(answer), score: null };
  },
  missing: async (_db, step, content) =>
    dateAnswerOf(content) ? [] : [{ path: step.id, messageKey: 'errors.submissions.textMissing' }],
  prepareContent: keepContent,
  exportColumns: (step) => [
    {
      header: step.name,
      value: (ctx) => dateAnswerOf(ctx.answers.get(step.id))?.date ?? null,
    },
  ],
  report: {
    questions: (content) => {
      const parsed = ZDateQuestionContent.safeParse(JSON.parse(content));
      return parsed.success ? [{ kind: 'text', name: 'date', title: parsed.data.question }] : null;
    },
  },
});
registerSectionRenderer(DATE_QUESTION, (section, ctx) => {
  const answer = dateAnswerOf(section.answers);
  return [{ text: answer ? longDate(answer.date, ctx.language) : ctx.labels.noAnswer }];
});

describe('a step type added in one module per layer', () => {
  let t: TestApp;
  let call: { id: string; stepIds: string[] };
  let admin: Awaited<ReturnType<typeof signInAs>>;
  let applicant: Record<string, string>;
  let submissionId: string;
  const stepId = () => call.stepIds[0] ?? '';

  beforeAll(async () => {
    t = await buildTestApp();
    admin = await signInAs(t.database.db, { email: 'admin@ente.example', roles: ['admin'] });
    // The type's row, as an admin adds a type; its behaviour comes from the modules registered above.
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/Step/CreateStepType',
      headers: admin.headers,
      payload: { name: DATE_QUESTION },
    });
    expect(created.statusCode, created.body).toBeLessThan(300);
    call = await createCallWithSteps(t.app, admin.headers, [
      { name: 'Avvio del progetto', type: DATE_QUESTION, content: JSON.stringify({ question: 'Quando inizia?' }) },
    ]);
    const anna = await signInAs(t.database.db, { email: 'anna@ente.example' });
    const org = await createOrganization(t.app, anna.headers, 'Cooperativa Aurora');
    applicant = { ...anna.headers, 'x-organization-id': org };
    const started = await t.app.inject({
      method: 'POST',
      url: '/api/Call/UpsertCallSubmission',
      headers: applicant,
      payload: { callId: call.id },
    });
    submissionId = started.json().id;
  });
  afterAll(async () => {
    await t.close();
  });

  const write = (content: string, version: number) =>
    t.app.inject({
      method: 'POST',
      url: '/api/Call/UpsertCallStepResult',
      headers: applicant,
      payload: { callSubmissionId: submissionId, stepId: stepId(), content, version },
    });
  const close = () =>
    t.app.inject({
      method: 'POST',
      url: '/api/Call/CloseCallSubmission',
      headers: applicant,
      payload: { submissionId },
    });

  it('write side: the server module checks the answer and keeps the submission open without one', async () => {
    expect((await close()).statusCode).toBe(400);
    expect((await write(JSON.stringify({ date: 'soon' }), 0)).statusCode).toBe(400);
    expect((await write(JSON.stringify({ date: '1999-12-31' }), 0)).statusCode).toBe(400);
    const saved = await write(JSON.stringify({ date: '2026-12-01', extra: 'dropped' }), 0);
    expect(saved.statusCode, saved.body).toBe(200);
    const closed = await close();
    expect(closed.statusCode, closed.body).toBe(200);
  });

  it('the export gives the column its module declares', async () => {
    const res = await t.app.inject({
      url: `/api/Report/ExportSubmissions?callId=${call.id}&format=csv&language=it`,
      headers: admin.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    const [header = '', row = ''] = res.rawPayload.subarray(3).toString('utf8').trim().split(/\r?\n/);
    const column = header.split(',').indexOf('Avvio del progetto');
    expect(column).toBeGreaterThan(0);
    expect(row.split(',')[column]).toBe('2026-12-01');
  });

  it('the survey report lists the step and reads its answers as its module says', async () => {
    const list = (
      await t.app.inject({ url: `/api/Report/GetSurveySteps?callId=${call.id}`, headers: admin.headers })
    ).json();
    expect(list.steps.map((s: { name: string }) => s.name)).toEqual(['Avvio del progetto']);
    const res = await t.app.inject({
      url: `/api/Report/GetSurveyReport?callId=${call.id}&stepId=${stepId()}`,
      headers: admin.headers,
    });
    const report = ZSurveyReport.parse(res.json());
    const question = report.questions[0];
    if (question?.kind !== 'text') throw new Error('the date question is not charted as a text');
    expect(question.answers.map((a) => a.text)).toEqual(['2026-12-01']);
  });

  it('the frozen record, the blind copy and the PDF carry it, the PDF in the words of its section', async () => {
    const [record] = await t.database.db
      .select()
      .from(submissionRecords)
      .where(eq(submissionRecords.callSubmissionId, submissionId));
    if (!record) throw new Error('no record');
    const section = record.data.sectionsForPDF.find((s) => s.stepId === stepId());
    expect(section).toMatchObject({ stepType: DATE_QUESTION, answers: JSON.stringify({ date: '2026-12-01' }) });
    const blind = redactExportData(record.data, { strings: [], fileNames: new Map() });
    expect(blind.orgName).not.toContain('Aurora');
    expect(blind.sectionsForPDF.find((s) => s.stepId === stepId())?.answers).toBe(section?.answers);
    // Rendered in this thread, where the section is registered (the render threads load only shipped types).
    for (const language of ['it', 'en', 'fr'] as const) {
      const text = execFileSync('pdftotext', ['-enc', 'UTF-8', '-', '-'], {
        input: await renderPdf(record.data, language),
      }).toString('utf8');
      expect(text).toContain('Avvio del progetto');
      expect(text).toContain(longDate('2026-12-01', language));
    }
  });
});
