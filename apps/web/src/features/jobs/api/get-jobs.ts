import { type TJobsPage, type TJobsQuery, ZJobsPage } from '@impact/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const jobKeys = { all: ['jobs'] as const };

export async function getJobs(query: TJobsQuery): Promise<TJobsPage> {
  return ZJobsPage.parse(
    await apiRequest('Jobs/GetJobs', {
      query: Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined && v !== '')) as Record<
        string,
        string | number
      >,
    }),
  );
}

/** Refreshed every 10 s while the page is open: jobs change state on their own. */
export function useJobs(query: TJobsQuery) {
  return useQuery({
    queryKey: [...jobKeys.all, query],
    queryFn: () => getJobs(query),
    placeholderData: keepPreviousData,
    refetchInterval: 10_000,
  });
}
