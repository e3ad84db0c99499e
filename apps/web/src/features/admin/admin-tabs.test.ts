import { EMPTY_ID } from '@impact/domain';
import { describe, expect, it } from 'vitest';
import { hasReport, visibleAdminTabs } from './admin-tabs';

const config = { workspacePowerBiId: EMPTY_ID, reportPowerBiId: EMPTY_ID };

describe('admin index tabs', () => {
  it('customize only when the server says this admin may customise', () => {
    expect(visibleAdminTabs(false, config)).not.toContain('customize');
    expect(visibleAdminTabs(true, config)).toContain('customize');
  });
  it('report always (the built-in dashboard); the Power BI report only with both ids', () => {
    expect(visibleAdminTabs(false, config)).toEqual(['calls', 'submissions', 'report', 'impactframe']);
    expect(hasReport({ workspacePowerBiId: 'w-1', reportPowerBiId: '' })).toBe(false);
    expect(hasReport({ workspacePowerBiId: 'w-1', reportPowerBiId: '  ' })).toBe(false);
    expect(visibleAdminTabs(true, { workspacePowerBiId: 'w-1', reportPowerBiId: 'r-1' })).toEqual([
      'calls',
      'submissions',
      'report',
      'customize',
      'impactframe',
    ]);
  });
});
