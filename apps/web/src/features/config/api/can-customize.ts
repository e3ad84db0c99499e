import { type TCanCustomize, ZCanCustomize } from '@impact/domain';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { configKeys } from './keys';

/** Asked of the server, which alone decides (CUSTOMIZE_EMAIL_DOMAIN); the tab only follows. */
export async function getCanCustomize(): Promise<TCanCustomize> {
  return ZCanCustomize.parse(await apiRequest('Config/CanCustomize'));
}

export function useCanCustomize(enabled = true) {
  return useQuery({ queryKey: configKeys.canCustomize(), queryFn: getCanCustomize, enabled, staleTime: 5 * 60_000 });
}
