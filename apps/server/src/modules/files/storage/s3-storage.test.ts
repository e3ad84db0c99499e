import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../test/build-test-app';
import {
  createOpenCall,
  createOrganization,
  EXE_BYTES,
  multipart,
  PDF_BYTES,
  PNG_BYTES,
  submitToCall,
} from '../../../../test/fixtures';
import { startTestS3, type TestS3 } from '../../../../test/s3-server';
import { signInAs } from '../../../../test/sign-in';
import { adminFiles, fileChunks, files } from '../../../db/schema';
import { createFileStorage } from './index';
import { moveFiles } from './move';

type Who = { headers: Record<string, string> };
const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const MB = 1024 * 1024;

describe('files in S3-compatible object storage', () => {
  let s3: TestS3;
  let t: TestApp;
  let client: S3Client;
  let admin: Who;
  let anna: Who;
  let eve: Who;

  const objectKeys = async () => {
    const res = await client.send(new ListObjectsV2Command({ Bucket: s3.bucket }));
    return (res.Contents ?? []).map((o) => o.Key ?? '').sort();
  };
  const uploadAdminFile = (payload: Buffer | Readable, headers: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/FileUpload/UploadAdminFile',
      headers: { ...admin.headers, ...headers },
      payload,
    });

  beforeAll(async () => {
    s3 = await startTestS3();
    t = await buildTestApp({ ...s3.env, ADMIN_FILE_MAX_BYTES: String(36 * MB) });
    client = new S3Client({
      endpoint: s3.endpoint,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });
    admin = await signInAs(t.database.db, { email: 'admin@example.org', roles: ['admin'] });
    anna = await signInAs(t.database.db, { email: 'anna@ente.example' });
    eve = await signInAs(t.database.db, { email: 'eve@example.org' });
  });
  afterAll(async () => {
    client?.destroy();
    await t?.close();
    await s3?.stop();
  });

  it('an admin file goes to the bucket, the row keeps name, type, size, checksum and owner, and it downloads only after the access check', async () => {
    const body = multipart({}, { name: 'guide.png', bytes: PNG_BYTES, type: 'image/png' });
    const res = await uploadAdminFile(body.payload, body.headers);
    expect(res.statusCode, res.body).toBe(201);
    const id: string = res.json().id;
    const [row] = await t.database.db.select().from(adminFiles).where(eq(adminFiles.id, id));
    expect(row).toMatchObject({
      fileName: 'guide.png',
      mimeType: 'image/png',
      size: PNG_BYTES.length,
      storage: 's3',
      storageKey: `admin-files/${id}`,
      sha256: sha256(PNG_BYTES),
      uploadedByUserId: expect.any(String),
    });
    expect(await objectKeys()).toContain(`admin-files/${id}`);
    const chunks = await t.database.db
      .select()
      .from(fileChunks)
      .where(eq(fileChunks.key, `admin-files/${id}`));
    expect(chunks).toHaveLength(0);

    const down = await t.app.inject({ url: `/api/FileUpload/GetAdminFile?fileId=${id}`, headers: admin.headers });
    expect(down.statusCode).toBe(200);
    expect(down.rawPayload.equals(PNG_BYTES)).toBe(true);
    expect(down.headers['content-disposition']).toContain('attachment');
    const denied = await t.app.inject({ url: `/api/FileUpload/GetAdminFile?fileId=${id}`, headers: anna.headers });
    expect(denied.statusCode).toBe(403);

    // As a call's custom file: applicants without a closed submission get 404, not the bytes.
    const call = await createOpenCall(t.app, admin.headers, { name: 'S3 call' });
    const set = await t.app.inject({
      method: 'POST',
      url: '/api/CallSubmission/AddCustomFile',
      headers: admin.headers,
      payload: { callId: call.id, fileId: id },
    });
    expect(set.statusCode, set.body).toBe(204);
    const early = await t.app.inject({
      url: `/api/CallSubmission/GetCustomFile?callId=${call.id}`,
      headers: anna.headers,
    });
    expect(early.statusCode).toBe(404);
    const org = await createOrganization(t.app, anna.headers, 'Aurora S3');
    const submissionId = await submitToCall(t.app, anna.headers, org, call);
    const custom = await t.app.inject({
      url: `/api/CallSubmission/GetCustomFile?callId=${call.id}`,
      headers: anna.headers,
    });
    expect(custom.statusCode).toBe(200);
    expect(custom.rawPayload.equals(PNG_BYTES)).toBe(true);

    // The submission's PDF (uploaded by submitToCall) is in the bucket too, and only its owner and admins read it.
    const [pdf] = await t.database.db.select().from(files).where(eq(files.callSubmissionId, submissionId));
    expect(pdf).toMatchObject({ storage: 's3', sha256: sha256(PDF_BYTES), size: PDF_BYTES.length });
    expect(await objectKeys()).toContain(`files/${pdf?.id}`);
    const mine = await t.app.inject({
      url: `/api/FileUpload/GetFile?downloadId=${pdf?.id}`,
      headers: { ...anna.headers, 'x-organization-id': org },
    });
    expect(mine.statusCode).toBe(200);
    expect(mine.rawPayload.equals(PDF_BYTES)).toBe(true);
    const theirs = await t.app.inject({ url: `/api/FileUpload/GetFile?downloadId=${pdf?.id}`, headers: eve.headers });
    expect(theirs.statusCode).toBe(404);
  });

  it('refused uploads leave nothing in the bucket; deleting a file removes its object', async () => {
    const before = await objectKeys();
    const exe = multipart({}, { name: 'guide.png', bytes: EXE_BYTES, type: 'image/png' });
    expect((await uploadAdminFile(exe.payload, exe.headers)).statusCode).toBe(415);
    const png = multipart({}, { name: 'tmp.png', bytes: PNG_BYTES, type: 'image/png' });
    const made = await uploadAdminFile(png.payload, png.headers);
    expect(made.statusCode).toBe(201);
    expect(await objectKeys()).toHaveLength(before.length + 1);
    const del = await t.app.inject({
      method: 'POST',
      url: `/api/FileUpload/DeleteAdminFile?fileId=${made.json().id}`,
      headers: admin.headers,
    });
    expect(del.statusCode).toBe(204);
    expect(await objectKeys()).toEqual(before);
  });

  it('files:move copies every file to the other backend, verifying checksums, and back', async () => {
    const storage = createFileStorage(t.database.db, t.config.fileStorage);
    try {
      const toPg = await moveFiles(t.database.db, storage, 'postgres');
      expect(toPg.failed).toEqual([]);
      expect(toPg.moved).toBeGreaterThanOrEqual(2);
      expect(await objectKeys()).toEqual([]);
      const rows = await t.database.db.select({ storage: files.storage }).from(files);
      expect(rows.every((r) => r.storage === 'postgres')).toBe(true);
      const [one] = await t.database.db.select().from(adminFiles).limit(1);
      const down = await t.app.inject({
        url: `/api/FileUpload/GetAdminFile?fileId=${one?.id}`,
        headers: admin.headers,
      });
      expect(down.rawPayload.equals(PNG_BYTES)).toBe(true);

      // A file whose bytes no longer match its checksum is reported and left where it is.
      await t.database.db.execute(
        sql`update file_chunks set bytes = '\\x00'::bytea where key = ${one?.storageKey} and seq = 0`,
      );
      const toS3 = await moveFiles(t.database.db, storage, 's3');
      expect(toS3.failed.map((f) => f.key)).toEqual([one?.storageKey]);
      expect(toS3.failed[0]?.reason).toMatch(/checksum/);
      expect(toS3.moved).toBe(toPg.moved - 1);
      const [still] = await t.database.db
        .select()
        .from(adminFiles)
        .where(eq(adminFiles.id, one?.id ?? ''));
      expect(still?.storage).toBe('postgres');
      expect(await objectKeys()).not.toContain(one?.storageKey);
    } finally {
      await storage.close();
    }
  });

  it("deleting a submission removes its files' objects from the bucket", async () => {
    const call = await createOpenCall(t.app, admin.headers, { name: 'Deleted later' });
    const org = await createOrganization(t.app, eve.headers, 'Eve org');
    const submissionId = await submitToCall(t.app, eve.headers, org, call);
    const [pdf] = await t.database.db.select().from(files).where(eq(files.callSubmissionId, submissionId));
    expect(await objectKeys()).toContain(`files/${pdf?.id}`);
    const del = await t.app.inject({
      method: 'POST',
      url: `/api/CallSubmission/DeleteSubmission?submissionId=${submissionId}`,
      headers: admin.headers,
    });
    expect(del.statusCode, del.body).toBe(204);
    expect(await objectKeys()).not.toContain(`files/${pdf?.id}`);
  });

  it('a 30 MB upload streams to S3 with the server process growing by less than 20 MB', async () => {
    const boundary = '----icbig';
    // An MP4 header (ftyp isom), then the same 64 KiB block over and over: the test holds no 30 MB buffer.
    const head = Buffer.alloc(64 * 1024, 0x41);
    Buffer.from([0, 0, 0, 0x18, 0x66, 0x74, 0x79, 0x70, 0x69, 0x73, 0x6f, 0x6d, 0, 0, 2, 0]).copy(head);
    Buffer.from('isomiso2').copy(head, 16);
    const block = Buffer.alloc(64 * 1024, 0x5a);
    async function* body(size: number) {
      yield Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="File"; filename="film.mp4"\r\nContent-Type: video/mp4\r\n\r\n`,
      );
      yield head;
      for (let sent = head.length; sent < size; sent += block.length) yield block;
      yield Buffer.from(`\r\n--${boundary}--\r\n`);
    }
    const headers = { 'content-type': `multipart/form-data; boundary=${boundary}` };
    // One 6 MB upload first: the multipart-upload code paths load and compile once per process, not per file.
    const warm = await uploadAdminFile(Readable.from(body(6 * MB)), headers);
    expect(warm.statusCode, warm.body).toBe(201);

    const size = 30 * MB;
    const hash = createHash('sha256').update(head);
    for (let sent = head.length; sent < size; sent += block.length) hash.update(block);
    const rssBefore = process.memoryUsage().rss;
    let peak = rssBefore;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 5);
    const started = Date.now();
    const res = await uploadAdminFile(Readable.from(body(size)), headers);
    const ms = Date.now() - started;
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage().rss);
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await t.database.db.select().from(adminFiles).where(eq(adminFiles.id, res.json().id));
    expect(row).toMatchObject({ size, storage: 's3', sha256: hash.digest('hex') });
    const growthMb = (peak - rssBefore) / MB;
    console.log(`30 MB upload to S3: ${ms} ms, RSS growth ${growthMb.toFixed(1)} MB`);
    expect(growthMb).toBeLessThan(20);
    // The parts came back together in order.
    const down = await t.app.inject({
      url: `/api/FileUpload/GetAdminFile?fileId=${res.json().id}`,
      headers: admin.headers,
    });
    expect(down.rawPayload.length).toBe(size);
    expect(sha256(down.rawPayload)).toBe(row?.sha256);
  });
  it('a bucket that does not answer makes /readyz say degraded, and the reason is logged once, not at every probe', async () => {
    const lines: string[] = [];
    // Port 9 (discard) has nothing listening here: every request to it is refused at once.
    const unreachable = await buildTestApp(
      { ...s3.env, S3_ENDPOINT: 'http://127.0.0.1:9', LOG_LEVEL: 'warn' },
      { logStream: { write: (line) => lines.push(line) } },
    );
    try {
      for (let probe = 0; probe < 2; probe++) {
        const ready = await unreachable.app.inject('/readyz');
        expect(ready.statusCode).toBe(200);
        expect(ready.json().checks).toMatchObject({ database: 'ok', fileStorage: 'degraded' });
      }
      const logged = lines.filter((line) => line.includes('file storage check failed'));
      expect(logged).toHaveLength(1);
      expect(logged[0]).toMatch(/ECONNREFUSED/);
    } finally {
      await unreachable.close();
    }
  });
});
