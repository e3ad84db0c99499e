import { execFileSync } from 'node:child_process';
import { PDF_FILE_NAME } from '@impact/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import {
  createOrganization,
  FRAMEWORK_GONE,
  multipart,
  PDF_BYTES,
  TEXT_QUESTION,
  UPLOAD_SLOTS,
  withFrameworkGone,
} from '../../../test/fixtures';
import { signInAs } from '../../../test/sign-in';
import { emailAttachments, emailOutbox, submissionRecords } from '../../db/schema';
import { sendDueMails } from '../email/outbox';
import { createFileStorage } from '../files/storage';
import { recordAttachment } from './service';

/** The PDF's text as poppler reads it (what a person can select and search), white space collapsed. */
function pdfText(bytes: Buffer): string {
  const text = execFileSync('pdftotext', ['-enc', 'UTF-8', '-', '-'], { input: bytes }).toString('utf8');
  return text.replace(/\s+/g, ' ');
}

const SURVEY = {
  pages: [
    {
      elements: [
        {
          type: 'radiogroup',
          name: 'reach',
          title: { default: 'Who do you reach?', it: 'Chi raggiungete?' },
          choices: [
            { value: 'young', text: { default: 'Young people', it: 'Giovani' } },
            { value: 'old', text: { default: 'Elderly people', it: 'Anziani' } },
          ],
        },
        {
          type: 'checkbox',
          name: 'channels',
          title: 'Canali di comunicazione',
          choices: [
            { value: 'web', text: 'Sito web' },
            { value: 'radio', text: 'Radio locale' },
          ],
        },
        {
          type: 'matrix',
          name: 'quality',
          title: 'Qualità percepita',
          columns: [
            { value: 1, text: 'Scarsa' },
            { value: 3, text: 'Ottima' },
          ],
          rows: [{ value: 'staff', text: 'Personale' }],
        },
      ],
    },
  ],
};

describe('the application PDF', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof signInAs>>;
  let anna: Awaited<ReturnType<typeof signInAs>>;
  let eve: Awaited<ReturnType<typeof signInAs>>;
  let annaOrg: string;
  let callId: string;
  let submissionId: string;
  const steps: Record<string, string> = {};
  const as = (who: { headers: Record<string, string> }, org?: string) => ({
    ...who.headers,
    ...(org ? { 'x-organization-id': org } : {}),
  });
  const pdf = (who: typeof anna, query: string) =>
    t.app.inject({ url: `/api/Call/GetSubmissionPdf?${query}`, headers: as(who) });

  beforeAll(async () => {
    t = await buildTestApp();
    admin = await signInAs(t.database.db, { email: 'admin@example.org', roles: ['admin'] });
    anna = await signInAs(t.database.db, { email: 'anna@ente.example', firstName: 'Anna', lastName: 'Rossi' });
    eve = await signInAs(t.database.db, { email: 'eve@example.org' });
    annaOrg = await createOrganization(t.app, anna.headers, 'Cooperativa Sociale L’Àncora');

    const types = (await t.app.inject({ url: '/api/Step/GetStepTypes', headers: admin.headers })).json() as Array<{
      id: string;
      name: string;
    }>;
    const typeId = (name: string) => types.find((x) => x.name === name)?.id ?? '';
    const step = (name: string, type: string, content: string, sort: number) => ({
      name,
      description: '',
      content,
      sort,
      stepTypeId: typeId(type),
    });
    const ct = await withFrameworkGone(t.database.db, () =>
      t.app.inject({
        method: 'POST',
        url: '/api/Call/CreateCallType',
        headers: admin.headers,
        payload: {
          name: 'PDF',
          description: 'PDF',
          steps: [
            step('Il progetto', 'text', JSON.stringify(TEXT_QUESTION), 0),
            step('Documenti', 'upload', JSON.stringify(UPLOAD_SLOTS), 1),
            step('Questionario', 'survey', JSON.stringify(SURVEY), 2),
            step('Impatto', 'miniDyi', FRAMEWORK_GONE, 3),
          ],
        },
      }),
    );
    expect(ct.statusCode, ct.body).toBeLessThan(300);
    const day = 86_400_000;
    const call = await t.app.inject({
      method: 'POST',
      url: '/api/Call/CreateCall',
      headers: admin.headers,
      payload: {
        name: 'Bando Città Più Verdi 2027',
        description: '',
        openingAt: new Date(Date.now() - day).toISOString(),
        closingAt: new Date(Date.now() + 30 * day).toISOString(),
        callTypeId: ct.json().id,
      },
    });
    callId = call.json().id;
    const full = (
      await t.app.inject({ url: `/api/Call/GetCallByIdAdmin?callId=${callId}`, headers: admin.headers })
    ).json();
    for (const s of full.steps as Array<{ id: string; name: string }>) steps[s.name] = s.id;

    const started = await t.app.inject({
      method: 'POST',
      url: '/api/Call/UpsertCallSubmission',
      headers: as(anna, annaOrg),
      payload: { callId },
    });
    submissionId = started.json().id;
    const write = async (stepId: string | undefined, content: unknown) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/Call/UpsertCallStepResult',
        headers: as(anna, annaOrg),
        payload: { callSubmissionId: submissionId, stepId, content: JSON.stringify(content), version: 0 },
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    await write(steps['Il progetto'], {
      answer: '<p>Un orto <strong>condiviso</strong> a Forlì: più verde per tutti &amp; Ελληνικά, кириллица 🌱</p>',
    });
    await write(steps.Questionario, { reach: 'old', channels: ['web', 'radio'], quality: { staff: 3 } });
    await write(steps.Impatto, {
      budget: 1000,
      budgetSpent: 0,
      sdg: [],
      selectedOutcomes: [
        {
          outcomeId: null,
          sdg: null,
          outcomeName: 'Più ortaggi per le famiglie',
          stakeholderId: 'famiglie',
          stakeholderName: 'Famiglie del quartiere',
          customKey: 'AbCdEfGhIjKl',
          indicators: [
            {
              indicatorId: '',
              indicatorName: 'Chili raccolti',
              indicatorTargetValue: 100,
              proxyId: '',
              proxyName: 'Prezzo al chilo',
              proxyValue: 1000,
            },
          ],
        },
      ],
    });
    const body = multipart(
      { submissionId, stepId: steps.Documenti ?? '', Nome: 'Budget', Descrizione: 'Piano economico', TipoFileId: '1' },
      { name: 'piano-economico.pdf', bytes: PDF_BYTES },
    );
    const up = await t.app.inject({
      method: 'POST',
      url: '/api/FileUpload/UploadFile',
      headers: { ...as(anna, annaOrg), ...body.headers },
      payload: body.payload,
    });
    expect(up.statusCode, up.body).toBe(200);
  });
  afterAll(async () => {
    await t.close();
  });

  it("a draft's PDF is in the page's language when none is asked for", async () => {
    const draftPdf = (language: string) =>
      t.app.inject({
        url: `/api/Call/GetSubmissionPdf?submissionId=${submissionId}`,
        headers: { ...as(anna), 'accept-language': language },
      });
    const english = await draftPdf('en-GB,en;q=0.9');
    expect(english.statusCode, english.body).toBe(200);
    expect(pdfText(english.rawPayload)).toContain('VAT / registration number');
    const french = pdfText((await draftPdf('fr')).rawPayload);
    expect(french).toContain('N° de TVA');
    expect(french).not.toContain('Partita IVA');
  });

  it('closing freezes a record and queues a receipt in the applicant’s language with the PDF attached', async () => {
    const closed = await t.app.inject({
      method: 'POST',
      url: '/api/Call/CloseCallSubmission',
      headers: as(anna, annaOrg),
      payload: { submissionId, language: 'fr' },
    });
    expect(closed.statusCode, closed.body).toBe(200);
    const records = await t.database.db
      .select()
      .from(submissionRecords)
      .where(eq(submissionRecords.callSubmissionId, submissionId));
    expect(records).toHaveLength(1);
    expect(records[0]?.data.callName).toBe('Bando Città Più Verdi 2027');

    const mails = await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.template, 'submission-receipt'));
    // The submitter and the organization's contact (organizationForm's address), each once.
    expect(new Set(mails.map((m) => m.to.toLowerCase())).size).toBe(mails.length);
    expect(mails.map((m) => m.to)).toContain('anna@ente.example');
    const mail = mails.find((m) => m.to === 'anna@ente.example');
    expect(mail?.subject).toContain('Accusé de réception');
    expect(mail?.text).toContain(submissionId);
    const attachments = await t.database.db
      .select()
      .from(emailAttachments)
      .where(eq(emailAttachments.mailId, mail?.id ?? ''));
    expect(attachments.map((a) => a.fileName)).toEqual([PDF_FILE_NAME]);

    // The sender gets the PDF itself, made from the record.
    const sent: Array<{ to: string; attachments: Array<{ filename: string; content: Buffer }> }> = [];
    await sendDueMails(t.database.db, async (m) => void sent.push(m), {
      batchSize: 50,
      renderRecord: recordAttachment(createFileStorage(t.database.db, t.config.fileStorage)),
    });
    const receipt = sent.find((m) => m.to === 'anna@ente.example');
    expect(receipt?.attachments[0]?.filename).toBe(PDF_FILE_NAME);
    expect(receipt?.attachments[0]?.content.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('the PDF holds the call, the organization, every answer (choice texts), the files, the SROI and page numbers', async () => {
    const res = await pdf(anna, `submissionId=${submissionId}&lang=it`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="${PDF_FILE_NAME}"; filename*=UTF-8''${PDF_FILE_NAME}`,
    );
    const bytes = res.rawPayload;
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(bytes);
    for (const expected of [
      'Bando Città Più Verdi 2027',
      'Cooperativa Sociale L’Àncora',
      'Anna Rossi',
      'Describe your project',
      'Un orto condiviso a Forlì: più verde per tutti & Ελληνικά, кириллица',
      'Chi raggiungete?',
      'Anziani',
      'Sito web, Radio locale',
      'Personale',
      'Ottima',
      'piano-economico.pdf',
      'Piano economico',
      'Più ortaggi per le famiglie',
      'Famiglie del quartiere',
      'Chili raccolti',
      'Prezzo al chilo',
      'Stima SROI',
      'Attenzione: un SROI superiore a 8',
      'Pagina 1 / ',
      submissionId,
    ]) {
      expect(text, expected).toContain(expected);
    }
    // A financial proxy's value is money, as the budget is: currency and cents.
    expect(text).toMatch(/Valore unitario\s+1000,00\s€/);
    // User HTML is text, not markup; survey values are shown by their texts, not as raw values.
    expect(text).not.toContain('<strong>');
    expect(text).not.toContain('"reach"');
    const pages = Number(/Pagina 1 \/ (\d+)/.exec(text)?.[1]);
    expect(text).toContain(`Pagina ${pages} / ${pages}`);

    const english = pdfText((await pdf(anna, `submissionId=${submissionId}&lang=en`)).rawPayload);
    expect(english).toContain('Who do you reach?');
    expect(english).toContain('Elderly people');
    expect(english).toContain('Page 1 / ');
  });

  it('another applicant gets 404, an admin gets any, bad input is a translated 400', async () => {
    const other = await pdf(eve, `submissionId=${submissionId}`);
    expect(other.statusCode).toBe(404);
    expect(other.json().messageKey).toBe('errors.submissions.notFound');
    expect((await pdf(admin, `submissionId=${submissionId}`)).statusCode).toBe(200);
    const data = await t.app.inject({
      url: `/api/Call/GetAllAnswerForPdf?callId=${callId}&submissionId=${submissionId}`,
      headers: as(eve),
    });
    expect(data.statusCode).toBe(404);
    const records = await t.app.inject({
      url: `/api/Call/GetSubmissionRecords?submissionId=${submissionId}`,
      headers: as(eve),
    });
    expect(records.statusCode).toBe(404);
    const bad = await pdf(anna, 'submissionId=not-an-id');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].messageKey).toMatch(/^errors\./);
    const foreignRecord = await pdf(anna, `submissionId=${submissionId}&recordId=${submissionId}`);
    expect(foreignRecord.statusCode).toBe(404);
  });

  it('GetAllAnswerForPdf gives the SPEC export data to the owner through the selected organization', async () => {
    const res = await t.app.inject({
      url: `/api/Call/GetAllAnswerForPdf?callId=${callId}`,
      headers: as(anna, annaOrg),
    });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json();
    expect(data).toMatchObject({
      callName: 'Bando Città Più Verdi 2027',
      orgName: 'Cooperativa Sociale L’Àncora',
      submissionId,
      configLogoWidth: 50,
      configLogoHeight: 50,
      attachments: [{ attachmentTitle: 'Budget', fileName: 'piano-economico.pdf' }],
    });
    expect(data.submittedBy).toContain('anna@ente.example');
    expect(data.sectionsForPDF.map((s: { sectionName: string }) => s.sectionName)).toEqual([
      'Il progetto',
      'Documenti',
      'Questionario',
      'Impatto',
    ]);
    expect(data.miniDyi[0].sroi.overThreshold).toBe(true);
  });

  it('the record does not change when the admin renames the call; reopening and closing again adds a record', async () => {
    const call = (
      await t.app.inject({ url: `/api/Call/GetCallByIdAdmin?callId=${callId}`, headers: admin.headers })
    ).json();
    const renamed = await t.app.inject({
      method: 'PUT',
      url: '/api/Call/UpdateCall',
      headers: admin.headers,
      payload: {
        id: call.id,
        name: 'Nome cambiato dopo l’invio',
        description: call.description,
        openingAt: call.openingAt,
        closingAt: call.closingAt,
        callTypeId: call.callTypeId,
        isUserFilterEnable: call.isUserFilterEnable,
        userFilterEmail: call.userFilterEmail,
      },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const frozen = pdfText((await pdf(anna, `submissionId=${submissionId}`)).rawPayload);
    expect(frozen).toContain('Bando Città Più Verdi 2027');
    expect(frozen).not.toContain('Nome cambiato');

    const reopened = await t.app.inject({
      method: 'POST',
      url: `/api/CallSubmission/ReOpenSubmission?submissionId=${submissionId}`,
      headers: admin.headers,
    });
    expect(reopened.statusCode).toBe(204);
    const closed = await t.app.inject({
      method: 'POST',
      url: '/api/Call/CloseCallSubmission',
      headers: as(anna, annaOrg),
      payload: { submissionId },
    });
    expect(closed.statusCode, closed.body).toBe(200);
    const list = await t.app.inject({
      url: `/api/Call/GetSubmissionRecords?submissionId=${submissionId}`,
      headers: admin.headers,
    });
    const records = list.json();
    expect(records).toHaveLength(2);
    const latest = pdfText((await pdf(admin, `submissionId=${submissionId}`)).rawPayload);
    expect(latest).toContain('Nome cambiato dopo l’invio');
    const first = pdfText((await pdf(admin, `submissionId=${submissionId}&recordId=${records[1].id}`)).rawPayload);
    expect(first).toContain('Bando Città Più Verdi 2027');
  });
});
