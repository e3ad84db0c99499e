import {
  type TImpactFrameworkListItem,
  type TLocalizedText,
  type TSdg,
  ZImpactFrameworkListItem,
  ZSdg,
} from '@impact/domain';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
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

/** GET ImpactFramework/GetSdg: the 17 goals. */
export function useSdgs() {
  return useQuery({
    queryKey: impactKeys.sdgs(),
    queryFn: async (): Promise<TSdg[]> => ZSdg.array().parse(await apiRequest('ImpactFramework/GetSdg')),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** A goal's name (or statement) in the reader's language. */
export function useSdgName() {
  const { i18n } = useTranslation();
  const lang = (['it', 'en', 'fr'].includes(i18n.language) ? i18n.language : 'it') as keyof TLocalizedText;
  return (text: TLocalizedText) => text[lang];
}

/** "3. Good health and well-being": a goal's number and name ("SDG 3" until the names load). */
export function useSdgLabel() {
  const { t } = useTranslation();
  const sdgs = useSdgs();
  const sdgName = useSdgName();
  return (n: number) => {
    const sdg = sdgs.data?.find((s) => s.sdgCode === n);
    return sdg ? `${n}. ${sdgName(sdg.name)}` : t('sdg.numbered', { n });
  };
}
