import { EMPTY_ID } from '@impact/domain';
import { describe, expect, it } from 'vitest';
import { visibleAdminTabs } from './admin-tabs';

const config = { workspacePowerBiId: EMPTY_ID, reportPowerBiId: EMPTY_ID };

describe('admin index tabs', () => {
  it('customize only when the server says this admin may customise', () => {
    expect(visibleAdminTabs(false, config)).not.toContain('customize');
    expect(visibleAdminTabs(true, config)).toContain('customize');
  });
  it('report always (the built-in dashboard; the Power BI report in it: reports/has-report.test.ts)', () => {
    expect(visibleAdminTabs(false, config)).toEqual(['calls', 'submissions', 'report', 'portfolio', 'impactframe']);
    expect(visibleAdminTabs(true, { workspacePowerBiId: 'w-1', reportPowerBiId: 'r-1' })).toEqual([
      'calls',
      'submissions',
      'report',
      'portfolio',
      'customize',
      'impactframe',
    ]);
  });
});
