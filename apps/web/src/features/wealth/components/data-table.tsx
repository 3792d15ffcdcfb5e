import { Paper, Table, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyPanel, ErrorPanel } from '../../../shared/components/state-panel';
import { TableScroll } from '../../../shared/components/table-scroll';
import { TableSkeletonRows } from '../../../shared/components/table-skeleton';
import classes from './wealth.module.css';

interface DataTableProps {
  label: string;
  columns: number;
  head: ReactNode;
  /** undefined while the first load runs (skeleton rows). */
  rows: ReactNode[] | undefined;
  footer?: ReactNode;
  error?: { title: string; error: unknown; onRetry: () => void } | null;
  empty: { icon: ReactNode; title: string; text?: string };
  minWidth?: number;
  /** Attached to a tab strip above it: no top radius. */
  attached?: boolean;
}

/** A bordered table with the wealth screens' loading, error and empty states. */
export function DataTable({
  label,
  columns,
  head,
  rows,
  footer,
  error,
  empty,
  minWidth = 720,
  attached,
}: DataTableProps) {
  const { t } = useTranslation();
  const radius = attached ? { borderTopLeftRadius: 0, borderTopRightRadius: 0 } : undefined;
  if (error && rows === undefined) {
    return (
      <Paper withBorder radius="md" style={radius}>
        <ErrorPanel
          retryLabel={t('wealth.retry')}
          bare
          title={error.title}
          error={error.error}
          onRetry={error.onRetry}
        />
      </Paper>
    );
  }
  if (rows !== undefined && rows.length === 0) {
    return (
      <Paper withBorder radius="md" style={radius}>
        <EmptyPanel bare icon={empty.icon} title={empty.title} text={empty.text} />
      </Paper>
    );
  }
  return (
    <Paper withBorder radius="md" style={{ overflow: 'hidden', ...radius }}>
      <TableScroll minWidth={minWidth}>
        <Table verticalSpacing="sm" highlightOnHover aria-label={label} aria-busy={rows === undefined}>
          <Table.Thead className={classes.tableHead}>{head}</Table.Thead>
          <Table.Tbody>{rows ?? <TableSkeletonRows columns={columns} rows={5} />}</Table.Tbody>
          {rows ? footer : null}
        </Table>
      </TableScroll>
    </Paper>
  );
}

/** The header of an icon-actions column: empty to the eye, named for screen readers. */
export function ActionsTh({ label, w = 64 }: { label: string; w?: number }) {
  return (
    <Table.Th w={w}>
      <VisuallyHidden>{label}</VisuallyHidden>
    </Table.Th>
  );
}
