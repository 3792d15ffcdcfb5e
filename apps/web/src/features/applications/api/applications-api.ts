import { applications } from '@caudal/contract/routes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/call-api';

export const applicationsKeys = {
  all: ['applications'] as const,
  list: () => [...applicationsKeys.all, 'list'] as const,
};

export function useApplicationsQuery() {
  return useQuery({
    queryKey: applicationsKeys.list(),
    queryFn: ({ signal }) => callApi(applications.listApplications, undefined, { signal }),
  });
}

/** The answer carries the secret: it lives in the dialog's state only, never in the query cache. */
export function useCreateApplicationMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: applications.ApplicationForm) => callApi(applications.createApplication, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: applicationsKeys.list() }),
  });
}

export function useDeleteApplicationMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (clientId: string) => callApi(applications.deleteApplication, { client_id: clientId }),
    // A refusal may mean it is already gone: refresh either way.
    onSettled: () => queryClient.invalidateQueries({ queryKey: applicationsKeys.list() }),
  });
}
