import { type Client, wealth } from '@caudal/contract/routes';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { callApiPage } from '../api/call-api';

export const CLIENT_OPTIONS_PAGE_SIZE = 20;

/** Every client picker's cache: one entry per search, whichever screen asked first. */
export const clientOptionsKeys = {
  all: ['client-options'] as const,
  search: (search: string) => [...clientOptionsKeys.all, search] as const,
};

/** What a picker shows of a client, and keeps of the chosen ones while other searches show others. */
export interface ClientChoice {
  id: string;
  name: string;
  alias: string;
}

/** Only what a picker keeps of a client (a portal user's assignment, say). */
export const toClientChoice = ({ id, name, alias }: ClientChoice): ClientChoice => ({ id, name, alias });

export const clientLabel = (client: ClientChoice) =>
  client.alias ? `${client.name} (${client.alias})` : client.name;

export interface ClientOptions {
  clients: Client[];
  /** Every match on the server, not just the pages loaded. */
  total: number;
  hasMore: boolean;
  loadMore: () => void;
  isFetching: boolean;
  isFetchingMore: boolean;
  isError: boolean;
}

/**
 * The one query behind every client picker: the company's book is paged on the server (it may hold
 * 10,000 clients), so a picker searches there, by name order, 20 at a time, and asks for the next 20
 * when the user scrolls to the end. `enabled` is false while the picker is closed: a page of 200 rows,
 * each with a picker, sends nothing until one opens.
 */
export function useClientOptions(search: string, enabled = true): ClientOptions {
  const query = useInfiniteQuery({
    queryKey: clientOptionsKeys.search(search),
    queryFn: ({ pageParam, signal }) =>
      callApiPage(
        wealth.clientList,
        {
          ...(search ? { search } : {}),
          sort: 'name',
          order: 'asc',
          page: pageParam,
          page_size: CLIENT_OPTIONS_PAGE_SIZE,
        },
        { signal },
      ),
    initialPageParam: 1,
    getNextPageParam: (last, pages) =>
      pages.length * CLIENT_OPTIONS_PAGE_SIZE < last.total ? pages.length + 1 : undefined,
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
  const clients = useMemo(() => query.data?.pages.flatMap((page) => page.items) ?? [], [query.data]);
  return {
    clients,
    total: query.data?.pages[0]?.total ?? 0,
    hasMore: query.hasNextPage,
    loadMore: () => {
      if (query.hasNextPage && !query.isFetchingNextPage) void query.fetchNextPage();
    },
    isFetching: query.isFetching,
    isFetchingMore: query.isFetchingNextPage,
    isError: query.isError,
  };
}
