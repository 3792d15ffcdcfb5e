import { Group, Table, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconSelector } from '@tabler/icons-react';
import classes from './sortable-header.module.css';

interface SortableHeaderProps {
  children: string;
  /** The order when this column is the sorted one, otherwise null. */
  sorted: 'asc' | 'desc' | null;
  onSort: () => void;
  /** The button's hint, already translated by the feature ("Sort by name"). */
  title: string;
  w?: number | string;
  miw?: number;
  className?: string;
}

/** A column header that sorts on the server: a real button inside the th, which carries aria-sort. */
export function SortableHeader({ children, sorted, onSort, title, w, miw, className }: SortableHeaderProps) {
  const Icon = sorted === 'asc' ? IconArrowUp : sorted === 'desc' ? IconArrowDown : IconSelector;
  return (
    <Table.Th
      w={w}
      miw={miw}
      aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : 'none'}
      className={className ? `${classes.sortableTh} ${className}` : classes.sortableTh}
    >
      <UnstyledButton
        onClick={onSort}
        className={classes.sortButton}
        data-active={sorted !== null || undefined}
        title={title}
      >
        <Group gap={4} wrap="nowrap">
          <span>{children}</span>
          <Icon size={14} stroke={1.8} aria-hidden />
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}
