import '@mantine/charts/styles.layer.css';
import type { SummaryEntity } from '@caudal/contract';
import { BarChart } from '@mantine/charts';
import { Paper, SegmentedControl, Table, Text, VisuallyHidden } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TableScroll } from '../../../shared/components/table-scroll';
import { useFormatters } from '../../../shared/format/use-formatters';
import classes from './summary.module.css';

/** Height per institution: three thin bars (total, blocked, SCA) and a gap. */
const ROW_HEIGHT = 30;

export interface EntityRow extends SummaryEntity {
  name: string;
}

/**
 * Credentials per institution (total, blocked, SCA) as horizontal bars, one row per institution, so
 * names stay readable on a phone. The same figures are one click away as a table (screen readers get
 * the table; the chart is a labelled image).
 */
export function EntityChart({ rows }: { rows: readonly EntityRow[] }) {
  const { t } = useTranslation();
  const [view, setView] = useState<'chart' | 'table'>('chart');
  return (
    <Paper withBorder radius="md" p="md">
      <SegmentedControl
        size="xs"
        mb="md"
        value={view}
        onChange={(value) => setView(value as 'chart' | 'table')}
        data={[
          { value: 'chart', label: t('summary.entities.showChart') },
          { value: 'table', label: t('summary.entities.showTable') },
        ]}
      />
      {view === 'chart' ? <Chart rows={rows} /> : <EntityTable rows={rows} />}
    </Paper>
  );
}

function Chart({ rows }: { rows: readonly EntityRow[] }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const data = rows.map((row) => ({
    name: row.name,
    total: row.total,
    blocked: row.blocked,
    sca: row.sca_token,
  }));
  return (
    <div role="img" aria-label={t('summary.entities.chartLabel')}>
      <BarChart
        h={Math.max(160, rows.length * ROW_HEIGHT + 70)}
        data={data}
        dataKey="name"
        orientation="vertical"
        withLegend
        legendProps={{ verticalAlign: 'bottom' }}
        valueFormatter={(value) => format.integer(value)}
        yAxisProps={{ width: 110 }}
        gridAxis="y"
        barChartProps={{ accessibilityLayer: false }}
        series={[
          { name: 'total', label: t('summary.entities.total'), color: 'brand.6' },
          { name: 'blocked', label: t('summary.entities.blocked'), color: 'red.6' },
          { name: 'sca', label: t('summary.entities.sca'), color: 'yellow.6' },
        ]}
      />
      <VisuallyHidden>{t('summary.entities.chartLabel')}</VisuallyHidden>
    </div>
  );
}

function EntityTable({ rows }: { rows: readonly EntityRow[] }) {
  const { t } = useTranslation();
  const format = useFormatters();
  return (
    <TableScroll minWidth={360}>
      <Table verticalSpacing="xs" aria-label={t('summary.entities.tableLabel')}>
        <Table.Thead className={classes.tableHead}>
          <Table.Tr>
            <Table.Th>{t('summary.entities.entity')}</Table.Th>
            <Table.Th className={classes.numeric}>{t('summary.entities.total')}</Table.Th>
            <Table.Th className={classes.numeric}>{t('summary.entities.blocked')}</Table.Th>
            <Table.Th className={classes.numeric}>{t('summary.entities.sca')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.id}>
              <Table.Td>
                <Text size="sm" fw={500}>
                  {row.name}
                </Text>
              </Table.Td>
              <Table.Td className={classes.numeric}>{format.integer(row.total)}</Table.Td>
              <Table.Td className={classes.numeric}>{format.integer(row.blocked)}</Table.Td>
              <Table.Td className={classes.numeric}>{format.integer(row.sca_token)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </TableScroll>
  );
}
