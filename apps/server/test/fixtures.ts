import type { TImpactFramework } from '@impact/domain';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Db } from '../src/db/client';
import { impactFrameworks } from '../src/db/schema';

type Headers = Record<string, string>;

/** A complete organization form, as the register page sends it. */
export function organizationForm(name = 'Cooperativa Sociale Aurora') {
  return {
    name,
    reg_number: '01234567890',
    street_name: 'Via Roma 1',
    city_name: 'Torino',
    country: 'IT',
    contact_name: 'Giulia',
    contact_surname: 'Rossi',
    contact_role: 'Presidente',
    contact_email: 'giulia@aurora.example',
    personalData: true,
  };
}

export async function createOrganization(app: FastifyInstance, headers: Headers, name?: string): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/Organization/CreateOrganization',
    headers,
    payload: organizationForm(name),
  });
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json().id;
}

export const TEXT_QUESTION = { question: '<p>Describe your project</p>', maxLength: 200 };
export const UPLOAD_SLOTS = [
  { file_name: 'Budget', file_description: 'The budget as PDF', file_type: 'pdf', dimensions: 2048, mandatory: true },
  { file_name: 'Logo', file_description: 'Your logo', file_type: 'image', dimensions: 100_000, mandatory: false },
];

/**
 * An open call (opened yesterday, closing in a month) with a text and an upload step, built
 * through the admin API as the call builder does.
 */
export async function createOpenCall(
  app: FastifyInstance,
  adminHeaders: Headers,
  options: { opensInDays?: number; closesInDays?: number; filterEmails?: string; name?: string } = {},
) {
  const made = await createCallWithSteps(
    app,
    adminHeaders,
    [
      { name: 'Project', type: 'text', content: JSON.stringify(TEXT_QUESTION) },
      { name: 'Documents', type: 'upload', content: JSON.stringify(UPLOAD_SLOTS) },
    ],
    { ...options, name: options.name ?? 'Bando Impatto 2027' },
  );
  if (options.filterEmails !== undefined) {
    await updateCall(app, adminHeaders, made.id, { isUserFilterEnable: true, userFilterEmail: options.filterEmails });
  }
  return { id: made.id, textStepId: made.stepIds[0] as string, uploadStepId: made.stepIds[1] as string };
}

/** Saves a call as the call builder does (its current fields, with `changes` on top), without its steps. */
export async function updateCall(
  app: FastifyInstance,
  adminHeaders: Headers,
  callId: string,
  changes: Record<string, unknown>,
) {
  const current = (
    await app.inject({ url: `/api/Call/GetCallByIdAdmin?callId=${callId}`, headers: adminHeaders })
  ).json();
  const res = await app.inject({
    method: 'PUT',
    url: '/api/Call/UpdateCall',
    headers: adminHeaders,
    payload: {
      id: current.id,
      name: current.name,
      description: current.description,
      openingAt: current.openingAt,
      closingAt: current.closingAt,
      callTypeId: current.callTypeId,
      ...changes,
    },
  });
  expect(res.statusCode, res.body).toBeLessThan(300);
}

/** A minimal valid PDF, and bytes that are not one. */
export const PDF_BYTES = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');
export const EXE_BYTES = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 0x90)]);

export function multipart(fields: Record<string, string>, file: { name: string; bytes: Buffer; type?: string }) {
  const boundary = `----ic${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  }
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="File"; filename="${file.name}"\r\nContent-Type: ${file.type ?? 'application/pdf'}\r\n\r\n`,
    ),
    file.bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A tiny valid PNG (1×1), for logos and admin files. */
export const PNG_BYTES = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/**
 * An applicant's submission to a call made by createOpenCall, filled and closed through the API
 * as the wizard does (text answer, the mandatory PDF, Submit).
 */
export async function submitToCall(
  app: FastifyInstance,
  headers: Headers,
  organizationId: string,
  call: { id: string; textStepId: string; uploadStepId: string },
): Promise<string> {
  const h = { ...headers, 'x-organization-id': organizationId };
  const started = await app.inject({
    method: 'POST',
    url: '/api/Call/UpsertCallSubmission',
    headers: h,
    payload: { callId: call.id },
  });
  expect(started.statusCode, started.body).toBe(200);
  const submissionId: string = started.json().id;
  const text = await app.inject({
    method: 'POST',
    url: '/api/Call/UpsertCallStepResult',
    headers: h,
    payload: {
      callSubmissionId: submissionId,
      stepId: call.textStepId,
      content: JSON.stringify({ answer: 'Ok' }),
      version: 0,
    },
  });
  expect(text.statusCode, text.body).toBe(200);
  const body = multipart(
    { submissionId, stepId: call.uploadStepId, Nome: 'Budget', Descrizione: 'b', TipoFileId: '1' },
    { name: 'budget.pdf', bytes: PDF_BYTES },
  );
  const up = await app.inject({
    method: 'POST',
    url: '/api/FileUpload/UploadFile',
    headers: { ...h, ...body.headers },
    payload: body.payload,
  });
  expect(up.statusCode, up.body).toBe(200);
  const closed = await app.inject({
    method: 'POST',
    url: '/api/Call/CloseCallSubmission',
    headers: h,
    payload: { submissionId },
  });
  expect(closed.statusCode, closed.body).toBe(200);
  return submissionId;
}

/** Starts a submission to the call, saves the given answers (step id → content) and sends it. */
export async function answerAndClose(
  app: FastifyInstance,
  headers: Headers,
  organizationId: string,
  callId: string,
  answers: Record<string, string>,
): Promise<string> {
  const h = { ...headers, 'x-organization-id': organizationId };
  const started = await app.inject({
    method: 'POST',
    url: '/api/Call/UpsertCallSubmission',
    headers: h,
    payload: { callId },
  });
  expect(started.statusCode, started.body).toBe(200);
  const submissionId: string = started.json().id;
  for (const [stepId, content] of Object.entries(answers)) {
    const res = await app.inject({
      method: 'POST',
      url: '/api/Call/UpsertCallStepResult',
      headers: h,
      payload: { callSubmissionId: submissionId, stepId, content, version: 0 },
    });
    expect(res.statusCode, res.body).toBe(200);
  }
  const closed = await app.inject({
    method: 'POST',
    url: '/api/Call/CloseCallSubmission',
    headers: h,
    payload: { submissionId },
  });
  expect(closed.statusCode, closed.body).toBe(200);
  return submissionId;
}

/** A call type's step as the call builder sends it, with its type by name. */
export type StepSpec = { name: string; type: string; content: string; stage?: 1 | 2 };

/**
 * The call type request for the given steps (type names resolved as the call builder does), and
 * the helper that creates an open call with them; returns the call's id and its steps' ids in order.
 */
export async function createCallWithSteps(
  app: FastifyInstance,
  adminHeaders: Headers,
  stepSpecs: StepSpec[],
  options: { opensInDays?: number; closesInDays?: number; name?: string } = {},
): Promise<{ id: string; stepIds: string[] }> {
  const types = (await app.inject({ url: '/api/Step/GetStepTypes', headers: adminHeaders })).json() as Array<{
    id: string;
    name: string;
  }>;
  const ct = await app.inject({
    method: 'POST',
    url: '/api/Call/CreateCallType',
    headers: adminHeaders,
    payload: {
      name: 'Type',
      description: 'Type',
      steps: stepSpecs.map((s, sort) => ({
        name: s.name,
        description: '',
        content: s.content,
        sort,
        stepTypeId: types.find((t) => t.name === s.type)?.id ?? '',
        ...(s.stage ? { stage: s.stage } : {}),
      })),
    },
  });
  expect(ct.statusCode, ct.body).toBeLessThan(300);
  const day = 86_400_000;
  const call = await app.inject({
    method: 'POST',
    url: '/api/Call/CreateCall',
    headers: adminHeaders,
    payload: {
      name: options.name ?? 'Bando con questionario',
      description: '<p>Per progetti sociali</p>',
      openingAt: new Date(Date.now() + (options.opensInDays ?? -1) * day).toISOString(),
      closingAt: new Date(Date.now() + (options.closesInDays ?? 30) * day).toISOString(),
      callTypeId: ct.json().id,
    },
  });
  expect(call.statusCode, call.body).toBeLessThan(300);
  const full = (
    await app.inject({ url: `/api/Call/GetCallByIdAdmin?callId=${call.json().id}`, headers: adminHeaders })
  ).json();
  return { id: call.json().id, stepIds: full.steps.map((s: { id: string }) => s.id) };
}

/** A small impact framework (one stakeholder, one outcome on SDG 1, one indicator), for an impact step. */
export async function createImpactFramework(app: FastifyInstance, adminHeaders: Headers): Promise<TImpactFramework> {
  const res = await app.inject({
    method: 'PUT',
    url: '/api/ImpactFramework/AddImpactFrameworkSet',
    headers: adminHeaders,
    payload: {
      name: 'Lavoro',
      description: 'Lavoro',
      stakeholders: [{ name: 'Giovani', description: '' }],
      outcomes: [
        {
          name: 'Occupazione',
          description: '',
          sdg: [1],
          indicators: [
            {
              name: 'Assunti',
              description: '',
              proxies: [{ name: 'Salario', defaultValue: 1000, sourceName: '', sourceUrl: '' }],
            },
          ],
        },
      ],
    },
  });
  if (res.statusCode !== 200) throw new Error(`framework: ${res.statusCode} ${res.body}`);
  return res.json() as TImpactFramework;
}

const GONE_FRAMEWORK_ID = '00000000-0000-4000-8000-00000000f00d';

/**
 * An impact step's content naming a framework since deleted: its answers are checked for their
 * shape only, not against a framework's outcomes (for tests whose answers name made-up ones).
 * A save refuses a framework that does not exist, so save such a step inside `withFrameworkGone`.
 */
export const FRAMEWORK_GONE = JSON.stringify({ frameworkId: GONE_FRAMEWORK_ID });

/**
 * Runs `save` (which saves steps naming FRAMEWORK_GONE) while that framework exists, then deletes
 * it behind the server's back, as a framework deleted before the rule that keeps one in use would be.
 */
export async function withFrameworkGone<T>(db: Db, save: () => Promise<T>): Promise<T> {
  await db
    .insert(impactFrameworks)
    .values({ id: GONE_FRAMEWORK_ID, name: 'Gone', stakeholders: [], outcomes: [] })
    .onConflictDoNothing();
  try {
    return await save();
  } finally {
    await db.delete(impactFrameworks).where(eq(impactFrameworks.id, GONE_FRAMEWORK_ID));
  }
}
