import { NPS_TEMPLATE, ZSurveyReport } from '@impact/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { answerAndClose, createCallWithSteps, createOrganization } from '../../../test/fixtures';
import { signInAs } from '../../../test/sign-in';
import { stepResults, submissionRecords } from '../../db/schema';

/**
 * An applicant who first scored 9 (and chose a feature), then 7 (and typed a comment), then 3:
 * only the score and the detractor's comment are what they sent in the end. What they no longer
 * saw must not reach the export, the survey report, the frozen record (the PDF, the reviewer).
 */
describe('answers to questions no longer shown', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof signInAs>>;
  let call: { id: string; stepIds: string[] };
  let submissionId: string;
  const stepId = () => call.stepIds[0] ?? '';

  beforeAll(async () => {
    t = await buildTestApp();
    admin = await signInAs(t.database.db, { email: 'admin@ente.example', roles: ['admin'] });
    call = await createCallWithSteps(t.app, admin.headers, [
      { name: 'Soddisfazione', type: 'survey', content: JSON.stringify(NPS_TEMPLATE) },
    ]);
    const anna = await signInAs(t.database.db, { email: 'anna@ente.example' });
    const org = await createOrganization(t.app, anna.headers, 'Aurora');
    // As an older page (or another client) would save it: every value ever typed, hidden or not.
    const answer = { nps_score: 3, promoter_features: ['ease'], passive_comment: 'lento', detractor_comment: 'deluso' };
    submissionId = await answerAndClose(t.app, anna.headers, org, call.id, { [stepId()]: JSON.stringify(answer) });
  });
  afterAll(async () => {
    await t.close();
  });

  it('the kept answer and the frozen record hold only what was shown', async () => {
    const [kept] = await t.database.db
      .select()
      .from(stepResults)
      .where(and(eq(stepResults.callSubmissionId, submissionId), eq(stepResults.stepId, stepId())));
    expect(JSON.parse(kept?.content ?? '')).toEqual({ nps_score: 3, detractor_comment: 'deluso' });
    const [record] = await t.database.db
      .select()
      .from(submissionRecords)
      .where(eq(submissionRecords.callSubmissionId, submissionId));
    expect(JSON.parse(record?.data.sectionsForPDF[0]?.answers ?? '')).toEqual({
      nps_score: 3,
      detractor_comment: 'deluso',
    });
  });

  it('the export leaves the hidden questions empty', async () => {
    const res = await t.app.inject({
      url: `/api/Report/ExportSubmissions?callId=${call.id}&format=csv&language=it`,
      headers: admin.headers,
    });
    const text = res.rawPayload.toString('utf8');
    expect(text).toContain('deluso');
    expect(text).not.toContain('lento');
    expect(text).not.toContain('Facilità d’uso');
  });

  it('the survey report counts no feature and lists no passive comment', async () => {
    const res = await t.app.inject({
      url: `/api/Report/GetSurveyReport?callId=${call.id}&stepId=${stepId()}`,
      headers: admin.headers,
    });
    const report = ZSurveyReport.parse(res.json());
    const features = report.questions.find((q) => q.name === 'promoter_features');
    if (features?.kind !== 'choice') throw new Error('features not charted as a choice');
    expect(features.choices.length).toBeGreaterThan(0);
    expect(features.choices.every((c) => c.count === 0)).toBe(true);
    const passive = report.questions.find((q) => q.name === 'passive_comment');
    if (passive?.kind !== 'text') throw new Error('passive comment not listed as text');
    expect(passive.answers).toEqual([]);
  });
});
