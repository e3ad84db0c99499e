import type { TConfig } from '@impact/domain';

export const ADMIN_TABS = ['calls', 'submissions', 'report', 'portfolio', 'customize', 'impactframe'] as const;
export type AdminTab = (typeof ADMIN_TABS)[number];

/**
 * SPEC 2 and 6: the customize tab only for admins of the organisation's domain. The server decides
 * (GET Config/CanCustomize, from CUSTOMIZE_EMAIL_DOMAIN) and refuses the endpoints to anyone else;
 * the tab follows its answer.
 */
export function visibleAdminTabs(
  canCustomize: boolean,
  _config: Pick<TConfig, 'workspacePowerBiId' | 'reportPowerBiId'>,
): AdminTab[] {
  return ADMIN_TABS.filter((tab) => {
    if (tab === 'customize') return canCustomize;
    // The tab holds the built-in call dashboard, which needs no Power BI; the configured
    // Power BI report is one more thing in it (SPEC 2 made the whole tab depend on those ids).
    return true;
  });
}
