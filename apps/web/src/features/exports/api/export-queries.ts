import { type Export, type ExportRequest, exports as exportCalls, wealth } from '@caudal/contract/routes';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { refetchAfterOutage } from '../../../shared/api/api-error';
import { callApi, callApiPage } from '../../../shared/api/call-api';
import { getRuntimeConfig } from '../../../shared/config/runtime-config';
import { freshestExport, mergeIntoList } from '../lib/freshest-export';

export const exportKeys = {
  all: ['exports'] as const,
  list: () => [...exportKeys.all, 'list'] as const,
  status: (exportId: string) => [...exportKeys.all, 'status', exportId] as const,
  documents: () => [...exportKeys.all, 'documents'] as const,
  clientEntities: (clientIds: readonly string[]) =>
    [...exportKeys.all, 'client-entities', [...clientIds].sort().join(',')] as const,
  clients: (search: string, page: number, pageSize: number) =>
    [...exportKeys.all, 'clients', search, page, pageSize] as const,
};

/** Polls while the file is being written: the row count moves on screen. */
const PROGRESS_POLL_MS = 1000;
const isRunning = (item: Export | undefined) => item?.status === 'queued' || item?.status === 'running';

/**
 * The list and an export's own status are two answers about the same rows: each answer is written into
 * the other's cache (the freshest of the two kept), so the progress panel and the table below it never
 * disagree, and a finished export stops the list's polling at once.
 */
export function useExportListQuery() {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: exportKeys.list(),
    queryFn: async ({ signal }) => {
      const rows = await callApi(exportCalls.exportList, {}, { signal });
      return rows.map((row) => {
        const known = queryClient.getQueryData<Export>(exportKeys.status(row.id));
        if (!known) return row;
        const freshest = freshestExport(known, row);
        if (freshest !== known) queryClient.setQueryData(exportKeys.status(row.id), freshest);
        return freshest;
      });
    },
    refetchInterval: (query) =>
      refetchAfterOutage(query) || (query.state.data?.some(isRunning) ? PROGRESS_POLL_MS * 2 : false),
  });
}

export function useExportStatusQuery(exportId: string | null) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: exportKeys.status(exportId ?? ''),
    queryFn: async ({ signal }) => {
      const item = await callApi(exportCalls.exportStatus, { export_id: exportId ?? '' }, { signal });
      const list = queryClient.getQueryData<Export[]>(exportKeys.list());
      if (list?.some((row) => row.id === item.id)) {
        queryClient.setQueryData(exportKeys.list(), mergeIntoList(list, item));
      } else {
        void queryClient.invalidateQueries({ queryKey: exportKeys.list() });
      }
      return item;
    },
    enabled: exportId !== null,
    refetchInterval: (query) =>
      refetchAfterOutage(query) || (isRunning(query.state.data) ? PROGRESS_POLL_MS : false),
  });
}

export function useAvailableExportsQuery() {
  return useQuery({
    queryKey: exportKeys.documents(),
    queryFn: ({ signal }) => callApi(exportCalls.getAvailableExports, {}, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/**
 * The entities each chosen client has (its field and the banks of its products), for the entities
 * step: asked again whenever the choice changes, the previous answer shown meanwhile.
 */
export function useClientEntitiesQuery(clientIds: readonly string[]) {
  return useQuery({
    queryKey: exportKeys.clientEntities(clientIds),
    queryFn: ({ signal }) =>
      callApi(exportCalls.exportClientEntities, { client_ids: [...clientIds] }, { signal }),
    enabled: clientIds.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

/** One server page of the wizard's client table: companies may have tens of thousands. */
export function useClientPageQuery(search: string, page: number, pageSize: number) {
  return useQuery({
    queryKey: exportKeys.clients(search, page, pageSize),
    queryFn: ({ signal }) =>
      callApiPage(
        wealth.clientList,
        { ...(search ? { search } : {}), sort: 'name', order: 'asc', page, page_size: pageSize },
        { signal },
      ),
    placeholderData: keepPreviousData,
  });
}

export function useGenerateExportMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: ExportRequest) => callApi(exportCalls.exportGenerate, request),
    onSuccess: (created) => {
      queryClient.setQueryData(exportKeys.status(created.id), created);
      void queryClient.invalidateQueries({ queryKey: exportKeys.list() });
    },
  });
}

/**
 * A download is a plain GET the browser streams to disk: the API hands out a single-use URL valid for
 * a minute (a bearer header cannot ride on a navigation), and the page follows it at once.
 */
export async function downloadExport(exportId: string): Promise<void> {
  const link = await callApi(exportCalls.exportDownloadLink, { export_id: exportId });
  const anchor = document.createElement('a');
  anchor.href = `${getRuntimeConfig().apiBaseUrl}${link.path}`;
  anchor.download = '';
  anchor.rel = 'noopener';
  anchor.style.display = 'none';
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
}
