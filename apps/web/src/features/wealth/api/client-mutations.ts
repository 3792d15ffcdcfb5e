import { wealth } from '@caudal/contract/routes';

type ClientForm = wealth.ClientForm;

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/call-api';
import { invalidateProductQueries } from '../../../shared/api/product-queries';
import { wealthKeys } from './wealth-keys';

export function useCreateClientMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ClientForm) => callApi(wealth.clientCreate, body),
    // The new client is a choice on the pending and connection screens too.
    onSuccess: () => invalidateProductQueries(queryClient),
  });
}

export function useEditClientMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ClientForm & { client_id: string; expected?: wealth.ClientSnapshot }) =>
      callApi(wealth.clientEdit, body),
    onSuccess: (client) => {
      queryClient.setQueryData(wealthKeys.clientDetail(client.id), client);
      // Its name shows on the connection and pending screens as well.
      return invalidateProductQueries(queryClient);
    },
  });
}

export function useDeleteClientMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (clientId: string) => callApi(wealth.clientDelete, { client_id: clientId }),
    // Not awaited, and the client's own cache is left alone: the detail page that deleted it is about to
    // navigate away, and a refetch meanwhile would flash "not found". A later visit refetches and 404s.
    // Its products go back to the pending queue, and its credentials lose their client.
    onSuccess: (_answer, clientId) => {
      void invalidateProductQueries(queryClient, { except: wealthKeys.client(clientId) });
    },
  });
}

/**
 * The product goes back to the pending list: the client's lists, its product count, the pending list,
 * its count and nav badge, and the credential's product holders all change.
 */
export function useUnlinkProductMutation(clientId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (productId: string) =>
      callApi(wealth.clientUnmatchProduct, { client_id: clientId, product_id: productId }),
    onSuccess: () => invalidateProductQueries(queryClient),
  });
}

/**
 * The client as it is stored now, after an edit was refused because someone changed it meanwhile: the
 * caches that show it (its page, the lists) are refreshed, and the form compares against it next.
 */
export function useRefreshEditedClient() {
  const queryClient = useQueryClient();
  return async (clientId: string) => {
    const current = await callApi(wealth.clientGet, { client_id: clientId });
    queryClient.setQueryData(wealthKeys.clientDetail(clientId), current);
    void queryClient.invalidateQueries({ queryKey: wealthKeys.clientLists() });
    return current;
  };
}
