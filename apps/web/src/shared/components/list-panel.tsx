import { Group, Paper, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useFormatters } from '../format/use-formatters';
import { ErrorPanel } from './state-panel';

interface ListPanelProps {
  /** The list's query: its page (for the total) and, when it failed with nothing to show, the retry. */
  list: { data: { total: number } | undefined; isError: boolean; error: unknown; refetch: () => unknown };
  /** The search box and any filters, on the left of the toolbar. */
  toolbar: ReactNode;
  /** "{n} clients", given the formatted total; none when the page header already says how many. */
  totalLabel?: (n: string) => string;
  errorTitle: string;
  /** The retry button's text; the shell's "Retry" when not given. */
  retryLabel?: string;
  /** The pager, or nothing while there are no rows to page through. */
  pager: ReactNode;
  /** The table (with its own empty panel). */
  children: ReactNode;
}

/**
 * The bordered panel of a server-paged list: toolbar and total, then the table and pager. A failed load
 * replaces the table only while there are no rows yet; rows already shown stay on a failed refresh.
 */
export function ListPanel({
  list,
  toolbar,
  totalLabel,
  errorTitle,
  retryLabel,
  pager,
  children,
}: ListPanelProps) {
  const format = useFormatters();
  const page = list.data;
  return (
    <Paper withBorder radius="md">
      <Group justify="space-between" p="md" gap="sm" wrap="wrap">
        {toolbar}
        {page && totalLabel ? (
          <Text size="sm" c="dimmed">
            {totalLabel(format.integer(page.total))}
          </Text>
        ) : null}
      </Group>
      {list.isError && !page ? (
        <ErrorPanel
          bare
          retryLabel={retryLabel}
          title={errorTitle}
          error={list.error}
          onRetry={() => list.refetch()}
        />
      ) : (
        <>
          {children}
          {pager}
        </>
      )}
    </Paper>
  );
}
