import { Button, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { IconChevronDown, IconReceiptOff } from '@tabler/icons-react';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyPanel, ErrorPanel } from '../../../shared/components/state-panel';
import { TableScroll } from '../../../shared/components/table-scroll';
import { TableSkeletonRows } from '../../../shared/components/table-skeleton';
import { useFormatters } from '../../../shared/format/use-formatters';
import type { DateRangeState } from '../lib/date-range-params';
import { DateRangeFilter } from './date-range-filter';
import classes from './wealth.module.css';

interface Texts {
  title: string;
  tableLabel: string;
  loadMore: string;
  loaded: (n: string) => string;
  allLoaded: string;
  empty: string;
  emptyRange: string;
  loadError: string;
}

interface TransactionsPanelProps<T> {
  query: UseInfiniteQueryResult<InfiniteData<{ items: T[] }>>;
  range: DateRangeState;
  rangeError: string | null;
  onRange: (range: DateRangeState) => void;
  texts: Texts;
  columns: number;
  head: ReactNode;
  row: (item: T) => ReactNode;
  /** The section's heading level: 2 under a product page's h1. */
  headingOrder?: 2 | 3;
}

/**
 * A keyset-paged list of movements: the loaded pages render in one table and "load more" fetches the
 * next one, so even years of history cost one page (50 rows) per request and never re-render the rest.
 */
export function TransactionsPanel<T>({
  query,
  range,
  rangeError,
  onRange,
  texts,
  columns,
  head,
  row,
  headingOrder = 2,
}: TransactionsPanelProps<T>) {
  const { t } = useTranslation();
  const format = useFormatters();
  const items = query.data?.pages.flatMap((page) => page.items);
  const filtered = Boolean(range.from || range.to);

  let body: ReactNode;
  if (rangeError) {
    body = null;
  } else if (query.isError && !items) {
    body = (
      <ErrorPanel
        retryLabel={t('wealth.retry')}
        bare
        title={texts.loadError}
        error={query.error}
        onRetry={() => query.refetch()}
      />
    );
  } else if (items && items.length === 0) {
    body = (
      <EmptyPanel
        bare
        icon={<IconReceiptOff size={26} stroke={1.6} aria-hidden />}
        title={filtered ? texts.emptyRange : texts.empty}
      />
    );
  } else {
    body = (
      <TableScroll minWidth={820}>
        <Table verticalSpacing="xs" striped highlightOnHover aria-label={texts.tableLabel} aria-busy={!items}>
          <Table.Thead className={classes.tableHead}>{head}</Table.Thead>
          <Table.Tbody>
            {items ? items.map(row) : <TableSkeletonRows columns={columns} rows={10} />}
          </Table.Tbody>
        </Table>
      </TableScroll>
    );
  }

  return (
    <Paper withBorder radius="md" component="section" aria-labelledby="transactions-heading">
      <Stack gap="sm" p="md">
        <Title order={headingOrder} fz="lg" id="transactions-heading">
          {texts.title}
        </Title>
        <DateRangeFilter value={range} onChange={onRange} error={rangeError} />
      </Stack>
      {body}
      {items && items.length > 0 ? (
        <Stack align="center" gap={6} p="md" style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}>
          <Text size="xs" c="dimmed" aria-live="polite">
            {texts.loaded(format.integer(items.length))}
          </Text>
          {query.hasNextPage ? (
            <Button
              variant="light"
              leftSection={<IconChevronDown size={16} aria-hidden />}
              loading={query.isFetchingNextPage}
              onClick={() => query.fetchNextPage()}
            >
              {texts.loadMore}
            </Button>
          ) : (
            <Text size="sm" c="dimmed">
              {texts.allLoaded}
            </Text>
          )}
          {query.isError && items ? (
            <Text size="sm" c="red.9" role="alert">
              {texts.loadError}
            </Text>
          ) : null}
        </Stack>
      ) : null}
    </Paper>
  );
}
