import { type TCallListItem, ZCallListItem } from '@impact/domain';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { callBuilderKeys } from './keys';

export async function getCallList(): Promise<TCallListItem[]> {
  return ZCallListItem.array().parse(await apiRequest<unknown>('Call/GetCallList'));
}

export function useCallList() {
  return useQuery({ queryKey: callBuilderKeys.calls(), queryFn: getCallList });
}
