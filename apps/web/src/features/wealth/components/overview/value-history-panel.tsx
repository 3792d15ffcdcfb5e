import { Skeleton, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ErrorPanel } from '../../../../shared/components/state-panel';
import { useInvestmentHistoryQuery, usePortfolioValueHistoryQuery } from '../../api/overview-queries';
import { ChartSuspense, InvestmentTimeline, ValueHistoryChart } from './lazy-charts';
import { RangeControl, useHistoryRange } from './range-control';

const HEIGHT = 340;

/** A portfolio's value and net invested cash over the range the address names. */
export function PortfolioValuePanel({ clientId, portfolioId }: { clientId: string; portfolioId: string }) {
  const { t } = useTranslation();
  const [range, setRange] = useHistoryRange();
  const query = usePortfolioValueHistoryQuery(clientId, portfolioId, range);
  if (query.isError && !query.data) {
    return (
      <ErrorPanel
        title={t('wealthOverview.value.loadError')}
        error={query.error}
        retryLabel={t('wealth.retry')}
        onRetry={() => query.refetch()}
      />
    );
  }
  return (
    <ChartSuspense height={HEIGHT}>
      {query.data ? (
        <ValueHistoryChart
          history={query.data}
          actions={<RangeControl value={range} onChange={setRange} />}
        />
      ) : (
        <Skeleton h={HEIGHT} radius="md" />
      )}
    </ChartSuspense>
  );
}

/** An investment's value, with its movements marked on the chart and listed below it. */
export function InvestmentValuePanel({
  clientId,
  portfolioId,
  investmentId,
}: {
  clientId: string;
  portfolioId: string;
  investmentId: string;
}) {
  const { t } = useTranslation();
  const [range, setRange] = useHistoryRange();
  const query = useInvestmentHistoryQuery(clientId, portfolioId, investmentId, range);
  if (query.isError && !query.data) {
    return (
      <ErrorPanel
        title={t('wealthOverview.value.loadError')}
        error={query.error}
        retryLabel={t('wealth.retry')}
        onRetry={() => query.refetch()}
      />
    );
  }
  return (
    <ChartSuspense height={HEIGHT}>
      {query.data ? (
        <Stack gap="md">
          <ValueHistoryChart
            history={query.data}
            transactions={query.data.transactions}
            actions={<RangeControl value={range} onChange={setRange} />}
          />
          <InvestmentTimeline transactions={query.data.transactions} currency={query.data.currency} />
        </Stack>
      ) : (
        <Skeleton h={HEIGHT} radius="md" />
      )}
    </ChartSuspense>
  );
}
