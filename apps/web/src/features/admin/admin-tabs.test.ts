import { EMPTY_ID } from '@impact/domain';
import { describe, expect, it } from 'vitest';
import { canCustomize, visibleAdminTabs } from './admin-tabs';

const config = { domain: 'fondazione.it', workspacePowerBiId: EMPTY_ID, reportPowerBiId: EMPTY_ID };

describe('admin index tabs', () => {
  it('customize only for e-mails containing the configured domain; an empty domain shows it to every admin', () => {
    expect(canCustomize('anna@Fondazione.it', 'fondazione.it')).toBe(true);
    expect(canCustomize('anna@altro.org', 'fondazione.it')).toBe(false);
    expect(canCustomize('anna@altro.org', '')).toBe(true);
  });
  it('report only when both the workspace id and the report id are set', () => {
    expect(visibleAdminTabs('a@altro.org', config)).toEqual(['calls', 'submissions', 'impactframe']);
    expect(visibleAdminTabs('a@altro.org', { ...config, workspacePowerBiId: 'w-1' })).not.toContain('report');
    expect(
      visibleAdminTabs('a@altro.org', { ...config, workspacePowerBiId: 'w-1', reportPowerBiId: '' }),
    ).not.toContain('report');
    expect(
      visibleAdminTabs('a@fondazione.it', { ...config, workspacePowerBiId: 'w-1', reportPowerBiId: 'r-1' }),
    ).toEqual(['calls', 'submissions', 'report', 'customize', 'impactframe']);
  });
});
