import { type TUserCall, ZUserCall } from '@impact/domain';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

export const userCallsKey = (organizationId: string | null) => ['calls', 'user', organizationId ?? 'none'] as const;

export function useUserCalls(organizationId: string | null) {
  return useQuery({
    queryKey: userCallsKey(organizationId),
    queryFn: async (): Promise<TUserCall[]> => z.array(ZUserCall).parse(await apiRequest('Call/GetCallListUser')),
  });
}

export function useUserCall(callId: string | undefined) {
  return useQuery({
    queryKey: ['calls', 'user-call', callId],
    enabled: Boolean(callId),
    queryFn: async (): Promise<TUserCall> =>
      ZUserCall.parse(await apiRequest('Call/GetCallById', { query: { callId } })),
  });
}
