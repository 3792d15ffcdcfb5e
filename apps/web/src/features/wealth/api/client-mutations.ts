import { wealth } from '@caudal/contract';

type ClientForm = wealth.ClientForm;

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/call-api';
import { wealthKeys } from './wealth-keys';

export function useCreateClientMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ClientForm) => callApi(wealth.clientCreate, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: wealthKeys.clientLists() }),
  });
}

export function useEditClientMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ClientForm & { client_id: string }) => callApi(wealth.clientEdit, body),
    onSuccess: (client) => {
      queryClient.setQueryData(wealthKeys.clientDetail(client.id), client);
      return queryClient.invalidateQueries({ queryKey: wealthKeys.clientLists() });
    },
  });
}

export function useDeleteClientMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (clientId: string) => callApi(wealth.clientDelete, { client_id: clientId }),
    // Not awaited, and the client's own cache is left alone: the detail page that deleted it is about to
    // navigate away, and a refetch meanwhile would flash "not found". A later visit refetches and 404s.
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: wealthKeys.clientLists() });
    },
  });
}

/** The product goes back to the pending list: the client's lists and its product count change. */
export function useUnlinkProductMutation(clientId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (productId: string) =>
      callApi(wealth.clientUnmatchProduct, { client_id: clientId, product_id: productId }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: wealthKeys.client(clientId) }),
        queryClient.invalidateQueries({ queryKey: wealthKeys.clientLists() }),
      ]),
  });
}
