import { platform } from '@caudal/contract/routes';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/call-api';

/**
 * The health page shows readiness (GET /ready: the database too; /health is liveness only). It answers
 * 503 with the same shape when the database is down: that is data, not an error.
 */
export function useHealthQuery() {
  return useQuery({
    queryKey: ['platform', 'health'],
    queryFn: ({ signal }) => callApi(platform.ready, undefined, { signal, acceptStatuses: [503] }),
    staleTime: 0,
    retry: false,
  });
}
