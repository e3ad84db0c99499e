import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import * as XLSX from '@e965/xlsx';
import { UPLOAD_MAX_BYTES } from '@impact/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createOpenCall, createOrganization, multipart, PDF_BYTES } from '../../../test/fixtures';
import { signInAs } from '../../../test/sign-in';
import { steps } from '../../db/schema';

/** Uploads that cannot starve the server, and names and types that do not lie. */
describe('upload limits', () => {
  let t: TestApp;
  let user: Awaited<ReturnType<typeof signInAs>>;
  let admin: Awaited<ReturnType<typeof signInAs>>;
  let call: Awaited<ReturnType<typeof createOpenCall>>;
  let orgId: string;
  let submissionId: string;

  beforeAll(async () => {
    t = await buildTestApp();
    admin = await signInAs(t.database.db, { email: 'admin@example.org', roles: ['admin'] });
    user = await signInAs(t.database.db, { email: 'uploader@example.org' });
    call = await createOpenCall(t.app, admin.headers);
    orgId = await createOrganization(t.app, user.headers);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/Call/UpsertCallSubmission',
      headers: { ...user.headers, 'x-organization-id': orgId },
      payload: { callId: call.id },
    });
    submissionId = res.json().id;
  });
  afterAll(async () => {
    await t.close();
  });

  const upload = (name: string, bytes: Buffer, slot = 'Budget') => {
    const form = multipart({ submissionId, stepId: call.uploadStepId, Nome: slot }, { name, bytes });
    return t.app.inject({
      method: 'POST',
      url: '/api/FileUpload/UploadFile',
      headers: { ...user.headers, ...form.headers },
      payload: form.payload,
    });
  };

  /** A multipart body streamed in 64 KB chunks, `fileBytes` long, never held whole by the test. */
  function streamingUpload(fileBytes: number) {
    const boundary = '----icstream';
    const head = Buffer.from(
      [submissionId, call.uploadStepId, 'Budget']
        .map(
          (v, i) =>
            `--${boundary}\r\nContent-Disposition: form-data; name="${['submissionId', 'stepId', 'Nome'][i]}"\r\n\r\n${v}\r\n`,
        )
        .join('') +
        `--${boundary}\r\nContent-Disposition: form-data; name="File"; filename="big.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
    );
    const chunk = Buffer.alloc(64 * 1024, 0x41);
    const pulled = { bytes: 0 };
    async function* body() {
      yield head;
      yield Buffer.from('%PDF-1.4\n'); // a real PDF start: the type passes, the size does not
      for (let sent = 0; sent < fileBytes; sent += chunk.length) {
        pulled.bytes += chunk.length;
        yield Buffer.from(chunk);
      }
      yield Buffer.from(`\r\n--${boundary}--\r\n`);
    }
    const response = t.app.inject({
      method: 'POST',
      url: '/api/FileUpload/UploadFile',
      headers: { ...user.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Readable.from(body()),
    });
    // What the server had pulled from the client when it answered.
    return response.then((res) => ({ res, pulled: pulled.bytes }));
  }

  it('stops reading at the slot limit: 8 concurrent 16 MB uploads into a 2 KB slot hold no megabytes', async () => {
    global.gc?.();
    const base = process.memoryUsage();
    let peak = 0;
    const sampler = setInterval(() => {
      const now = process.memoryUsage();
      peak = Math.max(peak, now.arrayBuffers - base.arrayBuffers);
    }, 5);
    try {
      const answers = await Promise.all(Array.from({ length: 8 }, () => streamingUpload(16 * 1024 * 1024)));
      for (const { res, pulled } of answers) {
        expect(res.statusCode, res.body).toBe(413);
        expect(res.json().messageKey).toBe('errors.files.tooLarge');
        // The answer came after the first MiB (read to tell the type) and a few chunks, not after 16 MB.
        expect(pulled).toBeLessThan(2 * 1024 * 1024);
      }
    } finally {
      clearInterval(sampler);
    }
    // Buffering the files whole would hold 128 MB. Reading to the limit holds the 1 MiB head and a few
    // chunks each; the sample also counts chunks already dropped but not yet collected (the 8 uploads
    // pull up to 16 MB between them), so the bound sits well under the 128 MB, not at the live bytes.
    expect(peak).toBeLessThan(48 * 1024 * 1024);
  }, 60_000);

  it('cleans bidirectional controls out of file names', async () => {
    const res = await upload('invoice\u202Efdp.exe\u2066.pdf', PDF_BYTES);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().fileName).toBe('invoicefdp.exe.pdf');
  });

  it('accepts an OLE container as Excel only when it holds a workbook stream', async () => {
    const container = (stream: string) => {
      const cfb = XLSX.CFB.utils.cfb_new();
      XLSX.CFB.utils.cfb_add(cfb, `/${stream}`, Buffer.alloc(4096, 1));
      return Buffer.from(XLSX.CFB.write(cfb, { type: 'buffer' }));
    };
    // A second step slot of type excel, added through the admin API as the call editor does.
    const [step] = await t.database.db.select().from(steps).where(eq(steps.id, call.uploadStepId));
    const slots = JSON.parse(step?.content ?? '[]');
    slots.push({ file_name: 'Sheet', file_description: '', file_type: 'excel', dimensions: 100_000, mandatory: false });
    await t.database.db
      .update(steps)
      .set({ content: JSON.stringify(slots) })
      .where(eq(steps.id, call.uploadStepId));

    const installer = await upload('setup.xls', container('!_StringData'), 'Sheet');
    expect(installer.statusCode, installer.body).toBe(415);
    const workbook = await upload('data.xls', container('Workbook'), 'Sheet');
    expect(workbook.statusCode, workbook.body).toBe(200);
  });

  it('refuses a slot limit above the server cap in the call editor', async () => {
    const types = (await t.app.inject({ url: '/api/Step/GetStepTypes', headers: admin.headers })).json() as Array<{
      id: string;
      name: string;
    }>;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/Call/CreateCallType',
      headers: admin.headers,
      payload: {
        name: 'Too big',
        description: '',
        steps: [
          {
            name: 'Docs',
            description: '',
            content: JSON.stringify([
              {
                file_name: 'Video',
                file_description: '',
                file_type: 'pdf',
                dimensions: UPLOAD_MAX_BYTES + 1,
                mandatory: true,
              },
            ]),
            sort: 0,
            stepTypeId: types.find((x) => x.name === 'upload')?.id,
          },
        ],
      },
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors[0].path).toContain('dimensions');
  });

  it('the migration clamps slot limits saved above the cap', async () => {
    const huge = [{ file_name: 'Old', file_description: '', file_type: 'pdf', dimensions: 1024 ** 3, mandatory: true }];
    await t.database.db
      .update(steps)
      .set({ content: JSON.stringify(huge) })
      .where(eq(steps.id, call.uploadStepId));
    const file = path.join(import.meta.dirname, '../../db/migrations/0018_clamp-upload-slot-limits.sql');
    await t.database.db.execute(sql.raw(fs.readFileSync(file, 'utf8')));
    const [step] = await t.database.db.select().from(steps).where(eq(steps.id, call.uploadStepId));
    expect(JSON.parse(step?.content ?? '')).toEqual([{ ...huge[0], dimensions: UPLOAD_MAX_BYTES }]);
  });
});
