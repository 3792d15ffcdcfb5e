import { connections } from '@caudal/contract/routes';
import { useMutation, useQuery } from '@tanstack/react-query';
import { ApiError } from '../../../shared/api/api-error';
import { callApi } from '../../../shared/api/call-api';
import { useLocale } from '../../../shared/i18n/use-locale';

/** The hosted session behind a one-time token; a dead token is an answer, never retried. */
export function useConnectSessionQuery(token: string) {
  return useQuery({
    queryKey: ['connect', 'session', token],
    queryFn: ({ signal }) => callApi(connections.getConnectSession, { token }, { signal }),
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });
}

export interface CredentialsValues {
  username: string;
  password: string;
  accept_terms: boolean;
}

/** Each submit names the page's language: the holder's reminders are written in it. */
export function useSubmitCredentialsMutation(token: string) {
  const language = useLocale();
  return useMutation({
    mutationFn: (body: CredentialsValues & { entity_id: string }) =>
      callApi(connections.submitConnectCredentials, {
        token,
        entity_id: body.entity_id,
        username: body.username,
        password: body.password,
        accept_terms: true,
        language,
      }),
  });
}

export function useSubmitScaMutation(token: string) {
  const language = useLocale();
  return useMutation({
    mutationFn: (code: string) => callApi(connections.submitConnectSca, { token, code, language }),
  });
}

/** Tells the server the visitor picked an institution (a funnel step); the flow never waits for it. */
export function useChooseInstitutionMutation(token: string) {
  return useMutation({
    mutationFn: (entityId: string) =>
      callApi(connections.chooseConnectInstitution, { token, entity_id: entityId }),
  });
}
