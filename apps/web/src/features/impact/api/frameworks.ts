import {
  type TAddImpactFrameworkRequest,
  type TImpactFramework,
  type TParseWorkbookResponse,
  ZImpactFramework,
  ZParseWorkbookResponse,
} from '@impact/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { impactKeys } from '../../../lib/api/impact-frameworks';
import { apiRequest } from '../../../lib/api-client';
import { downloadFrom } from '../../../lib/save-file';

/** GET ImpactFramework/GetImpactFrameworkById (admin). */
export function useFramework(id: string) {
  return useQuery({
    queryKey: impactKeys.framework(id),
    queryFn: async (): Promise<TImpactFramework> =>
      ZImpactFramework.parse(
        await apiRequest('ImpactFramework/GetImpactFrameworkById', { query: { ImpactFrameworkId: id } }),
      ),
  });
}

/** PUT ImpactFramework/AddImpactFrameworkSet (admin). */
export function useAddFramework() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: TAddImpactFrameworkRequest) =>
      ZImpactFramework.parse(await apiRequest('ImpactFramework/AddImpactFrameworkSet', { method: 'PUT', body: input })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: impactKeys.all }),
  });
}

/** GET ImpactFramework/DeleteImpactFrameworkSet (admin); refused (409) while a call step uses it. */
export function useDeleteFramework() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      await apiRequest('ImpactFramework/DeleteImpactFrameworkSet', { query: { id } });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: impactKeys.all }),
  });
}

async function toBase64(file: File): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/** POST ImpactFramework/ParseWorkbook (admin): the server reads the workbook; nothing is stored. */
export async function parseWorkbook(file: File): Promise<TParseWorkbookResponse> {
  return ZParseWorkbookResponse.parse(
    await apiRequest('ImpactFramework/ParseWorkbook', {
      method: 'POST',
      body: { fileName: file.name, contentBase64: await toBase64(file) },
    }),
  );
}

/** The template workbook (the sample framework). */
export async function downloadTemplate() {
  await downloadFrom('ImpactFramework/Template', {}, 'impact-framework-template.xlsx');
}
