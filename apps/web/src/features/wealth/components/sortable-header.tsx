import { Group, Table, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconSelector } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { SortOrder } from '../lib/list-params';
import classes from './wealth.module.css';

interface SortableHeaderProps {
  children: string;
  /** The order when this column is the sorted one, otherwise null. */
  sorted: SortOrder | null;
  onSort: () => void;
  w?: number | string;
}

/** A column header that sorts on the server: a real button inside the th, which carries aria-sort. */
export function SortableHeader({ children, sorted, onSort, w }: SortableHeaderProps) {
  const { t } = useTranslation();
  const Icon = sorted === 'asc' ? IconArrowUp : sorted === 'desc' ? IconArrowDown : IconSelector;
  return (
    <Table.Th
      w={w}
      aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : 'none'}
      className={classes.sortableTh}
    >
      <UnstyledButton
        onClick={onSort}
        className={classes.sortButton}
        data-active={sorted !== null || undefined}
        title={t('wealth.clients.sortBy', { column: children })}
      >
        <Group gap={4} wrap="nowrap">
          <span>{children}</span>
          <Icon size={14} stroke={1.8} aria-hidden />
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}
