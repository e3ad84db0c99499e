import { ZOrganizationInput } from '@impact/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizationForm } from '../../../test/fixtures';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database';
import { organizations, users } from '../../db/schema';
import { OWNERSHIP_MAX, OWNERSHIP_TTL_MS, OwnershipCache } from './ownership-cache';
import { createOrganization } from './service';

/** Each way a remembered owner could go stale: a deletion here, a deletion elsewhere, a read overtaken. */
describe('OwnershipCache', () => {
  let created: TestDatabase;
  let owner: string;
  let other: string;

  beforeAll(async () => {
    created = await createTestDatabase({ from: 'template' });
    const rows = await created.database.db
      .insert(users)
      .values(['owner', 'other'].map((s) => ({ issuer: 'test', subject: s, email: `${s}@ente.example` })))
      .returning({ id: users.id });
    owner = rows[0]?.id ?? '';
    other = rows[1]?.id ?? '';
  });
  afterAll(() => created?.database && created.drop());

  const newOrganization = async () =>
    (await createOrganization(created.database.db, owner, ZOrganizationInput.parse(organizationForm()))).id;
  const deleteBehindItsBack = (id: string) => created.database.db.delete(organizations).where(eq(organizations.id, id));

  it('remembers a confirmed owner, and only for that user', async () => {
    const cache = new OwnershipCache(created.database.db);
    const org = await newOrganization();
    expect(cache.has(owner, org)).toBe(false);
    expect(await cache.isOwnedBy(owner, org)).toBe(true);
    expect(cache.has(owner, org)).toBe(true);
    expect(cache.has(other, org)).toBe(false);
    expect(await cache.isOwnedBy(other, org)).toBe(false);
    expect(OWNERSHIP_TTL_MS).toBe(10_000);
    expect(OWNERSHIP_MAX).toBe(20_000);
  });

  it('forgets an organization deleted on this instance at once', async () => {
    const cache = new OwnershipCache(created.database.db);
    const org = await newOrganization();
    expect(await cache.isOwnedBy(owner, org)).toBe(true);
    await deleteBehindItsBack(org);
    cache.forgetOrganization(org);
    expect(cache.has(owner, org)).toBe(false);
    expect(await cache.isOwnedBy(owner, org)).toBe(false);
  });

  it('sees an organization deleted by another instance once its time to live has passed', async () => {
    const cache = new OwnershipCache(created.database.db, 200);
    const org = await newOrganization();
    expect(await cache.isOwnedBy(owner, org)).toBe(true);
    expect(cache.has(owner, org)).toBe(true);
    await deleteBehindItsBack(org);
    await new Promise((r) => setTimeout(r, 250));
    expect(cache.has(owner, org)).toBe(false);
    expect(await cache.isOwnedBy(owner, org)).toBe(false);
  });

  it('does not keep a read that a deletion on this instance overtook', async () => {
    const cache = new OwnershipCache(created.database.db);
    const org = await newOrganization();
    const reading = cache.isOwnedBy(owner, org);
    cache.forgetOrganization(org);
    expect(await reading).toBe(true);
    expect(cache.has(owner, org)).toBe(false);
  });
});
