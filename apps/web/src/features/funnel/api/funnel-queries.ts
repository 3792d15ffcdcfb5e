import { type FunnelWindowDays, funnel } from '@caudal/contract/routes';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/call-api';

export const funnelKeys = {
  all: ['funnel'] as const,
  link: (token: string, days: FunnelWindowDays) => [...funnelKeys.all, 'link', token, days] as const,
  health: (entityId: string | null) => [...funnelKeys.all, 'health', entityId] as const,
};

/** A Link's funnel for a window; the previous window stays on screen while the next loads. */
export function useLinkFunnelQuery(token: string, days: FunnelWindowDays) {
  return useQuery({
    queryKey: funnelKeys.link(token, days),
    queryFn: ({ signal }) => callApi(funnel.getLinkFunnel, { token, days }, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** The company's institution health, all institutions or one. */
export function useInstitutionHealthQuery(entityId: string | null = null) {
  return useQuery({
    queryKey: funnelKeys.health(entityId),
    queryFn: ({ signal }) =>
      callApi(funnel.getInstitutionHealth, entityId ? { entity_id: entityId } : {}, { signal }),
  });
}
