import { type TConfig, ZConfig } from '@impact/domain';
import { useSuspenseQuery } from '@tanstack/react-query';
import { apiRequest } from '../api-client';

export const configQueryKey = ['config', 'active'] as const;

/** Public, and asked without the session's headers: the page preloads it with none (app-page.ts). */
export async function getConfig(): Promise<TConfig> {
  return ZConfig.parse(await apiRequest<unknown>('Config/GetConfig', { skipAuth: true }));
}

export const configQuery = { queryKey: configQueryKey, queryFn: getConfig, staleTime: 5 * 60_000 };

/** The active branding. Loaded before the first render (main.tsx), so it never suspends in practice. */
export function useConfig(): TConfig {
  return useSuspenseQuery(configQuery).data;
}
