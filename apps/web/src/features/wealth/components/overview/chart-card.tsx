import { Group, Paper, SegmentedControl, Text, Title } from '@mantine/core';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

type View = 'chart' | 'table';

interface ChartCardProps {
  title: string;
  /** Controls beside the title (a range picker). */
  actions?: ReactNode;
  /** Shown under the title, above the chart and the table alike. */
  note?: ReactNode;
  /** When set, the card says this instead of drawing anything (nothing to show). */
  empty?: string | null;
  /** The figures as a picture; without one the card is its table alone and offers no switch. */
  chart?: ReactNode;
  /** A sentence with the chart's figures: the picture's accessible name. */
  summary?: string;
  /**
   * What each line of the chart is, below the picture (not inside it, so it is read as a list). In the
   * page's flow, it takes the height its entries need at any width.
   */
  legend?: ReactNode;
  /** The same figures as a table: one click away for keyboard and screen-reader users. */
  table: ReactNode;
  /** Above the table only (which rows it lists). */
  tableNote?: ReactNode;
}

/**
 * The card every chart of the overview, portfolio and investment pages sits in (issue 31): a titled
 * section, its actions, a Chart/Table switch, a note, and an empty state in the same frame. The chart
 * is a labelled image; the table carries the same figures.
 */
export function ChartCard({
  title,
  actions,
  note,
  empty,
  chart,
  summary,
  legend,
  table,
  tableNote,
}: ChartCardProps) {
  const { t } = useTranslation();
  const [view, setView] = useState<View>('chart');
  const titleId = useId();
  const hasChart = chart !== undefined && !empty;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={titleId}>
      <Group justify="space-between" align="flex-start" gap="xs" mb="xs">
        <Title order={3} size="h5" id={titleId}>
          {title}
        </Title>
        {actions || hasChart ? (
          <Group gap="xs">
            {actions}
            {hasChart ? (
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
            ) : null}
          </Group>
        ) : null}
      </Group>
      {empty ? (
        <Text size="sm" c="dimmed">
          {empty}
        </Text>
      ) : (
        <>
          {note ? (
            <Text size="xs" c="dimmed" mb="sm" component="div">
              {note}
            </Text>
          ) : null}
          {hasChart && view === 'chart' ? (
            <>
              <div role="img" aria-label={summary ?? title}>
                {chart}
              </div>
              {legend}
            </>
          ) : (
            <>
              {tableNote ? (
                <Text size="xs" c="dimmed" mb={4}>
                  {tableNote}
                </Text>
              ) : null}
              {table}
            </>
          )}
        </>
      )}
    </Paper>
  );
}
