import { isEmptyId, type TConfig } from '@impact/domain';

/** SPEC 2: the report tab needs both a workspace id and a report id (the empty id counts as none). */
export function hasReport(config: Pick<TConfig, 'workspacePowerBiId' | 'reportPowerBiId'>): boolean {
  return !isEmptyId(config.workspacePowerBiId.trim()) && !isEmptyId(config.reportPowerBiId.trim());
}
