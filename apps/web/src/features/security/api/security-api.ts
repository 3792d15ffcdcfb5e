import { security } from '@caudal/contract/routes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/call-api';

export const securityKeys = {
  all: ['security'] as const,
  twoFactor: () => [...securityKeys.all, 'two-factor'] as const,
  sessions: () => [...securityKeys.all, 'sessions'] as const,
};

export function useTwoFactorQuery() {
  return useQuery({
    queryKey: securityKeys.twoFactor(),
    queryFn: ({ signal }) => callApi(security.getTwoFactor, {}, { signal }),
  });
}

export function useSessionsQuery() {
  return useQuery({
    queryKey: securityKeys.sessions(),
    queryFn: ({ signal }) => callApi(security.listSessions, {}, { signal }),
  });
}

export function useEndSessionMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callApi(security.endSession, { id }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: securityKeys.sessions() }),
  });
}

export function useEndOtherSessionsMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(security.endOtherSessions, {}),
    onSettled: () => queryClient.invalidateQueries({ queryKey: securityKeys.sessions() }),
  });
}

export const beginEnrolment = () => callApi(security.beginEnrolment, {});
export const confirmEnrolment = (code: string) => callApi(security.confirmEnrolment, { code });
