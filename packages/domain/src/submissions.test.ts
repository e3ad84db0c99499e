import { describe, expect, it } from 'vitest';
import { emailAllowedByFilter } from './submissions';

describe('emailAllowedByFilter', () => {
  it('lets everyone in when the filter is off', () => {
    expect(emailAllowedByFilter({ isUserFilterEnable: false, userFilterEmail: 'a@b.it' }, 'x@y.it')).toBe(true);
  });
  it('compares case-insensitively with spaces trimmed', () => {
    const filter = { isUserFilterEnable: true, userFilterEmail: ' Anna@Ente.it , bob@x.org' };
    expect(emailAllowedByFilter(filter, 'anna@ente.IT')).toBe(true);
    expect(emailAllowedByFilter(filter, 'bob@x.org ')).toBe(true);
    expect(emailAllowedByFilter(filter, 'eve@x.org')).toBe(false);
  });
  it('an enabled filter with no addresses lets nobody in', () => {
    expect(emailAllowedByFilter({ isUserFilterEnable: true, userFilterEmail: '' }, 'a@b.it')).toBe(false);
  });
});
