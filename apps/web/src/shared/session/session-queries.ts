import { platform } from '@caudal/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../api/call-api';

/**
 * The identity and the institution catalogue are needed by every signed-in screen (navigation, permission
 * checks, entity names), so they live in shared and the main layout loads them before rendering.
 */
export const sessionKeys = {
  identity: ['platform', 'me'] as const,
  entities: ['platform', 'list-entities'] as const,
};

export function useIdentityQuery(enabled: boolean) {
  return useQuery({
    queryKey: sessionKeys.identity,
    queryFn: ({ signal }) => callApi(platform.me, {}, { signal }),
    enabled,
    staleTime: 5 * 60_000,
  });
}

export function useEntitiesQuery(enabled: boolean) {
  return useQuery({
    queryKey: sessionKeys.entities,
    queryFn: ({ signal }) => callApi(platform.listEntities, {}, { signal }),
    enabled,
    staleTime: 30 * 60_000,
  });
}
