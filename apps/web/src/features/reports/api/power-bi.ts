import { type TReportEmbed, type TReportEntry, ZPowerBiStatus, ZReportEmbed, ZReportEntry } from '@impact/domain';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

/** GET PowerBi/Status: whether the server has Power BI settings (without them nothing calls out). */
export function usePowerBiStatus() {
  return useQuery({
    queryKey: ['power-bi', 'status'],
    staleTime: 5 * 60_000,
    queryFn: async () => ZPowerBiStatus.parse(await apiRequest('PowerBi/Status')),
  });
}

/** GET PowerBi/Available: the reports of a workspace. */
export function useAvailableReports(groupId: string, enabled: boolean) {
  return useQuery({
    queryKey: ['power-bi', 'available', groupId],
    enabled,
    queryFn: async (): Promise<TReportEntry[]> =>
      z.array(ZReportEntry).parse(await apiRequest('PowerBi/Available', { query: { groupId } })),
  });
}

/** GET PBITokens, or GetPBITokenRls with an organization: the embed URL and a short-lived token. */
export function useReportEmbed(input: { workspaceId: string; reportId: string; orgId?: string }, enabled: boolean) {
  return useQuery({
    queryKey: ['power-bi', 'embed', input.workspaceId, input.reportId, input.orgId ?? null],
    enabled,
    // Embed tokens expire (about an hour): take a new one rather than reuse an old one.
    staleTime: 30 * 60_000,
    retry: false,
    queryFn: async (): Promise<TReportEmbed> =>
      ZReportEmbed.parse(
        input.orgId
          ? await apiRequest('PBITokens/GetPBITokenRls', { query: input })
          : await apiRequest('PBITokens', { query: { workspaceId: input.workspaceId, reportId: input.reportId } }),
      ),
  });
}
