import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../test/build-test-app';
import { multipart, PNG_BYTES } from '../../../../test/fixtures';
import { signInAs } from '../../../../test/sign-in';
import { newPglite } from '../../../db/client';
import { adminFiles, fileChunks } from '../../../db/schema';
import { CHUNK_BYTES } from './postgres-store';

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

describe('files in PostgreSQL, the default backend', () => {
  let t: TestApp;
  let admin: { headers: Record<string, string> };
  beforeAll(async () => {
    t = await buildTestApp();
    admin = await signInAs(t.database.db, { email: 'admin@example.org', roles: ['admin'] });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('a file larger than a chunk is stored as numbered chunks and streams back byte for byte', async () => {
    // A whole tiny PNG, then bytes that differ chunk to chunk: a reordered or lost chunk changes the hash.
    const bytes = Buffer.alloc(CHUNK_BYTES * 2 + 12_345);
    for (let i = 0; i < bytes.length; i++) bytes[i] = (i * 31 + (i >> 10)) & 0xff;
    PNG_BYTES.copy(bytes);
    const body = multipart({}, { name: 'big.png', bytes, type: 'image/png' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/FileUpload/UploadAdminFile',
      headers: { ...admin.headers, ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await t.database.db.select().from(adminFiles).where(eq(adminFiles.id, res.json().id));
    expect(row).toMatchObject({ storage: 'postgres', size: bytes.length, sha256: sha256(bytes) });
    const chunks = await t.database.db
      .select({ seq: fileChunks.seq })
      .from(fileChunks)
      .where(eq(fileChunks.key, row?.storageKey ?? ''));
    expect(chunks.map((c) => c.seq).sort()).toEqual([0, 1, 2]);
    const down = await t.app.inject({ url: `/api/FileUpload/GetAdminFile?fileId=${row?.id}`, headers: admin.headers });
    expect(down.headers['content-length']).toBe(String(bytes.length));
    expect(sha256(down.rawPayload)).toBe(sha256(bytes));

    const del = await t.app.inject({
      method: 'POST',
      url: `/api/FileUpload/DeleteAdminFile?fileId=${row?.id}`,
      headers: admin.headers,
    });
    expect(del.statusCode).toBe(204);
    const left = await t.database.db
      .select()
      .from(fileChunks)
      .where(eq(fileChunks.key, row?.storageKey ?? ''));
    expect(left).toHaveLength(0);
  });
});

describe('the upgrade from bytes in rows (migrations 0009-0011)', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ic-mig-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('moves every existing file into file_chunks with its key and checksum, then drops the bytes', async () => {
    const source = path.join(import.meta.dirname, '../../../db/migrations');
    // The migrations as they were while file bytes lived in the rows: the journal cut after 0008.
    const before = path.join(dir, 'before');
    fs.cpSync(source, before, { recursive: true });
    const journal = JSON.parse(fs.readFileSync(path.join(before, 'meta/_journal.json'), 'utf8'));
    journal.entries = journal.entries.filter((e: { idx: number }) => e.idx <= 8);
    fs.writeFileSync(path.join(before, 'meta/_journal.json'), JSON.stringify(journal));

    const client = newPglite();
    try {
      const db = drizzle(client);
      await migrate(db, { migrationsFolder: before });
      const bytes = Buffer.from('an old file kept as bytea');
      await db.execute(
        sql`insert into admin_files (id, file_name, mime_type, size, bytes) values ('00000000-0000-0000-0000-0000000000aa', 'old.png', 'image/png', ${bytes.length}, ${bytes})`,
      );
      await migrate(db, { migrationsFolder: source });
      const row = (
        await db.execute<{ storage: string; storage_key: string; sha256: string }>(
          sql`select storage, storage_key, sha256 from admin_files`,
        )
      ).rows[0];
      expect(row).toEqual({
        storage: 'postgres',
        storage_key: 'admin-files/00000000-0000-0000-0000-0000000000aa',
        sha256: sha256(bytes),
      });
      const chunk = (await db.execute<{ bytes: Uint8Array }>(sql`select bytes from file_chunks where seq = 0`)).rows[0];
      expect(Buffer.from(chunk?.bytes ?? []).equals(bytes)).toBe(true);
      const columns = await db.execute(
        sql`select 1 from information_schema.columns where table_name in ('files', 'admin_files') and column_name = 'bytes'`,
      );
      expect(columns.rows).toHaveLength(0);
    } finally {
      await client.close();
    }
  });
});
