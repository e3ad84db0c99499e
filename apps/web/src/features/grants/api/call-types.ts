import { type TCallType, ZCallType } from '@impact/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

const callTypesKey = ['grants', 'call-types'] as const;

/** The call types a report's form is chosen from (admin). */
export function useCallTypes() {
  return useQuery({
    queryKey: callTypesKey,
    queryFn: async () => z.array(ZCallType).parse(await apiRequest('Call/GetCallTypes')),
  });
}

/** A new, empty form for a report: its questions are then built on the item's form call. */
export function useCreateReportForm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (name: string): Promise<TCallType> =>
      ZCallType.parse(
        await apiRequest('Call/CreateCallType', { method: 'POST', body: { name, description: name, steps: [] } }),
      ),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: callTypesKey }),
  });
}
