import '@mantine/charts/styles.css';
import type {
  BalanceHistory,
  InvestmentHistory,
  TimelineTransaction,
  ValueHistory,
} from '@caudal/contract/routes';
import { DonutChart, LineChart } from '@mantine/charts';
import { Box, Group, Paper, SegmentedControl, Stack, Table, Text, Title } from '@mantine/core';
import { type ReactNode, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TableScroll } from '../../../../shared/components/table-scroll';
import { useFormatters } from '../../../../shared/format/use-formatters';
import { changeDays, chartDays, colorAt, percentShares } from '../../lib/chart-data';
import { Money } from '../money';
import { useTypeNames } from '../use-type-name';
import classes from '../wealth.module.css';

/**
 * The charts of the overview, the portfolio and the investment pages (issue 31). This module is the
 * only one that imports @mantine/charts (and recharts under it) for them: the routes load it with
 * React.lazy, so neither the first screens nor the product tabs carry it. Every chart has its figures
 * as a table one click away; the chart itself is a labelled image for screen readers.
 */

type View = 'chart' | 'table';

interface ChartCardProps {
  title: string;
  note?: ReactNode;
  /** A sentence saying what the chart shows (the image's accessible name). */
  summary: string;
  chart: ReactNode;
  table: ReactNode;
  actions?: ReactNode;
}

export function ChartCard({ title, note, summary, chart, table, actions }: ChartCardProps) {
  const { t } = useTranslation();
  const [view, setView] = useState<View>('chart');
  const titleId = useId();
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={titleId}>
      <Group justify="space-between" align="flex-start" gap="xs" mb="xs">
        <Title order={3} size="h5" id={titleId}>
          {title}
        </Title>
        <Group gap="xs">
          {actions}
          <SegmentedControl
            size="xs"
            value={view}
            onChange={(value) => setView(value as View)}
            aria-label={t('wealthOverview.view.label', { title })}
            data={[
              { value: 'chart', label: t('wealthOverview.view.chart') },
              { value: 'table', label: t('wealthOverview.view.table') },
            ]}
          />
        </Group>
      </Group>
      {note ? (
        <Text size="xs" c="dimmed" mb="sm">
          {note}
        </Text>
      ) : null}
      {view === 'chart' ? (
        <div role="img" aria-label={summary}>
          {chart}
        </div>
      ) : (
        table
      )}
    </Paper>
  );
}

export interface Slice {
  key: string;
  label: string;
  value: number;
  count: number;
}

interface AllocationDonutProps {
  title: string;
  currency: string;
  slices: readonly Slice[];
  note?: string;
  /** Slices sized by how many products (amounts in different currencies are never added). */
  byCount?: boolean;
}

export function AllocationDonut({ title, currency, slices, note, byCount = false }: AllocationDonutProps) {
  const { t } = useTranslation();
  const format = useFormatters();
  const sized = slices.map((slice) => (byCount ? slice.count : slice.value));
  const shares = percentShares(sized);
  const amount = (slice: Slice) =>
    byCount ? format.integer(slice.count) : format.money(slice.value, currency);
  const summary = t('wealthOverview.allocation.chartLabel', {
    title,
    summary: slices.map((slice, index) => `${slice.label} ${amount(slice)} (${shares[index]} %)`).join('; '),
  });
  if (slices.length === 0) {
    return (
      <Paper withBorder radius="md" p="md">
        <Title order={3} size="h5" mb="xs">
          {title}
        </Title>
        <Text size="sm" c="dimmed">
          {t('wealthOverview.allocation.empty', { currency })}
        </Text>
      </Paper>
    );
  }
  return (
    <ChartCard
      title={title}
      note={note}
      summary={summary}
      chart={
        <Group gap="md" wrap="nowrap" align="center">
          <DonutChart
            size={140}
            thickness={22}
            withTooltip={false}
            paddingAngle={1}
            pieChartProps={{ accessibilityLayer: false }}
            data={slices.map((slice, index) => ({
              name: slice.label,
              value: Math.abs(sized[index] ?? 0),
              color: colorAt(index),
            }))}
          />
          <Stack gap={4} style={{ minWidth: 0, flex: 1 }} aria-hidden>
            {slices.map((slice, index) => (
              <Group key={slice.key} gap={6} wrap="nowrap">
                <Box w={10} h={10} style={{ borderRadius: 2, flex: 'none' }} bg={colorAt(index)} />
                <Text size="xs" truncate style={{ flex: 1, minWidth: 0 }}>
                  {slice.label}
                </Text>
                <Text size="xs" c="dimmed" style={{ fontVariantNumeric: 'tabular-nums' }}>
                  {shares[index]} %
                </Text>
              </Group>
            ))}
          </Stack>
        </Group>
      }
      table={
        <TableScroll minWidth={280} phone="scroll">
          <Table verticalSpacing={4} aria-label={title}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('wealthOverview.allocation.group')}</Table.Th>
                <Table.Th className={classes.numeric}>
                  {byCount ? t('wealthOverview.allocation.count') : t('wealthOverview.allocation.value')}
                </Table.Th>
                <Table.Th className={classes.numeric}>{t('wealthOverview.allocation.share')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {slices.map((slice, index) => (
                <Table.Tr key={slice.key}>
                  <Table.Td>{slice.label}</Table.Td>
                  <Table.Td className={classes.numeric}>
                    {byCount ? (
                      format.integer(slice.count)
                    ) : (
                      <Money value={slice.value} currency={currency} />
                    )}
                  </Table.Td>
                  <Table.Td className={classes.numeric}>{shares[index]} %</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </TableScroll>
      }
    />
  );
}

/** Short axis labels: a day and month (and the year when the range spans more than one). */
function useAxisFormat(dates: readonly string[]) {
  const format = useFormatters();
  return useMemo(() => {
    const spansYears = (dates[0] ?? '').slice(0, 4) !== (dates.at(-1) ?? '').slice(0, 4);
    const day = new Intl.DateTimeFormat(format.iso, {
      day: 'numeric',
      month: 'short',
      ...(spansYears ? { year: '2-digit' } : {}),
      timeZone: 'UTC',
    });
    const compact = new Intl.NumberFormat(format.iso, { notation: 'compact', maximumFractionDigits: 1 });
    return {
      date: (value: string) => day.format(new Date(`${value}T00:00:00Z`)),
      number: (value: number) => compact.format(value),
    };
  }, [dates, format.iso]);
}

/** A series' data key: product names may repeat or hold any character. */
const keyOf = (index: number) => `s${index}`;

interface BalanceHistoryChartProps {
  history: BalanceHistory;
  currency: string;
  actions?: ReactNode;
}

/** One line per account and liability in the currency, and the total (accounts minus liabilities). */
export function BalanceHistoryChart({ history, currency, actions }: BalanceHistoryChartProps) {
  const { t } = useTranslation();
  const format = useFormatters();
  const axis = useAxisFormat(history.dates);
  const series = history.series.filter((item) => item.currency === currency);
  const total = history.totals.find((item) => item.currency === currency)?.values ?? [];
  const title = t('wealthOverview.history.title');
  const totalLabel = t('wealthOverview.history.total', { currency });
  const data = useMemo(
    () =>
      chartDays(history.dates.length).map((day) => {
        const date = history.dates[day] ?? '';
        const point: Record<string, number | string | null> = { date, total: total[day] ?? null };
        series.forEach((item, index) => {
          point[keyOf(index)] = item.values[day] ?? null;
        });
        return point;
      }),
    [history.dates, series, total],
  );
  const differences = series.filter((item) => item.difference !== 0);
  const note = (
    <>
      {t('wealthOverview.history.note', { currency })}
      {differences.map((item) => (
        <Text key={item.product_id} size="xs" c="orange.9" mt={4} component="span" display="block">
          {t('wealthOverview.history.difference', {
            name: item.name,
            balance: format.money(item.balance, currency),
            running: format.money(item.last_running_balance ?? 0, currency),
            difference: format.money(item.difference, currency),
          })}
        </Text>
      ))}
    </>
  );
  if (series.length === 0) {
    return (
      <Paper withBorder radius="md" p="md">
        <Group justify="space-between" mb="xs">
          <Title order={3} size="h5">
            {title}
          </Title>
          {actions}
        </Group>
        <Text size="sm" c="dimmed">
          {t('wealthOverview.history.empty', { currency })}
        </Text>
      </Paper>
    );
  }
  const rows = changeDays([...series.map((item) => item.values), total], history.dates.length);
  return (
    <ChartCard
      title={title}
      actions={actions}
      note={note}
      summary={t('wealthOverview.history.chartLabel', {
        currency,
        from: format.date(history.from),
        to: format.date(history.to),
        total: format.money(total.at(-1) ?? 0, currency),
      })}
      chart={
        <LineChart
          h={280}
          data={data}
          dataKey="date"
          curveType="stepAfter"
          withDots={false}
          strokeWidth={1.5}
          withLegend
          legendProps={{ verticalAlign: 'bottom', height: 50 }}
          lineChartProps={{ accessibilityLayer: false }}
          xAxisProps={{ tickFormatter: axis.date, minTickGap: 24 }}
          yAxisProps={{ tickFormatter: axis.number, width: 56 }}
          valueFormatter={(value) => format.money(value, currency)}
          tooltipProps={{ labelFormatter: (label) => format.date(String(label)) }}
          series={[
            ...series.map((item, index) => ({
              name: keyOf(index),
              label: item.name,
              color: colorAt(index),
              ...(item.kind === 'liability' ? { strokeDasharray: '4 3' } : {}),
            })),
            { name: 'total', label: totalLabel, color: 'dark.6' },
          ]}
        />
      }
      table={
        <>
          <Text size="xs" c="dimmed" mb={4}>
            {t('wealthOverview.history.tableNote')}
          </Text>
          <TableScroll minWidth={200 + 130 * (series.length + 1)} phone="scroll">
            <Table verticalSpacing={4} aria-label={title} stickyHeader>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('wealthOverview.history.date')}</Table.Th>
                  {series.map((item) => (
                    <Table.Th key={item.product_id} className={classes.numeric}>
                      {item.name}
                    </Table.Th>
                  ))}
                  <Table.Th className={classes.numeric}>{totalLabel}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((day) => (
                  <Table.Tr key={history.dates[day]}>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      {format.date(history.dates[day] ?? '')}
                    </Table.Td>
                    {series.map((item) => (
                      <Table.Td key={item.product_id} className={classes.numeric}>
                        <Money value={item.values[day] ?? 0} currency={currency} />
                      </Table.Td>
                    ))}
                    <Table.Td className={classes.numeric}>
                      <Money value={total[day] ?? 0} currency={currency} fw={600} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </TableScroll>
        </>
      }
    />
  );
}

interface ValueHistoryChartProps {
  history: ValueHistory | InvestmentHistory;
  actions?: ReactNode;
  /** An investment's movements, marked on the chart's days. */
  transactions?: readonly TimelineTransaction[];
}

/** A portfolio's or an investment's stored value and net invested cash, day by day. */
export function ValueHistoryChart({ history, actions, transactions = [] }: ValueHistoryChartProps) {
  const { t } = useTranslation();
  const format = useFormatters();
  const axis = useAxisFormat(history.dates);
  const { currency } = history;
  const title = t('wealthOverview.value.title');
  const hasValues = history.values.some((value) => value !== null);
  const hasInvested = history.invested.some((value) => value !== null);
  const data = useMemo(
    () =>
      chartDays(history.dates.length).map((day) => ({
        date: history.dates[day] ?? '',
        value: history.values[day] ?? null,
        invested: history.invested[day] ?? null,
      })),
    [history],
  );
  if (!hasValues) {
    return (
      <Paper withBorder radius="md" p="md">
        <Group justify="space-between" mb="xs">
          <Title order={3} size="h5">
            {title}
          </Title>
          {actions}
        </Group>
        <Text size="sm" c="dimmed">
          {t('wealthOverview.value.empty')}
        </Text>
      </Paper>
    );
  }
  const rows = changeDays([history.values, history.invested], history.dates.length).filter(
    (day) => history.values[day] !== null,
  );
  // One mark per day with movements (the tooltip names the day; the table below lists each one).
  const drawn = new Set(data.map((point) => point.date));
  const marked = [...new Set(transactions.map((row) => row.operationDate))]
    .filter((date) => drawn.has(date))
    .slice(-30);
  return (
    <ChartCard
      title={title}
      actions={actions}
      summary={t('wealthOverview.value.chartLabel', {
        currency,
        from: format.date(history.from),
        to: format.date(history.to),
        value: format.money(history.values.at(-1) ?? 0, currency),
        invested: format.money(history.invested.at(-1) ?? 0, currency),
      })}
      chart={
        <LineChart
          h={260}
          data={data}
          dataKey="date"
          withDots={false}
          strokeWidth={1.8}
          withLegend
          legendProps={{ verticalAlign: 'bottom', height: 40 }}
          lineChartProps={{ accessibilityLayer: false }}
          xAxisProps={{ tickFormatter: axis.date, minTickGap: 24 }}
          yAxisProps={{ tickFormatter: axis.number, width: 56 }}
          valueFormatter={(value) => format.money(value, currency)}
          tooltipProps={{ labelFormatter: (label) => format.date(String(label)) }}
          referenceLines={marked.map((date) => ({ x: date, color: 'gray.4', strokeDasharray: '2 3' }))}
          series={[
            { name: 'value', label: t('wealthOverview.value.value'), color: 'brand.6' },
            ...(hasInvested
              ? [
                  {
                    name: 'invested',
                    label: t('wealthOverview.value.invested'),
                    color: 'orange.7',
                    strokeDasharray: '5 4',
                    curveType: 'stepAfter' as const,
                  },
                ]
              : []),
          ]}
        />
      }
      table={
        <>
          <Text size="xs" c="dimmed" mb={4}>
            {t('wealthOverview.value.tableNote')}
          </Text>
          <TableScroll minWidth={420} phone="scroll">
            <Table verticalSpacing={4} aria-label={title} stickyHeader>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('wealthOverview.history.date')}</Table.Th>
                  <Table.Th className={classes.numeric}>{t('wealthOverview.value.value')}</Table.Th>
                  <Table.Th className={classes.numeric}>{t('wealthOverview.value.invested')}</Table.Th>
                  {'units' in history ? (
                    <Table.Th className={classes.numeric}>{t('wealthOverview.value.units')}</Table.Th>
                  ) : null}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((day) => {
                  const invested = history.invested[day];
                  const units = 'units' in history ? history.units[day] : undefined;
                  return (
                    <Table.Tr key={history.dates[day]}>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>
                        {format.date(history.dates[day] ?? '')}
                      </Table.Td>
                      <Table.Td className={classes.numeric}>
                        <Money value={history.values[day] ?? 0} currency={currency} />
                      </Table.Td>
                      <Table.Td className={classes.numeric}>
                        {invested === null || invested === undefined ? (
                          '—'
                        ) : (
                          <Money value={invested} currency={currency} />
                        )}
                      </Table.Td>
                      {'units' in history ? (
                        <Table.Td className={classes.numeric}>
                          {units === null || units === undefined ? '—' : format.decimal(units)}
                        </Table.Td>
                      ) : null}
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </TableScroll>
        </>
      }
    />
  );
}

/** An investment's movements in the range, oldest first: the timeline's list (the chart marks their days). */
export function InvestmentTimeline({
  transactions,
  currency,
}: {
  transactions: readonly TimelineTransaction[];
  currency: string;
}) {
  const { t } = useTranslation();
  const format = useFormatters();
  const { transactionType } = useTypeNames();
  const title = t('wealthOverview.value.transactions');
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={title}>
      <Title order={3} size="h5" mb="xs">
        {title}
      </Title>
      {transactions.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('wealthOverview.value.transactionsEmpty')}
        </Text>
      ) : (
        <TableScroll minWidth={520}>
          <Table verticalSpacing={4} aria-label={title}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('wealthOverview.history.date')}</Table.Th>
                <Table.Th>{t('wealthOverview.value.movement')}</Table.Th>
                <Table.Th className={classes.numeric}>{t('wealthOverview.value.units')}</Table.Th>
                <Table.Th className={classes.numeric}>{t('wealthOverview.value.netCash')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {transactions.map((row) => (
                <Table.Tr key={row.id}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{format.date(row.operationDate)}</Table.Td>
                  <Table.Td>
                    <Text size="sm">{transactionType(row.type)}</Text>
                    <Text size="xs" c="dimmed">
                      {row.description}
                    </Text>
                  </Table.Td>
                  <Table.Td className={classes.numeric}>{format.decimal(row.amount)}</Table.Td>
                  <Table.Td className={classes.numeric}>
                    <Money value={row.netCash} currency={currency} signed />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </TableScroll>
      )}
    </Paper>
  );
}
