import { type AuditExport, audit } from '@caudal/contract/routes';
import { useMutation, useQuery } from '@tanstack/react-query';
import { refetchAfterOutage } from '../../../shared/api/api-error';
import { callApi } from '../../../shared/api/call-api';
import { getRuntimeConfig } from '../../../shared/config/runtime-config';
import { type AuditFilters, toAuditRequest } from '../lib/audit-filters';

/** Polls while the file is being written. */
const POLL_MS = 1000;
const isRunning = (item: AuditExport | undefined) => item?.status === 'queued' || item?.status === 'running';

/** Queues the CSV of the events the screen's filters select, in the page's language. */
export function useExportAuditMutation() {
  return useMutation({
    mutationFn: (request: { filters: AuditFilters; language: 'es' | 'en' }) =>
      callApi(audit.exportAuditEvents, { ...toAuditRequest(request.filters), language: request.language }),
  });
}

export function useAuditExportStatusQuery(exportId: string | null) {
  return useQuery({
    queryKey: ['audit', 'export', exportId],
    queryFn: ({ signal }) => callApi(audit.auditExportStatus, { export_id: exportId ?? '' }, { signal }),
    enabled: exportId !== null,
    refetchInterval: (query) => refetchAfterOutage(query) || (isRunning(query.state.data) ? POLL_MS : false),
  });
}

/** As every export: a single-use URL valid for a minute, followed at once by a plain GET. */
export async function downloadAuditExport(exportId: string): Promise<void> {
  const link = await callApi(audit.auditExportDownloadLink, { export_id: exportId });
  const anchor = document.createElement('a');
  anchor.href = `${getRuntimeConfig().apiBaseUrl}${link.path}`;
  anchor.download = '';
  anchor.rel = 'noopener';
  anchor.style.display = 'none';
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
}
