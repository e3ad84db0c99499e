import { isEmptyId, type TConfig } from '@impact/domain';

export const ADMIN_TABS = ['calls', 'submissions', 'report', 'customize', 'impactframe'] as const;
export type AdminTab = (typeof ADMIN_TABS)[number];

/**
 * SPEC 2: the customize tab shows only when the user's e-mail contains the configured
 * organisation domain. An empty domain means no restriction was configured, so every admin sees
 * it (otherwise a fresh installation could never be branded).
 */
export function canCustomize(email: string, domain: string): boolean {
  const d = domain.trim().toLowerCase();
  return d === '' || email.toLowerCase().includes(d);
}

/** SPEC 2: the report tab needs both a workspace id and a report id (the empty id counts as none). */
export function hasReport(config: Pick<TConfig, 'workspacePowerBiId' | 'reportPowerBiId'>): boolean {
  return !isEmptyId(config.workspacePowerBiId) && !isEmptyId(config.reportPowerBiId);
}

export function visibleAdminTabs(
  email: string,
  config: Pick<TConfig, 'domain' | 'workspacePowerBiId' | 'reportPowerBiId'>,
): AdminTab[] {
  return ADMIN_TABS.filter((tab) => {
    if (tab === 'customize') return canCustomize(email, config.domain);
    if (tab === 'report') return hasReport(config);
    return true;
  });
}
