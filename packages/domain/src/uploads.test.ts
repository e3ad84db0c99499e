import { describe, expect, it } from 'vitest';
import { FILE_DESCRIPTION_MAX, formatBytes, truncateDescription } from './uploads';

describe('upload rules', () => {
  it('cuts descriptions at 1024 characters, counting characters not bytes', () => {
    expect(truncateDescription('é'.repeat(2000))).toHaveLength(FILE_DESCRIPTION_MAX);
    expect(truncateDescription('short')).toBe('short');
  });
  it('formats limits with their unit', () => {
    expect(formatBytes(3 * 1024 * 1024)).toEqual({ value: 3, unit: 'MB' });
    expect(formatBytes(1536)).toEqual({ value: 1.5, unit: 'KB' });
    expect(formatBytes(500)).toEqual({ value: 500, unit: 'B' });
  });
});
