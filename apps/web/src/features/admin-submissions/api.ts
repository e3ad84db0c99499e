import {
  NEXT_CURSOR_HEADER,
  SUBMISSIONS_PAGE_SIZE,
  TOTAL_COUNT_HEADER,
  type TSubmissionListItem,
  ZSubmissionListItem,
} from '@impact/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../lib/api-client';

const key = ['admin', 'submissions'] as const;

export type SubmissionFilters = {
  callId?: string | undefined;
  closed?: boolean | undefined;
  search?: string | undefined;
};
export type SubmissionPage = { items: TSubmissionListItem[]; total: number; nextCursor: string | null };

/** GET Call/GetSubmissions, one page at a time: filtered and counted by the server. */
export function useAdminSubmissions(filters: SubmissionFilters, cursor: string | null) {
  return useQuery({
    queryKey: [...key, filters, cursor],
    placeholderData: keepPreviousData,
    queryFn: async (): Promise<SubmissionPage> => {
      let total = 0;
      let nextCursor: string | null = null;
      const body = await apiRequest('Call/GetSubmissions', {
        query: {
          callId: filters.callId,
          closed: filters.closed,
          search: filters.search || undefined,
          limit: SUBMISSIONS_PAGE_SIZE,
          cursor: cursor ?? undefined,
        },
        onHeaders: (headers) => {
          total = Number(headers.get(TOTAL_COUNT_HEADER) ?? 0);
          nextCursor = headers.get(NEXT_CURSOR_HEADER);
        },
      });
      return { items: z.array(ZSubmissionListItem).parse(body), total, nextCursor };
    },
  });
}

export function useReopenSubmission() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (submissionId: string) =>
      apiRequest('CallSubmission/ReOpenSubmission', { method: 'POST', query: { submissionId } }),
    onSuccess: () => client.invalidateQueries({ queryKey: key }),
  });
}

export function useDeleteSubmission() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (submissionId: string) =>
      apiRequest('CallSubmission/DeleteSubmission', { method: 'POST', query: { submissionId } }),
    onSuccess: () => client.invalidateQueries({ queryKey: key }),
  });
}
