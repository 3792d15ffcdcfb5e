import { portals } from '@caudal/contract/routes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/call-api';
import { portalKeys } from './portal-keys';

export function useCreatePortalMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: portals.CreatePortalRequest) => callApi(portals.createPortal, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: portalKeys.lists() }),
  });
}

export function useUpdatePortalMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { username: string; client_ids: string[]; expected_client_ids: string[] }) =>
      callApi(portals.updatePortal, body),
    onSuccess: (user) => {
      queryClient.setQueryData(portalKeys.user(user.username), user);
      return queryClient.invalidateQueries({ queryKey: portalKeys.lists() });
    },
  });
}

export function useDeletePortalMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (username: string) => callApi(portals.deletePortal, { username }),
    onSuccess: (_answer, username) => {
      queryClient.removeQueries({ queryKey: portalKeys.user(username) });
      return queryClient.invalidateQueries({ queryKey: portalKeys.lists() });
    },
  });
}

/**
 * The user as stored now, after a save was refused because someone changed their clients meanwhile: the
 * caches that show it are refreshed, and the form compares against it next.
 */
export function useRefreshEditedPortalUser() {
  const queryClient = useQueryClient();
  return async (username: string) => {
    const current = await callApi(portals.getPortal, { username });
    queryClient.setQueryData(portalKeys.user(username), current);
    void queryClient.invalidateQueries({ queryKey: portalKeys.lists() });
    return current;
  };
}
