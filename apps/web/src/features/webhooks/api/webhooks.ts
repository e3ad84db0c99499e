import {
  type TCreateWebhookEndpointRequest,
  ZCreatedWebhookEndpoint,
  ZWebhookDeliveryPage,
  ZWebhookEndpoint,
} from '@impact/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

const endpointsKey = ['webhooks', 'endpoints'] as const;

export function useWebhookEndpoints() {
  return useQuery({
    queryKey: endpointsKey,
    queryFn: async () => z.array(ZWebhookEndpoint).parse(await apiRequest('Webhook/GetEndpoints')),
  });
}

/** The answer carries the signing secret, shown once: kept by the page, never in the query cache. */
export function useCreateWebhookEndpoint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: TCreateWebhookEndpointRequest) =>
      ZCreatedWebhookEndpoint.parse(await apiRequest('Webhook/CreateEndpoint', { method: 'POST', body })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: endpointsKey }),
  });
}

export function useDeleteWebhookEndpoint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (endpointId: string) => apiRequest('Webhook/DeleteEndpoint', { method: 'POST', body: { endpointId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: endpointsKey }),
  });
}

export function useWebhookDeliveries(endpointId: string | null, page: number) {
  return useQuery({
    queryKey: ['webhooks', 'deliveries', endpointId, page],
    enabled: endpointId !== null,
    placeholderData: keepPreviousData,
    queryFn: async () =>
      ZWebhookDeliveryPage.parse(
        await apiRequest('Webhook/GetDeliveries', { query: { endpointId: endpointId ?? '', page, pageSize: 20 } }),
      ),
  });
}

export function useRedeliver() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (deliveryId: string) => apiRequest('Webhook/Redeliver', { method: 'POST', body: { deliveryId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['webhooks'] }),
  });
}
