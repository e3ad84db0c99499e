import { type TConfig, ZConfig } from '@impact/domain';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { configKeys } from './keys';

export async function getConfigList(): Promise<TConfig[]> {
  return z.array(ZConfig).parse(await apiRequest('Config/GetConfigList'));
}

export function useConfigList(enabled = true) {
  return useQuery({ queryKey: configKeys.list(), queryFn: getConfigList, enabled });
}
