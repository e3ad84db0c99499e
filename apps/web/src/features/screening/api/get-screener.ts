import { ZApplicantScreener } from '@impact/domain';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { screeningKeys } from './keys';

/** GET Call/GetScreener: the survey to answer and the selected organization's latest result. */
export function useApplicantScreener(callId: string, organizationId: string | null) {
  return useQuery({
    queryKey: screeningKeys.applicant(callId, organizationId),
    queryFn: async () => ZApplicantScreener.parse(await apiRequest('Call/GetScreener', { query: { callId } })),
  });
}
