import { AUDIT_PAGE_SIZE, audit } from '@caudal/contract/routes';
import { useInfiniteQuery } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/call-api';
import { type AuditFilters, toAuditRequest } from '../lib/audit-filters';

/** Keyset pages of the company's audit log, newest first; each page continues after the last one. */
export function useAuditEventsQuery(filters: AuditFilters) {
  return useInfiniteQuery({
    queryKey: ['audit', 'events', filters],
    queryFn: ({ pageParam, signal }) =>
      callApi(
        audit.listAuditEvents,
        { ...toAuditRequest(filters), limit: AUDIT_PAGE_SIZE, ...(pageParam ? { cursor: pageParam } : {}) },
        { signal },
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
  });
}
