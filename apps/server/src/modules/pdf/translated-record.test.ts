import { execFileSync } from 'node:child_process';
import { type TCall, ZCall } from '@impact/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createCallWithSteps, createOrganization } from '../../../test/fixtures';
import { signInAs } from '../../../test/sign-in';
import { emailOutbox } from '../../db/schema';

const pdfText = (bytes: Buffer) =>
  execFileSync('pdftotext', ['-enc', 'UTF-8', '-', '-'], { input: bytes }).toString('utf8').replace(/\s+/g, ' ');

/** A survey whose texts are SurveyJS localisable strings: the default (Italian) and English. */
const SURVEY = {
  pages: [
    {
      elements: [
        {
          type: 'radiogroup',
          name: 'reach',
          title: { default: 'Chi raggiungete?', en: 'Who do you reach?' },
          isRequired: true,
          choices: [{ value: 'old', text: { default: 'Anziani', en: 'Elderly people' } }],
        },
      ],
    },
  ],
};

/** The record frozen at closing keeps every language: its PDF and receipt are in the applicant's. */
describe('a translated call in the frozen record, the PDF and the receipt', () => {
  let t: TestApp;
  let admin: Record<string, string>;
  let anna: Record<string, string>;
  let submissionId: string;

  beforeAll(async () => {
    t = await buildTestApp();
    admin = (await signInAs(t.database.db, { email: 'admin@impact.example', roles: ['admin'] })).headers;
    const signedIn = await signInAs(t.database.db, { email: 'anna@ente.example' });
    anna = { ...signedIn.headers, 'x-organization-id': await createOrganization(t.app, signedIn.headers) };
    const made = await createCallWithSteps(
      t.app,
      admin,
      [
        { name: 'Progetto', type: 'text', content: JSON.stringify({ question: '<p>Descrivete il progetto</p>' }) },
        { name: 'Questionario', type: 'survey', content: JSON.stringify(SURVEY) },
      ],
      { name: 'Bando Città Verdi' },
    );
    const call: TCall = ZCall.parse(
      (await t.app.inject({ url: `/api/Call/GetCallByIdAdmin?callId=${made.id}`, headers: admin })).json(),
    );
    const english = [
      { en: { name: 'Your project', question: '<p>Describe the project</p>' } },
      { en: { name: 'Questionnaire' } },
    ];
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/Call/UpdateCall',
      headers: admin,
      payload: {
        id: call.id,
        name: call.name,
        description: call.description,
        openingAt: call.openingAt,
        closingAt: call.closingAt,
        callTypeId: call.callTypeId,
        translations: { en: { name: 'Green Cities Call' } },
        callType: {
          id: call.callTypeId,
          name: 'Type',
          description: 'Type',
          steps: call.steps.map(({ stepType: _type, ...s }, i) => ({ ...s, translations: english[i] })),
        },
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);

    const started = await t.app.inject({
      method: 'POST',
      url: '/api/Call/UpsertCallSubmission',
      headers: anna,
      payload: { callId: made.id },
    });
    submissionId = started.json().id;
    for (const [stepId, content] of [
      [made.stepIds[0], JSON.stringify({ answer: 'Un orto' })],
      [made.stepIds[1], JSON.stringify({ reach: 'old' })],
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/Call/UpsertCallStepResult',
        headers: anna,
        payload: { callSubmissionId: submissionId, stepId, content, version: 0 },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    // No language in the body: the request's Accept-Language is the applicant's language.
    const closed = await t.app.inject({
      method: 'POST',
      url: '/api/Call/CloseCallSubmission',
      headers: { ...anna, 'accept-language': 'en-GB,en;q=0.8' },
      payload: { submissionId },
    });
    expect(closed.statusCode, closed.body).toBe(200);
  });
  afterAll(() => t.close());

  const pdf = async (query: string) => {
    const res = await t.app.inject({
      url: `/api/Call/GetSubmissionPdf?submissionId=${submissionId}${query}`,
      headers: anna,
    });
    expect(res.statusCode, res.body).toBe(200);
    return pdfText(res.rawPayload);
  };

  it('the PDF in English shows the English call name, step names, question and survey texts', async () => {
    const text = await pdf('&lang=en');
    for (const english of [
      'Green Cities Call',
      'Your project',
      'Describe the project',
      'Questionnaire',
      'Who do you reach?',
      'Elderly people',
    ]) {
      expect(text).toContain(english);
    }
    expect(text).not.toContain('Progetto');
    // The record's own language (the applicant's at closing) is the PDF's default.
    expect(await pdf('')).toContain('Your project');
  });

  it('the PDF in French falls back to the Italian texts, none of them written in French', async () => {
    const text = await pdf('&lang=fr');
    for (const italian of [
      'Bando Città Verdi',
      'Progetto',
      'Descrivete il progetto',
      'Questionario',
      'Chi raggiungete?',
    ]) {
      expect(text).toContain(italian);
    }
  });

  it('the receipt names the call in the applicant’s language', async () => {
    const [mail] = await t.database.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.template, 'submission-receipt'), eq(emailOutbox.to, 'anna@ente.example')));
    expect(mail?.subject).toContain('Green Cities Call');
    expect(mail?.text).toContain('Green Cities Call');
  });

  it('a later edit of the translations leaves the frozen PDF as it was', async () => {
    const call = (await t.app.inject({ url: '/api/Call/GetCallList', headers: admin })).json()[0];
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/Call/UpdateCall',
      headers: admin,
      payload: { ...call, translations: { en: { name: 'Renamed later' } } },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await pdf('&lang=en')).toContain('Green Cities Call');
  });
});
