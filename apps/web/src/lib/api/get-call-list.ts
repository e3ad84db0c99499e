import { nameIn, type TCallListItem, type TLanguage, ZCallListItem } from '@impact/domain';
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

/** A listed call as the admin's lists name it: in the reader's language, the default's where not written. */
export function listedCallName(call: TCallListItem, language: string): string {
  return nameIn(call, language as TLanguage);
}
