import {
  TOTAL_COUNT_HEADER,
  type TUserCall,
  type TUserCallListItem,
  USER_CALL_PAGE_SIZE,
  ZUserCall,
  ZUserCallListItem,
} from '@impact/domain';
import { infiniteQueryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

export const userCallsKey = (organizationId: string | null) => ['calls', 'user', organizationId ?? 'none'] as const;

type CallPage = { items: TUserCallListItem[]; total: number };

/** GET Call/GetCallListUser, a page of cards at a time (open calls first), with the total. */
export function userCallsQuery(organizationId: string | null) {
  return infiniteQueryOptions({
    queryKey: userCallsKey(organizationId),
    initialPageParam: 1,
    queryFn: async ({ pageParam }): Promise<CallPage> => {
      let total = 0;
      const body = await apiRequest('Call/GetCallListUser', {
        query: { page: pageParam, pageSize: USER_CALL_PAGE_SIZE },
        onHeaders: (headers) => {
          total = Number(headers.get(TOTAL_COUNT_HEADER) ?? 0);
        },
      });
      return { items: z.array(ZUserCallListItem).parse(body), total };
    },
    getNextPageParam: (last: CallPage, pages: CallPage[]) =>
      pages.reduce((n, p) => n + p.items.length, 0) < last.total && last.items.length > 0
        ? pages.length + 1
        : undefined,
  });
}

/**
 * The call list. `enabled` waits for the organization selection, so the list is asked for once,
 * with the organization whose submissions it shows.
 */
export function useUserCalls(organizationId: string | null, enabled: boolean) {
  return useInfiniteQuery({ ...userCallsQuery(organizationId), enabled });
}

export function useUserCall(callId: string | undefined) {
  return useQuery({
    queryKey: ['calls', 'user-call', callId],
    enabled: Boolean(callId),
    queryFn: async (): Promise<TUserCall> =>
      ZUserCall.parse(await apiRequest('Call/GetCallById', { query: { callId } })),
  });
}
