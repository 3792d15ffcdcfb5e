import { Skeleton, Table } from '@mantine/core';
import type { CSSProperties } from 'react';
import classes from './table-skeleton.module.css';

const WIDTHS = ['70%', '45%', '60%', '35%', '55%', '40%', '50%', '30%'];

interface TableSkeletonRowsProps {
  columns: number;
  rows?: number;
  /** The class of the table's real rows, so placeholders take their height (no shift when data lands). */
  rowClassName?: string;
}

/**
 * Placeholder rows with the table's own columns, so the layout does not jump when data arrives. Each bar
 * is Mantine's Skeleton drawn by a plain element with its classes: a page of placeholders is a hundred
 * or more of them, and as components they made a list's loading screen as slow to render as its rows.
 * The rows stay `Table.Tr`, which takes the table's borders, stripes and hover.
 */
export function TableSkeletonRows({ columns, rows = 8, rowClassName }: TableSkeletonRowsProps) {
  return Array.from({ length: rows }, (_, row) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: static placeholder rows never reorder.
    <Table.Tr key={row} aria-hidden className={rowClassName}>
      {Array.from({ length: columns }, (_, column) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static placeholder cells never reorder.
        <td key={column} className={Table.classes.td}>
          <div
            className={`${Skeleton.classes.root} ${classes.bar}`}
            data-visible
            data-animate
            style={{ '--skeleton-width': WIDTHS[(row + column) % WIDTHS.length] } as CSSProperties}
          />
        </td>
      ))}
    </Table.Tr>
  ));
}
