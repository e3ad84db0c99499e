import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client';
import { adminQuery, migrateAndSeed, type TemplateRef } from './test-database';

/**
 * Migrates and seeds one database per run, before any server test file starts; each test app's
 * database is then a copy of it (createTestDatabase({ from: 'template' })). Migrating took most
 * of a test file's setup, once per file.
 */
export default async function setup(project: TestProject) {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const name = `ic_tpl_${randomBytes(6).toString('hex')}`;
    await adminQuery(serverUrl, `create database ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    const database = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 1 });
    try {
      await migrateAndSeed(database);
    } finally {
      // PostgreSQL copies a template only while nobody is connected to it.
      await database.close();
    }
    project.provide('testDatabaseTemplate', { kind: 'postgres', name } satisfies TemplateRef);
    return async () => {
      await adminQuery(serverUrl, `drop database if exists ${name} with (force)`);
    };
  }

  const database = await openDatabase({ kind: 'pglite', dataDir: null });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ic-template-'));
  const dumpFile = path.join(dir, 'template.tar');
  try {
    await migrateAndSeed(database);
    if (database.raw.kind !== 'pglite') throw new Error('expected the embedded database');
    // Uncompressed: loading it is what every test file waits for, and gzip makes that slower.
    const dump = await database.raw.client.dumpDataDir('none');
    fs.writeFileSync(dumpFile, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await database.close();
  }
  project.provide('testDatabaseTemplate', { kind: 'pglite', dumpFile } satisfies TemplateRef);
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
