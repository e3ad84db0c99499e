import { type TImpactFrameworkListItem, ZImpactFrameworkListItem } from '@impact/domain';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../api-client';

/**
 * Every impact query's key starts with `impact`: the framework admin's writes refresh them all
 * (features/impact), the list the call builder picks from and the impact step's data included.
 */
export const impactKeys = {
  all: ['impact'] as const,
  frameworks: () => ['impact', 'frameworks'] as const,
  framework: (id: string) => ['impact', 'framework', id] as const,
  sdgs: () => ['impact', 'sdgs'] as const,
  pickers: (frameworkId: string) => ['impact', 'pickers', frameworkId] as const,
};

/** GET ImpactFramework/GetImpactFrameworkSetList (admin). */
export function useFrameworks() {
  return useQuery({
    queryKey: impactKeys.frameworks(),
    queryFn: async (): Promise<TImpactFrameworkListItem[]> =>
      ZImpactFrameworkListItem.array().parse(await apiRequest('ImpactFramework/GetImpactFrameworkSetList')),
  });
}
