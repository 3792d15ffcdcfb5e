import { applications, webhooks } from '@caudal/contract/routes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/call-api';

export const webhooksKeys = {
  all: ['webhooks'] as const,
  application: () => [...webhooksKeys.all, 'applications'] as const,
  endpoints: (clientId: string) => [...webhooksKeys.all, 'endpoints', clientId] as const,
  deliveries: (endpointId: string) => [...webhooksKeys.all, 'deliveries', endpointId] as const,
  attempts: (deliveryId: string) => [...webhooksKeys.all, 'attempts', deliveryId] as const,
};

/** The company's applications (the page's header, and each secret's last use). */
export function useApplicationQuery(clientId: string) {
  return useQuery({
    queryKey: webhooksKeys.application(),
    queryFn: ({ signal }) => callApi(applications.listApplications, undefined, { signal }),
    select: (list) => list.find((application) => application.client_id === clientId) ?? null,
  });
}

export function useEndpointsQuery(clientId: string) {
  return useQuery({
    queryKey: webhooksKeys.endpoints(clientId),
    queryFn: ({ signal }) => callApi(webhooks.listEndpoints, { client_id: clientId }, { signal }),
  });
}

export function useDeliveriesQuery(endpointId: string | null) {
  return useQuery({
    queryKey: webhooksKeys.deliveries(endpointId ?? ''),
    enabled: endpointId !== null,
    queryFn: ({ signal }) => callApi(webhooks.listDeliveries, { endpoint_id: endpointId ?? '' }, { signal }),
    // Attempts happen in the background: the open log follows them.
    refetchInterval: 3_000,
  });
}

export function useAttemptsQuery(deliveryId: string | null) {
  return useQuery({
    queryKey: webhooksKeys.attempts(deliveryId ?? ''),
    enabled: deliveryId !== null,
    queryFn: ({ signal }) => callApi(webhooks.listAttempts, { delivery_id: deliveryId ?? '' }, { signal }),
  });
}

/** Every webhook mutation refreshes what it may have changed; secrets live in the dialog's state only. */
function useWebhookMutation<Body, Answer>(call: (body: Body) => Promise<Answer>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: () => queryClient.invalidateQueries({ queryKey: webhooksKeys.all }),
  });
}

export const useCreateEndpoint = () =>
  useWebhookMutation((body: webhooks.WebhookEndpointForm & { client_id: string }) =>
    callApi(webhooks.createEndpoint, body),
  );
export const useUpdateEndpoint = () =>
  useWebhookMutation((body: { id: string; enabled?: boolean }) => callApi(webhooks.updateEndpoint, body));
export const useDeleteEndpoint = () =>
  useWebhookMutation((id: string) => callApi(webhooks.deleteEndpoint, { id }));
export const useRotateEndpointSecret = () =>
  useWebhookMutation((body: { id: string; overlap_hours: number }) =>
    callApi(webhooks.rotateEndpointSecret, body),
  );
export const useSendTestEvent = () =>
  useWebhookMutation((id: string) => callApi(webhooks.sendTestEvent, { id }));
export const useReplayDelivery = () =>
  useWebhookMutation((deliveryId: string) => callApi(webhooks.replayDelivery, { delivery_id: deliveryId }));
export const useRotateClientSecret = () =>
  useWebhookMutation((body: { client_id: string; overlap_hours: number }) =>
    callApi(applications.rotateApplicationSecret, body),
  );
