import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { seed } from '../seed';
import { openDatabase } from './client';
import { runMigrations } from './migrate';
import { configs } from './schema';

// What a second `npm start` on the same data directory does: migrate and seed again.
describe('restart on the same embedded data directory', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ic-restart-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('keeps the data and does not seed twice', async () => {
    const config = loadConfig({ DATA_DIR: dir, SEED_DEMO: 'false' });
    const first = await openDatabase(config.database);
    await runMigrations(first);
    expect((await seed(first.db, config)).configCreated).toBe(true);
    await first.db.update(configs).set({ name: 'Fondazione Esempio' });
    await first.close();

    const second = await openDatabase(config.database);
    await runMigrations(second);
    expect((await seed(second.db, config)).configCreated).toBe(false);
    const rows = await second.db.select().from(configs);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.name).toBe('Fondazione Esempio');
    await second.close();
  });
});
