import type { UnmatchedProduct } from '@caudal/contract';
import { Paper } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { Page } from '../../../shared/api/call-api';
import { ErrorPanel } from '../../../shared/components/state-panel';
import { ListPager } from './list-pager';
import { ListToolbar } from './list-toolbar';
import type { useListState } from './use-list-state';

interface UnmatchedListPanelProps {
  list: UseQueryResult<Page<UnmatchedProduct>>;
  listState: ReturnType<typeof useListState>;
  searchLabel: string;
  errorTitle: string;
  /** The table (with its own empty panel). */
  children: ReactNode;
}

/**
 * The bordered panel of a product queue (pending or hidden): search and bank filter, then the table
 * and its pager. A failed load replaces the table only while no rows are shown yet.
 */
export function UnmatchedListPanel({
  list,
  listState,
  searchLabel,
  errorTitle,
  children,
}: UnmatchedListPanelProps) {
  const { state, update, onSearch } = listState;
  const page = list.data;
  return (
    <Paper withBorder radius="md">
      <ListToolbar
        searchLabel={searchLabel}
        state={state}
        onSearch={onSearch}
        onBank={(bank) => update({ bank, page: 1 })}
      />
      {list.isError && !page ? (
        <ErrorPanel bare title={errorTitle} error={list.error} onRetry={() => list.refetch()} />
      ) : (
        <>
          {children}
          {page && page.total > 0 ? (
            <ListPager
              page={state.page}
              pageSize={state.pageSize}
              rows={page.items.length}
              total={page.total}
              onPage={(next) => update({ page: next })}
              onPageSize={(pageSize) => update({ pageSize, page: 1 })}
            />
          ) : null}
        </>
      )}
    </Paper>
  );
}
