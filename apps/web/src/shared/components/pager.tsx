import { Group, NativeSelect, Pagination, Text } from '@mantine/core';
import { useFormatters } from '../format/use-formatters';
import { lastPage, pageRange } from './page-range';

export type PagerControl = 'first' | 'previous' | 'next' | 'last';

/** Every text the pager shows or names, already translated by the feature that uses it. */
export interface PagerLabels {
  /** "{from}–{to} of {total}", with the numbers already formatted. */
  range: (range: { from: string; to: string; total: string }) => string;
  pageSize: string;
  /** The accessible name of the pagination landmark. */
  navigation: string;
  control: (control: PagerControl) => string;
  page: (page: number) => string;
}

export interface PagerProps {
  page: number;
  pageSize: number;
  pageSizes: readonly number[];
  rows: number;
  total: number;
  labels: PagerLabels;
  onPage: (page: number) => void;
  onPageSize: (pageSize: number) => void;
}

/** What a feature's pager passes on: everything but its own labels and page sizes. */
export type FeaturePagerProps = Omit<PagerProps, 'labels' | 'pageSizes'>;

export function Pager({ page, pageSize, pageSizes, rows, total, labels, onPage, onPageSize }: PagerProps) {
  const format = useFormatters();
  const range = pageRange(page, pageSize, rows, total);
  return (
    <Group justify="space-between" wrap="wrap" gap="md" px="md" py="sm">
      <Group gap="md" wrap="nowrap">
        <Text size="sm" c="dimmed" aria-live="polite">
          {labels.range({
            from: format.integer(range.from),
            to: format.integer(range.to),
            total: format.integer(range.total),
          })}
        </Text>
        {/* A native select: no popover code on the lists' first load, and the phone's own picker. */}
        <NativeSelect
          aria-label={labels.pageSize}
          data={pageSizes.map((size) => String(size))}
          value={String(pageSize)}
          onChange={(event) => onPageSize(Number(event.currentTarget.value))}
          w={84}
          size="xs"
        />
        <Text size="sm" c="dimmed" visibleFrom="sm">
          {labels.pageSize}
        </Text>
      </Group>
      <nav aria-label={labels.navigation}>
        <Pagination
          total={lastPage(total, pageSize)}
          value={page}
          onChange={onPage}
          size="sm"
          withEdges
          // Mantine's arrows are icons only: each gets its name here.
          getControlProps={(control) => ({ 'aria-label': labels.control(control) })}
          getItemProps={(item) => ({ 'aria-label': labels.page(item) })}
        />
      </nav>
    </Group>
  );
}
