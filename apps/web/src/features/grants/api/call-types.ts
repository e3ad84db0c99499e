import { ZCallType } from '@impact/domain';
import { useQuery } from '@tanstack/react-query';
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
