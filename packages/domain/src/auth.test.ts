import { describe, expect, it } from 'vitest';
import { initialsOf, isAdmin } from './auth';

describe('isAdmin', () => {
  it('is case-insensitive (SPEC 6)', () => {
    expect(isAdmin(['Admin'])).toBe(true);
    expect(isAdmin(['user', 'ADMIN'])).toBe(true);
  });
  it('needs the exact role name', () => {
    expect(isAdmin(['administrator', 'user'])).toBe(false);
    expect(isAdmin([])).toBe(false);
  });
});

describe('initialsOf', () => {
  it('takes the first letters of first and last name', () => {
    expect(initialsOf({ firstName: 'giulia', lastName: 'Rossi', email: 'g@x.it' })).toBe('GR');
  });
  it('falls back to the e-mail', () => {
    expect(initialsOf({ firstName: ' ', lastName: '', email: 'mario@x.it' })).toBe('M');
  });
});
