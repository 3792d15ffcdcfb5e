import '@mantine/charts/styles.layer.css';
import type {
  BalanceHistory,
  HistoryBucket,
  InvestmentHistory,
  TimelineTransaction,
  ValueHistory,
} from '@caudal/contract/routes';
import { DonutChart, LineChart, type LineChartProps } from '@mantine/charts';
import { Box, Group, getThemeColor, Stack, Table, Text, useMantineTheme } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { TableScroll } from '../../../../shared/components/table-scroll';
import { useFormatters } from '../../../../shared/format/use-formatters';
import { useEntityCatalogue } from '../../../../shared/session/use-entity-catalogue';
import {
  changeDays,
  chartDays,
  colorAt,
  percentShares,
  pointHolding,
  seriesLabels,
  shareLabel,
} from '../../lib/chart-data';
import { Money } from '../money';
import { useTypeNames } from '../use-type-name';
import classes from '../wealth.module.css';
import { ChartCard } from './chart-card';

/**
 * The charts of the overview, the portfolio and the investment pages (issue 31). This module is the
 * only one that imports @mantine/charts (and recharts under it) for them: the routes load it with
 * React.lazy, so neither the first screens nor the product tabs carry it. Every chart has its figures
 * as a table one click away; the chart itself is a labelled image for screen readers.
 */

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
    summary: slices
      .map(
        (slice, index) =>
          `${slice.label} ${amount(slice)} (${shareLabel(shares[index] ?? 0, sized[index] ?? 0)} %)`,
      )
      .join('; '),
  });
  return (
    <ChartCard
      title={title}
      note={note}
      empty={slices.length === 0 ? t('wealthOverview.allocation.empty', { currency }) : null}
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
                  {shareLabel(shares[index] ?? 0, sized[index] ?? 0)} %
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
                  <Table.Td className={classes.numeric}>
                    {shareLabel(shares[index] ?? 0, sized[index] ?? 0)} %
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </TableScroll>
      }
    />
  );
}

/**
 * Short axis labels: a day and month (and the year when the range spans more than one); a month and
 * year when each point closes a month.
 */
function useAxisFormat(dates: readonly string[], bucket: HistoryBucket = 'day') {
  const format = useFormatters();
  return useMemo(() => {
    const spansYears = (dates[0] ?? '').slice(0, 4) !== (dates.at(-1) ?? '').slice(0, 4);
    const day = new Intl.DateTimeFormat(format.iso, {
      ...(bucket === 'month' ? {} : { day: 'numeric' }),
      month: 'short',
      ...(spansYears ? { year: '2-digit' } : {}),
      timeZone: 'UTC',
    });
    const compact = new Intl.NumberFormat(format.iso, { notation: 'compact', maximumFractionDigits: 1 });
    return {
      date: (value: string) => day.format(new Date(`${value}T00:00:00Z`)),
      number: (value: number) => compact.format(value),
    };
  }, [dates, bucket, format.iso]);
}

/** A series' data key: product names may repeat or hold any character. */
const keyOf = (index: number) => `s${index}`;

/** The line charts' y axis width, in px; recharts adds a 5 px margin on each side of the plot. */
const Y_AXIS_WIDTH = 56;
const PLOT_MARGINS = 10;
/** Below this chart width, in px (a phone), the tooltip takes the chart's whole width, in small type. */
const NARROW_CHART = 520;

/**
 * Keeps a line chart's tooltip inside the chart, so on the screen. Recharts puts the tooltip beside the
 * pointer but never left of the plot, so a tooltip wider than the plot runs past the chart's right
 * edge: it may be at most as wide as the plot (its names wrap, its amounts never do). On a narrow chart
 * that is too little room, so there it sits at the chart's left edge, may take the chart's full width
 * and is compact (`data-narrow` on the frame, wealth.module.css).
 */
function useChartFrame() {
  const { ref, width } = useElementSize();
  const narrow = width > 0 && width < NARROW_CHART;
  const maxWidth = width > 0 ? (narrow ? width : width - Y_AXIS_WIDTH - PLOT_MARGINS) : undefined;
  return {
    frame: { ref, className: classes.chartFrame, 'data-narrow': narrow || undefined },
    tooltip: {
      position: narrow ? { x: 0, y: 0 } : { y: 0 },
      wrapperStyle: { maxWidth },
    },
    classNames: {
      tooltip: classes.chartTooltip,
      tooltipLabel: classes.chartTooltipLabel,
      tooltipBody: classes.chartTooltipBody,
      tooltipItem: classes.chartTooltipItem,
      tooltipItemBody: classes.chartTooltipItemBody,
      tooltipItemName: classes.chartTooltipName,
      tooltipItemData: classes.chartTooltipValue,
    } satisfies LineChartProps['classNames'],
  };
}

/**
 * What both line charts share: the frame that keeps the tooltip on screen, dates and compact amounts on
 * the axes, money in the tooltip. Each chart adds its height, curve, stroke and series.
 */
function useLineChartBase(history: { dates: readonly string[]; bucket?: HistoryBucket }, currency: string) {
  const format = useFormatters();
  const axis = useAxisFormat(history.dates, history.bucket);
  const fit = useChartFrame();
  return {
    frame: fit.frame,
    chart: {
      dataKey: 'date',
      withDots: false,
      lineChartProps: { accessibilityLayer: false },
      xAxisProps: { tickFormatter: axis.date, minTickGap: 24 },
      yAxisProps: { tickFormatter: axis.number, width: Y_AXIS_WIDTH },
      valueFormatter: (value: number) => format.money(value, currency),
      tooltipProps: { ...fit.tooltip, labelFormatter: (label: unknown) => format.date(String(label)) },
      classNames: fit.classNames,
    },
  };
}

/** A line as the chart draws it (its `series` entry): its data key, label, colour and dashes. */
interface LegendEntry {
  name: string;
  label: string;
  /** A Mantine colour, as the series'. */
  color: string;
  /** The series' dash pattern, drawn in the entry's sample too. */
  strokeDasharray?: string;
}

/**
 * A line chart's legend, below the chart in the page's flow: its entries wrap to as many rows as they
 * need, so the card grows with them at any width and any number of series (recharts' own legend lives
 * in the chart's fixed height and spills out of it). A list, named after the chart; the line samples
 * are decoration.
 */
function ChartLegend({ title, entries }: { title: string; entries: readonly LegendEntry[] }) {
  const { t } = useTranslation();
  const theme = useMantineTheme();
  return (
    <ul className={classes.chartLegend} aria-label={t('wealth.chartLegend', { title })}>
      {entries.map((entry) => (
        <li key={entry.name} className={classes.chartLegendItem}>
          <svg className={classes.chartLegendLine} viewBox="0 0 18 10" aria-hidden focusable="false">
            <line
              x1={1}
              y1={5}
              x2={17}
              y2={5}
              stroke={getThemeColor(entry.color, theme)}
              strokeWidth={2.5}
              strokeDasharray={entry.strokeDasharray}
            />
          </svg>
          <span>{entry.label}</span>
        </li>
      ))}
    </ul>
  );
}

interface BalanceHistoryChartProps {
  history: BalanceHistory;
  currency: string;
  actions?: ReactNode;
  /** Per product id, what tells it apart from a same-named product at the same bank (an IBAN's end). */
  references?: ReadonlyMap<string, string | null>;
}

/** One line per account and liability in the currency, and the total (accounts minus liabilities). */
export function BalanceHistoryChart({ history, currency, actions, references }: BalanceHistoryChartProps) {
  const { t } = useTranslation();
  const format = useFormatters();
  const entities = useEntityCatalogue();
  const base = useLineChartBase(history, currency);
  const series = history.series.filter((item) => item.currency === currency);
  const total = history.totals.find((item) => item.currency === currency)?.values ?? [];
  const title = t('wealthOverview.history.title');
  const totalLabel = t('wealthOverview.history.total', { currency });
  // The legend's, the tooltip's and the table's name for each series: two products may share a name.
  const labels = seriesLabels(
    series.map((item) => ({ ...item, reference: references?.get(item.product_id) })),
    entities.name,
  );
  const lines = [
    ...series.map((item, index) => ({
      name: keyOf(index),
      label: labels[index] ?? item.name,
      color: colorAt(index),
      ...(item.kind === 'liability' ? { strokeDasharray: '4 3' } : {}),
    })),
    { name: 'total', label: totalLabel, color: 'dark.6' },
  ];
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
      {t('wealthOverview.history.note', {
        currency,
        step: t(`wealthOverview.history.steps.${history.bucket}`),
      })}
      {differences.map((item) => (
        <Text key={item.product_id} size="xs" c="orange.9" mt={4} component="span" display="block">
          {t('wealthOverview.history.difference', {
            name: labels[series.indexOf(item)] ?? item.name,
            balance: format.money(item.balance, currency),
            running: format.money(item.last_running_balance ?? 0, currency),
            difference: format.money(item.difference, currency),
          })}
        </Text>
      ))}
    </>
  );
  const rows = changeDays([...series.map((item) => item.values), total], history.dates.length);
  return (
    <ChartCard
      title={title}
      actions={actions}
      note={note}
      empty={series.length === 0 ? t('wealthOverview.history.empty', { currency }) : null}
      tableNote={t(`wealthOverview.history.tableNote.${history.bucket}`)}
      summary={t('wealthOverview.history.chartLabel', {
        currency,
        from: format.date(history.from),
        to: format.date(history.to),
        total: format.money(total.at(-1) ?? 0, currency),
      })}
      chart={
        <div {...base.frame}>
          <LineChart
            {...base.chart}
            h={280}
            data={data}
            curveType={history.bucket === 'day' ? 'stepAfter' : 'linear'}
            strokeWidth={1.5}
            series={lines}
          />
        </div>
      }
      legend={<ChartLegend title={title} entries={lines} />}
      table={
        <TableScroll minWidth={200 + 130 * (series.length + 1)} phone="scroll">
          <Table verticalSpacing={4} aria-label={title} stickyHeader>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('wealthOverview.history.date')}</Table.Th>
                {series.map((item, index) => (
                  <Table.Th key={item.product_id} className={classes.numeric}>
                    {labels[index] ?? item.name}
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

/** A portfolio's or an investment's stored value and net invested cash, at the span's points. */
export function ValueHistoryChart({ history, actions, transactions = [] }: ValueHistoryChartProps) {
  const { t } = useTranslation();
  const format = useFormatters();
  const { currency } = history;
  const base = useLineChartBase(history, currency);
  const title = t('wealthOverview.value.title');
  const hasValues = history.values.some((value) => value !== null);
  const hasInvested = history.invested.some((value) => value !== null);
  const lines = [
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
  ];
  const data = useMemo(
    () =>
      chartDays(history.dates.length).map((day) => ({
        date: history.dates[day] ?? '',
        value: history.values[day] ?? null,
        invested: history.invested[day] ?? null,
      })),
    [history],
  );
  const rows = changeDays([history.values, history.invested], history.dates.length).filter(
    (day) => history.values[day] !== null,
  );
  // One mark per point with movements, on the point that holds their day (a week's or month's last
  // day when the points are not daily); the table below lists each movement.
  const drawn = new Set(data.map((point) => point.date));
  const marked = [...new Set(transactions.map((row) => pointHolding(history.dates, row.operationDate)))]
    .filter((date): date is string => date !== undefined && drawn.has(date))
    .slice(-30);
  return (
    <ChartCard
      title={title}
      actions={actions}
      empty={hasValues ? null : t('wealthOverview.value.empty')}
      tableNote={t(`wealthOverview.value.tableNote.${history.bucket}`)}
      summary={t('wealthOverview.value.chartLabel', {
        currency,
        from: format.date(history.from),
        to: format.date(history.to),
        value: format.money(history.values.at(-1) ?? 0, currency),
        invested: format.money(history.invested.at(-1) ?? 0, currency),
      })}
      chart={
        <div {...base.frame}>
          <LineChart
            {...base.chart}
            h={260}
            data={data}
            strokeWidth={1.8}
            referenceLines={marked.map((date) => ({ x: date, color: 'gray.4', strokeDasharray: '2 3' }))}
            series={lines}
          />
        </div>
      }
      legend={<ChartLegend title={title} entries={lines} />}
      table={
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
    <ChartCard
      title={title}
      empty={transactions.length === 0 ? t('wealthOverview.value.transactionsEmpty') : null}
      table={
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
      }
    />
  );
}
