import { type TPreviewScreenerRequest, ZScreenResult } from '@impact/domain';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** POST Call/PreviewScreener: the screener being edited judged by the server on typed answers; nothing kept. */
export function usePreviewScreener() {
  return useMutation({
    mutationFn: async (body: TPreviewScreenerRequest) =>
      ZScreenResult.parse(await apiRequest('Call/PreviewScreener', { method: 'POST', body })),
  });
}
