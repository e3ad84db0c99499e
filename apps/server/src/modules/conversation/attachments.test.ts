import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createOpenCall, createOrganization, EXE_BYTES, multipart, PDF_BYTES } from '../../../test/fixtures';
import { signInAs } from '../../../test/sign-in';
import { fileChunks, organizationMembers, submissionMessageFiles, submissionMessages } from '../../db/schema';

type Person = Awaited<ReturnType<typeof signInAs>>;

/**
 * Files on the conversation's messages (docs/decisions/0037, addendum): typed by their bytes,
 * listed with their message, downloaded only by who reads the conversation.
 */
describe('attachments on conversation messages', () => {
  let t: TestApp;
  let admin: Person;
  let anna: Person;
  let vera: Person; // a viewer of Anna's organization
  let otto: Person; // another organization
  let submissionId: string;

  const send = (p: Person, file: { name: string; bytes: Buffer; type?: string }, text = 'Ecco il documento.') => {
    const body = multipart({ submissionId, text }, file);
    return t.app.inject({
      method: 'POST',
      url: '/api/Conversation/SendMessage',
      headers: { ...p.headers, ...body.headers },
      payload: body.payload,
    });
  };

  beforeAll(async () => {
    t = await buildTestApp();
    admin = await signInAs(t.database.db, { email: 'officer@files.test', roles: ['admin'] });
    anna = await signInAs(t.database.db, { email: 'anna@files.test', firstName: 'Anna' });
    vera = await signInAs(t.database.db, { email: 'vera@files.test' });
    otto = await signInAs(t.database.db, { email: 'otto@files.test' });
    const aurora = await createOrganization(t.app, anna.headers, 'Aurora');
    await createOrganization(t.app, otto.headers, 'Borgo');
    await t.database.db
      .insert(organizationMembers)
      .values({ organizationId: aurora, userId: vera.user.id, role: 'viewer' });
    const call = await createOpenCall(t.app, admin.headers, { name: 'Bando Allegati' });
    const started = await t.app.inject({
      method: 'POST',
      url: '/api/Call/UpsertCallSubmission',
      headers: { ...anna.headers, 'x-organization-id': aurora },
      payload: { callId: call.id },
    });
    submissionId = started.json().id;
  });
  afterAll(async () => {
    await t.close();
  });

  it('refuses an executable renamed .pdf with 400 and a translated key, keeping nothing', async () => {
    const refused = await send(anna, { name: 'budget.pdf', bytes: EXE_BYTES });
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().messageKey).toBe('errors.conversation.fileType');
    expect(await t.database.db.select().from(submissionMessageFiles)).toHaveLength(0);
    expect(await t.database.db.select().from(submissionMessages)).toHaveLength(0);
  });

  it('stores a PDF with its message, lists it, and lets only the conversation’s readers download it', async () => {
    const sent = await send(anna, { name: 'budget.pdf', bytes: PDF_BYTES });
    expect(sent.statusCode, sent.body).toBe(200);
    const read = await t.app.inject({
      url: `/api/Conversation/GetMessages?submissionId=${submissionId}`,
      headers: admin.headers,
    });
    const [message] = read.json().messages;
    expect(message.text).toBe('Ecco il documento.');
    expect(message.files).toEqual([
      { id: expect.any(String), fileName: 'budget.pdf', mimeType: 'application/pdf', size: PDF_BYTES.length },
    ]);
    const url = `/api/Conversation/GetFile?fileId=${message.files[0].id}`;
    for (const reader of [admin, anna, vera]) {
      const got = await t.app.inject({ url, headers: reader.headers });
      expect(got.statusCode).toBe(200);
      expect(got.rawPayload.equals(PDF_BYTES)).toBe(true);
      expect(got.headers['content-disposition']).toMatch(/^attachment/);
    }
    expect((await t.app.inject({ url, headers: otto.headers })).statusCode).toBe(404);
  });

  it('refuses files from another organization (404) and a viewer (403)', async () => {
    expect((await send(otto, { name: 'x.pdf', bytes: PDF_BYTES })).statusCode).toBe(404);
    expect((await send(vera, { name: 'x.pdf', bytes: PDF_BYTES })).statusCode).toBe(403);
    const rows = await t.database.db
      .select()
      .from(submissionMessageFiles)
      .where(eq(submissionMessageFiles.callSubmissionId, submissionId));
    expect(rows).toHaveLength(1);
  });

  it('erases the files with their author’s messages, bytes included', async () => {
    const [file] = await t.database.db.select().from(submissionMessageFiles);
    expect(file).toBeDefined();
    const bytes = () =>
      t.database.db
        .select()
        .from(fileChunks)
        .where(eq(fileChunks.key, file?.storageKey ?? ''));
    if (file?.storage === 'postgres') expect((await bytes()).length).toBeGreaterThan(0);
    const erased = await t.app.inject({
      method: 'POST',
      url: '/api/User/EraseUserData',
      headers: admin.headers,
      payload: { email: 'anna@files.test' },
    });
    expect(erased.statusCode, erased.body).toBe(200);
    expect(await t.database.db.select().from(submissionMessageFiles)).toHaveLength(0);
    if (file?.storage === 'postgres') expect(await bytes()).toHaveLength(0);
  });

  it('still takes a plain JSON message', async () => {
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/Conversation/SendMessage',
      headers: admin.headers,
      payload: { submissionId, text: 'Solo parole.' },
    });
    expect(sent.statusCode).toBe(200);
  });
});
