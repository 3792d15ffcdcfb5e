import '@mantine/charts/styles.layer.css';
import { BarChart } from '@mantine/charts';
import { VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../../shared/format/use-formatters';
import type { FunnelRow } from '../lib/funnel-rows';

/** The funnel as horizontal bars, one per step (names stay readable on a phone); a labelled image. */
export function FunnelChart({ rows }: { rows: readonly FunnelRow[] }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const data = rows.map((row) => ({ step: t(`funnel.steps.${row.step}`), visits: row.visits }));
  return (
    <div role="img" aria-label={t('funnel.page.chartLabel')} data-testid="funnel-chart">
      <BarChart
        h={rows.length * 40 + 40}
        data={data}
        dataKey="step"
        orientation="vertical"
        valueFormatter={(value) => format.integer(value)}
        yAxisProps={{ width: 150 }}
        gridAxis="y"
        barChartProps={{ accessibilityLayer: false }}
        series={[{ name: 'visits', label: t('funnel.page.visitsColumn'), color: 'brand.6' }]}
      />
      <VisuallyHidden>{t('funnel.page.chartLabel')}</VisuallyHidden>
    </div>
  );
}
