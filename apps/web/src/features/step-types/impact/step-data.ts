import { ZIndicatorType, ZMiniDyiResponse, ZOutcomeType, ZStakeholderType } from '@impact/domain';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { impactKeys } from '../../../lib/api/impact-frameworks';
import { apiRequest } from '../../../lib/api-client';

export type TFrameworkPickers = {
  outcomes: z.infer<typeof ZOutcomeType>[];
  indicators: z.infer<typeof ZIndicatorType>[];
  stakeholders: z.infer<typeof ZStakeholderType>[];
};

/**
 * What the applicant picks from, through the applicant endpoints: Outcome/GetOutcomeType (all
 * SDGs), Indicator/GetIndicatorType (those outcomes), ImpactFramework/GetStakeholderType.
 */
export function useFrameworkPickers(frameworkId: string | null) {
  return useQuery({
    queryKey: impactKeys.pickers(frameworkId ?? ''),
    enabled: Boolean(frameworkId),
    staleTime: 5 * 60_000,
    queryFn: async (): Promise<TFrameworkPickers> => {
      const outcomes = ZOutcomeType.array().parse(
        await apiRequest('Outcome/GetOutcomeType', { method: 'POST', body: { frameworkId, sdgs: [] } }),
      );
      const [indicators, stakeholders] = await Promise.all([
        apiRequest('Indicator/GetIndicatorType', {
          method: 'POST',
          body: { frameworkId, outcomeIds: outcomes.map((o) => o.id) },
        }).then((r) => ZIndicatorType.array().parse(r)),
        apiRequest('ImpactFramework/GetStakeholderType', { query: { frameworkId: frameworkId ?? undefined } }).then(
          (r) => ZStakeholderType.array().parse(r),
        ),
      ]);
      return { outcomes, indicators, stakeholders };
    },
  });
}

/** GET ImpactFramework/MiniDYI: the stored answer with the server's SROI estimate. */
export async function getMiniDyi(submissionId: string, stepId: string) {
  return ZMiniDyiResponse.parse(await apiRequest('ImpactFramework/MiniDYI', { query: { submissionId, stepId } }));
}
