import { ZScreenerAdmin } from '@impact/domain';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { screeningKeys } from './keys';

/** GET Call/GetScreenerAdmin: the call's screener as saved (null when it has none). */
export function useScreenerAdmin(callId: string) {
  return useQuery({
    queryKey: [...screeningKeys.call(callId), 'screener'],
    queryFn: async () => ZScreenerAdmin.parse(await apiRequest('Call/GetScreenerAdmin', { query: { callId } })),
  });
}
