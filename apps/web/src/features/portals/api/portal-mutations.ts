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
    mutationFn: (body: { username: string; client_ids: string[] }) => callApi(portals.updatePortal, body),
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
