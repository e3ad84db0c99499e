import { ZScreenings } from '@impact/domain';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { screeningKeys } from './keys';

/** GET Call/GetScreenings: figures over each organization's latest screening, and every attempt. */
export function useScreenings(callId: string) {
  return useQuery({
    queryKey: [...screeningKeys.call(callId), 'screenings'],
    queryFn: async () => ZScreenings.parse(await apiRequest('Call/GetScreenings', { query: { callId } })),
  });
}
