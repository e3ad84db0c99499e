import { type TCall, ZCall } from '@impact/domain';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { callBuilderKeys } from './keys';

export async function getCallByIdAdmin(callId: string): Promise<TCall> {
  return ZCall.parse(await apiRequest<unknown>('Call/GetCallByIdAdmin', { query: { callId } }));
}

export function useCallByIdAdmin(callId: string) {
  return useQuery({ queryKey: callBuilderKeys.call(callId), queryFn: () => getCallByIdAdmin(callId), retry: false });
}
