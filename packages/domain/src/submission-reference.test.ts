import { describe, expect, it } from 'vitest';
import { submissionNumberIn, submissionReference } from './submissions';

describe('an application’s reference', () => {
  it('is the year it was started and its number, in five digits', () => {
    expect(submissionReference(42, '2026-03-01T10:00:00Z')).toBe('2026-00042');
    expect(submissionReference(123456, new Date('2027-06-01T10:00:00Z'))).toBe('2027-123456');
  });

  it('is found again from what a person types: the whole reference, its number with or without zeros', () => {
    expect(submissionNumberIn('2026-00042')).toBe(42);
    expect(submissionNumberIn(' 00042 ')).toBe(42);
    expect(submissionNumberIn('42')).toBe(42);
    expect(submissionNumberIn('0')).toBeNull();
    expect(submissionNumberIn('Cooperativa 42')).toBeNull();
    expect(submissionNumberIn('2026-')).toBeNull();
    expect(submissionNumberIn('99999999999')).toBeNull();
  });
});
