import { type TCallListItem, ZCallListItem } from '@impact/domain';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../api-client';

/**
 * Every call, for the admin's lists (the call builder's, the submissions tab, the report tab). The
 * key sits under the call builder's (`['call-builder']`): its writes refresh all of those, this list too.
 */
export const callListQueryKey = ['call-builder', 'calls'] as const;

export async function getCallList(): Promise<TCallListItem[]> {
  return ZCallListItem.array().parse(await apiRequest<unknown>('Call/GetCallList'));
}

export function useCallList() {
  return useQuery({ queryKey: callListQueryKey, queryFn: getCallList });
}
