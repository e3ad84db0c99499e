import { type TEmailAudience, ZRecipientCount } from '@impact/domain';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export function useRecipientCount(callId: string, audience: TEmailAudience) {
  return useQuery({
    queryKey: ['send-email', 'count', callId, audience],
    queryFn: async () =>
      ZRecipientCount.parse(await apiRequest('SendEmail/GetRecipientCount', { query: { callId, audience } })).count,
  });
}
