import { type TStepType, ZStepType } from '@impact/domain';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { callBuilderKeys } from './keys';

export async function getStepTypes(): Promise<TStepType[]> {
  return ZStepType.array().parse(await apiRequest<unknown>('Step/GetStepTypes'));
}

export function useStepTypes() {
  return useQuery({ queryKey: callBuilderKeys.stepTypes(), queryFn: getStepTypes, staleTime: 60_000 });
}
