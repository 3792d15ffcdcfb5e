import { connections, type LocaleCode } from '@caudal/contract/routes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/call-api';
import { invalidateProductQueries } from '../../../shared/api/product-queries';
import { yieldNullOnFailure } from '../lib/connect-links';

export interface ConnectLinkRequest {
  redirectUri: string;
  clientId?: string | null;
  credentialsToken?: string;
  language: LocaleCode;
}

/** A one-time hosted connect URL, or null when the call failed (logged; spec section 8). */
export function createConnectLink(request: ConnectLinkRequest) {
  return yieldNullOnFailure('create connect link', () =>
    callApi(connections.createConnectLink, {
      redirect_uri: request.redirectUri,
      client_id: request.clientId ?? null,
      ...(request.credentialsToken ? { credentials_token: request.credentialsToken } : {}),
      language: request.language,
    }),
  );
}

/**
 * A one-time reset URL (new username and password, same token) whose hosted pages speak the user's
 * language, or null when it failed (logged).
 */
export function createResetLink(credentialsToken: string, redirectUri: string, language: LocaleCode) {
  return yieldNullOnFailure('credentials force reset', () =>
    callApi(connections.credentialsForceReset, {
      credentials_token: credentialsToken,
      redirect_uri: redirectUri,
      language,
    }),
  );
}

export function useCreateConnectLinkMutation() {
  return useMutation({ mutationFn: createConnectLink });
}

export function useRefreshCredentialMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => callApi(connections.credentialsRefresh, { credentials_token: token }),
    // A refresh can bring new products (pending) and new balances (the client's tabs).
    onSuccess: () => invalidateProductQueries(queryClient),
  });
}

export function useDeleteCredentialMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => callApi(connections.credentialsDelete, { credentials_token: token }),
    // Its products leave the clients' tabs and the pending queue.
    onSuccess: () => invalidateProductQueries(queryClient),
  });
}

/** A consent renewal link for the credential's holder: mailed to `sendTo`, or only answered to copy. */
export function useCreateRenewalLinkMutation() {
  return useMutation({
    // No language: the server writes to the holder in theirs (last hosted visit, else the company's).
    mutationFn: (request: { credentialsToken: string; sendTo: string | null }) =>
      callApi(connections.createConsentRenewalLink, {
        credentials_token: request.credentialsToken,
        ...(request.sendTo ? { send_to: request.sendTo } : {}),
      }),
  });
}
