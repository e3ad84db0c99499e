import { DEFAULT_DATA_CONSENT_TEXT, ZConfig } from '@impact/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { configs } from '../../db/schema';
import { seedDefaultConfig } from './service';

describe('branding config', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('GET /api/Config/GetConfig answers the seeded default, without signing in', async () => {
    const res = await t.app.inject('/api/Config/GetConfig');
    expect(res.statusCode).toBe(200);
    const config = ZConfig.parse(res.json());
    expect(config).toMatchObject({
      isActive: true,
      defaultLanguage: 'it',
      languageSelection: true,
      dataConsentText: DEFAULT_DATA_CONSENT_TEXT,
      logoWidth: 50,
      logoHeight: 50,
    });
  });

  it('seeding again creates nothing', async () => {
    expect(await seedDefaultConfig(t.database.db)).toBe(false);
    expect(await t.database.db.select().from(configs)).toHaveLength(1);
  });

  it('the database refuses a second active config', async () => {
    const insert = t.database.db.insert(configs).values({
      name: 'second',
      isActive: true,
      reportPowerBiId: '',
      workspacePowerBiId: '',
      dataConsentText: '',
    });
    await expect(insert).rejects.toThrow();
    // Inactive configs may be as many as the admins like.
    await t.database.db
      .insert(configs)
      .values({ name: 'draft', isActive: false, reportPowerBiId: '', workspacePowerBiId: '', dataConsentText: '' });
    expect(await t.database.db.select().from(configs)).toHaveLength(2);
  });
});
