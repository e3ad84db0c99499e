import {
  DASHBOARD_ORGANIZATIONS_PAGE_SIZE,
  NEXT_CURSOR_HEADER,
  type TDashboardOrganization,
  TOTAL_COUNT_HEADER,
  ZDashboardOrganization,
} from '@impact/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { reportKeys } from './keys';

export type OrganizationsPage = { items: TDashboardOrganization[]; total: number; nextCursor: string | null };

/** GET Report/GetDashboardOrganizations, one keyset page at a time. */
export function useDashboardOrganizations(callId: string, cursor: string | null) {
  return useQuery({
    queryKey: reportKeys.organizations(callId, cursor),
    placeholderData: keepPreviousData,
    queryFn: async (): Promise<OrganizationsPage> => {
      let total = 0;
      let nextCursor: string | null = null;
      const body = await apiRequest('Report/GetDashboardOrganizations', {
        query: { callId, limit: DASHBOARD_ORGANIZATIONS_PAGE_SIZE, cursor: cursor ?? undefined },
        onHeaders: (headers) => {
          total = Number(headers.get(TOTAL_COUNT_HEADER) ?? 0);
          nextCursor = headers.get(NEXT_CURSOR_HEADER);
        },
      });
      return { items: z.array(ZDashboardOrganization).parse(body), total, nextCursor };
    },
  });
}
