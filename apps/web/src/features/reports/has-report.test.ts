import { EMPTY_ID } from '@impact/domain';
import { describe, expect, it } from 'vitest';
import { hasReport } from './has-report';

describe('the Power BI report of the report tab', () => {
  it('only with both ids', () => {
    expect(hasReport({ workspacePowerBiId: EMPTY_ID, reportPowerBiId: EMPTY_ID })).toBe(false);
    expect(hasReport({ workspacePowerBiId: 'w-1', reportPowerBiId: '' })).toBe(false);
    expect(hasReport({ workspacePowerBiId: 'w-1', reportPowerBiId: '  ' })).toBe(false);
    expect(hasReport({ workspacePowerBiId: 'w-1', reportPowerBiId: 'r-1' })).toBe(true);
  });
});
