import { z } from 'zod';

/** SPEC 3 "Report entry" and "Report embed"; SPEC 7 PBITokens, PBITokens/GetPBITokenRls, PowerBi/Available. */
const pbiId = z
  .string()
  .trim()
  .min(1)
  .max(100)
  .regex(/^[A-Za-z0-9-]+$/);

export const ZPbiTokenQuery = z.object({ workspaceId: pbiId, reportId: pbiId });
export const ZPbiRlsTokenQuery = ZPbiTokenQuery.extend({ orgId: z.uuid() });
export const ZPbiAvailableQuery = z.object({ groupId: pbiId });

export const ZReportEntry = z.object({
  reportName: z.string(),
  reportId: z.string(),
  datasetId: z.string(),
  workspaceId: z.string(),
});
export type TReportEntry = z.infer<typeof ZReportEntry>;

export const ZReportEmbed = z.object({
  embedReport: z.array(z.object({ reportId: z.string(), embedUrl: z.string() })),
  embedToken: z.object({ token: z.string(), expiration: z.string() }),
  showFilters: z.boolean(),
});
export type TReportEmbed = z.infer<typeof ZReportEmbed>;

export const ZPowerBiStatus = z.object({ configured: z.boolean() });
