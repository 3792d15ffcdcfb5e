import { Skeleton, Table } from '@mantine/core';

const WIDTHS = ['70%', '45%', '60%', '35%', '55%', '40%', '50%', '30%'];

interface TableSkeletonRowsProps {
  columns: number;
  rows?: number;
  /** The class of the table's real rows, so placeholders take their height (no shift when data lands). */
  rowClassName?: string;
}

/** Placeholder rows with the table's own columns, so the layout does not jump when data arrives. */
export function TableSkeletonRows({ columns, rows = 8, rowClassName }: TableSkeletonRowsProps) {
  return Array.from({ length: rows }, (_, row) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: static placeholder rows never reorder.
    <Table.Tr key={row} aria-hidden className={rowClassName}>
      {Array.from({ length: columns }, (_, column) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static placeholder cells never reorder.
        <Table.Td key={column}>
          <Skeleton height={14} radius="sm" width={WIDTHS[(row + column) % WIDTHS.length]} />
        </Table.Td>
      ))}
    </Table.Tr>
  ));
}
