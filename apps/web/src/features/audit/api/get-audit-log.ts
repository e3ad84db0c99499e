import { type TAuditPage, type TAuditQuery, ZAuditPage } from '@impact/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export async function getAuditLog(query: TAuditQuery): Promise<TAuditPage> {
  return ZAuditPage.parse(
    await apiRequest('Audit/GetAuditLog', {
      query: Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined && v !== '')) as Record<
        string,
        string | number
      >,
    }),
  );
}

export function useAuditLog(query: TAuditQuery) {
  return useQuery({ queryKey: ['audit', query], queryFn: () => getAuditLog(query), placeholderData: keepPreviousData });
}
