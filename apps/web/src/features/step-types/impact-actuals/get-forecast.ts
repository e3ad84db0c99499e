import { type TActualsForecastResponse, ZActualsForecastResponse } from '@impact/domain';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** GET ImpactActuals/GetForecast: the application's indicators, targets and forecast SROI (read only). */
export function useActualsForecast(submissionId: string, stepId: string) {
  return useQuery({
    queryKey: ['impactActuals', 'forecast', submissionId, stepId],
    queryFn: async (): Promise<TActualsForecastResponse> =>
      ZActualsForecastResponse.parse(
        await apiRequest('ImpactActuals/GetForecast', { query: { submissionId, stepId } }),
      ),
    staleTime: 5 * 60_000,
  });
}
