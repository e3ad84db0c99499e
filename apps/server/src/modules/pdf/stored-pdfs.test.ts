import { execFileSync } from 'node:child_process';
import { eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createOpenCall, organizationForm, submitToCall } from '../../../test/fixtures';
import { signInAs } from '../../../test/sign-in';
import { fileChunks, recordPdfs, submissionRecords } from '../../db/schema';
import { sendDueMails } from '../email/outbox';
import { createFileStorage } from '../files/storage';
import { pdfRenderPool } from './render-pool';
import { recordAttachment } from './service';

type Person = Awaited<ReturnType<typeof signInAs>>;

const pdfText = (bytes: Buffer) =>
  execFileSync('pdftotext', ['-enc', 'UTF-8', '-', '-'], { input: bytes }).toString('utf8').replace(/\s+/g, ' ');

/** Renders finished so far by this process's render threads (every PDF is made there). */
const renders = () => pdfRenderPool().completed;

/**
 * A record's PDF is rendered once per language and view, kept with the files and served from
 * there (docs/decisions/0025-pdf-made-once.md): counted renders, bytes compared, rows and stored
 * chunks read back from the database.
 */
describe('the PDF made once', () => {
  let t: TestApp;
  let admin: Person;
  let owner: Person;
  let call: Awaited<ReturnType<typeof createOpenCall>>;

  beforeAll(async () => {
    t = await buildTestApp();
    admin = await signInAs(t.database.db, { email: 'admin@example.org', roles: ['admin'] });
    owner = await signInAs(t.database.db, { email: 'olga@aurora.example', firstName: 'Olga' });
    call = await createOpenCall(t.app, admin.headers);
  });
  afterAll(async () => {
    await t?.close();
  });

  const download = (who: Person, submissionId: string, lang = '') =>
    t.app.inject({ url: `/api/Call/GetSubmissionPdf?submissionId=${submissionId}${lang}`, headers: who.headers });
  const copiesOf = (submissionId: string) =>
    t.database.db
      .select({ language: recordPdfs.language, view: recordPdfs.view, storageKey: recordPdfs.storageKey })
      .from(recordPdfs)
      .innerJoin(submissionRecords, eq(submissionRecords.id, recordPdfs.submissionRecordId))
      .where(eq(submissionRecords.callSubmissionId, submissionId));
  const storedKeys = async () =>
    (
      await t.database.db
        .selectDistinct({ key: fileChunks.key })
        .from(fileChunks)
        .where(like(fileChunks.key, 'record-pdfs/%'))
    ).map((r) => r.key);
  async function newSubmission(name: string, contact?: { name: string; surname: string; email: string }) {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/Organization/CreateOrganization',
      headers: owner.headers,
      payload: {
        ...organizationForm(name),
        ...(contact
          ? { contact_name: contact.name, contact_surname: contact.surname, contact_email: contact.email }
          : {}),
      },
    });
    expect(created.statusCode, created.body).toBeLessThan(300);
    return submitToCall(t.app, owner.headers, created.json().id, call);
  }

  it('a stored PDF is served without rendering and is byte-identical on the next request; the receipt attaches it', async () => {
    const submissionId = await newSubmission('Aurora');
    const before = renders();
    const first = await download(owner, submissionId);
    expect(first.statusCode, first.body).toBe(200);
    expect(renders() - before).toBe(1);
    expect(await copiesOf(submissionId)).toMatchObject([{ language: 'it', view: 'open' }]);

    const second = await download(owner, submissionId);
    const third = await download(admin, submissionId);
    expect(renders() - before).toBe(1);
    expect(second.statusCode).toBe(200);
    expect(second.headers['content-type']).toBe('application/pdf');
    expect(second.headers['content-length']).toBe(String(first.rawPayload.length));
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(third.rawPayload.equals(first.rawPayload)).toBe(true);

    // The receipt mail: the same stored bytes, nothing rendered.
    const sent: Array<{ to: string; attachments: Array<{ content: Buffer }> }> = [];
    const renderRecord = recordAttachment(createFileStorage(t.database.db, t.config.fileStorage));
    await sendDueMails(t.database.db, async (m) => void sent.push(m), { batchSize: 50, renderRecord });
    const receipt = sent.find((m) => m.to === 'olga@aurora.example');
    expect(receipt?.attachments[0]?.content.equals(first.rawPayload)).toBe(true);
    expect(renders() - before).toBe(1);

    // Another language is another copy, made once.
    const english = await download(owner, submissionId, '&lang=en');
    expect(english.rawPayload.equals(first.rawPayload)).toBe(false);
    expect((await download(owner, submissionId, '&lang=en')).rawPayload.equals(english.rawPayload)).toBe(true);
    expect(renders() - before).toBe(2);
    expect((await copiesOf(submissionId)).map((c) => c.language).sort()).toEqual(['en', 'it']);
  });

  it('concurrent first downloads all succeed and leave one stored copy', async () => {
    const submissionId = await newSubmission('Betulla');
    const keysBefore = await storedKeys();
    const all = await Promise.all([
      download(owner, submissionId),
      download(owner, submissionId),
      download(admin, submissionId),
    ]);
    expect(all.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    const copies = await copiesOf(submissionId);
    expect(copies).toHaveLength(1);
    // The losers' bytes were removed again: only the kept copy's key is new.
    expect((await storedKeys()).filter((k) => !keysBefore.includes(k))).toEqual([copies[0]?.storageKey]);
    const next = await download(owner, submissionId);
    expect(all.some((r) => r.rawPayload.equals(next.rawPayload))).toBe(true);
  });

  it('a copy made from other data is never served: the record rewritten, the PDF is made again and the old bytes go', async () => {
    const submissionId = await newSubmission('Castagno');
    const old = await download(owner, submissionId);
    const [oldCopy] = await copiesOf(submissionId);
    // Any rewrite of the frozen data (an erasure does one) changes its md5.
    await t.database.db
      .update(submissionRecords)
      .set({ data: sql`jsonb_set(${submissionRecords.data}, '{callName}', '"Bando Rinominato"')` })
      .where(eq(submissionRecords.callSubmissionId, submissionId));
    const before = renders();
    const fresh = await download(owner, submissionId);
    expect(renders() - before).toBe(1);
    expect(pdfText(old.rawPayload)).not.toContain('Bando Rinominato');
    expect(pdfText(fresh.rawPayload)).toContain('Bando Rinominato');
    const copies = await copiesOf(submissionId);
    expect(copies).toHaveLength(1);
    expect(copies[0]?.storageKey).not.toBe(oldCopy?.storageKey);
    expect(await storedKeys()).not.toContain(oldCopy?.storageKey);
  });

  it('erasing the contact deletes the stored copies that name them; the next PDF shows the pseudonym', async () => {
    const bea = await signInAs(t.database.db, { email: 'bea.contatto@aurora.example', firstName: 'Bea' });
    const contact = { name: 'Beatrice', surname: 'Contatto', email: 'Bea.Contatto@aurora.example' };
    const submissionId = await newSubmission('Dalia', contact);
    const named = await download(owner, submissionId);
    expect(pdfText(named.rawPayload)).toContain('Beatrice');
    const [copy] = await copiesOf(submissionId);

    const gone = await t.app.inject({
      method: 'POST',
      url: '/api/User/DeleteMyAccount',
      headers: bea.headers,
      payload: { confirm: true },
    });
    expect(gone.statusCode, gone.body).toBe(200);
    expect(await copiesOf(submissionId)).toEqual([]);
    expect(await storedKeys()).not.toContain(copy?.storageKey);

    const after = await download(owner, submissionId);
    expect(after.statusCode).toBe(200);
    expect(pdfText(after.rawPayload)).not.toMatch(/Beatrice|bea\.contatto/i);
  });

  it('deleting a submission deletes its stored PDFs with their bytes', async () => {
    const submissionId = await newSubmission('Edera');
    await download(owner, submissionId);
    const [copy] = await copiesOf(submissionId);
    expect(await storedKeys()).toContain(copy?.storageKey);
    const deleted = await t.app.inject({
      method: 'POST',
      url: `/api/CallSubmission/DeleteSubmission?submissionId=${submissionId}`,
      headers: admin.headers,
    });
    expect(deleted.statusCode, deleted.body).toBeLessThan(300);
    expect(await copiesOf(submissionId)).toEqual([]);
    expect(await storedKeys()).not.toContain(copy?.storageKey);
  });
});
