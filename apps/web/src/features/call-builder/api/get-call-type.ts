import { type TCallType, ZCallType } from '@impact/domain';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { callBuilderKeys } from './keys';

export async function getCallType(callTypeId: string): Promise<TCallType> {
  return ZCallType.parse(await apiRequest<unknown>('Call/GetCallType', { query: { callTypeId } }));
}

export function useCallType(callTypeId: string | undefined) {
  return useQuery({
    queryKey: [...callBuilderKeys.callTypes(), callTypeId ?? ''],
    queryFn: () => getCallType(callTypeId ?? ''),
    enabled: Boolean(callTypeId),
  });
}
