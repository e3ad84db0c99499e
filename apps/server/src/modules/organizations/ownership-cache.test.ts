import { describe, expect, it } from 'vitest';
import { OwnershipCache } from './ownership-cache';

describe('OwnershipCache', () => {
  it('trusts a confirmed owner for ten seconds, then asks again', () => {
    const cache = new OwnershipCache();
    expect(cache.has('u', 'o', 0)).toBe(false);
    cache.remember('u', 'o', 0);
    expect(cache.has('u', 'o', 9_999)).toBe(true);
    expect(cache.has('other', 'o', 1)).toBe(false);
    expect(cache.has('u', 'o', 10_000)).toBe(false);
  });

  it('forgets every user of a deleted organization', () => {
    const cache = new OwnershipCache();
    cache.remember('u', 'o', 0);
    cache.remember('u', 'p', 0);
    cache.forgetOrganization('o');
    expect(cache.has('u', 'o', 1)).toBe(false);
    expect(cache.has('u', 'p', 1)).toBe(true);
  });

  it('stays bounded', () => {
    const cache = new OwnershipCache();
    for (let i = 0; i < 20_001; i++) cache.remember(`u${i}`, 'o', 0);
    expect(cache.has('u0', 'o', 1)).toBe(false);
    expect(cache.has('u20000', 'o', 1)).toBe(true);
  });
});
