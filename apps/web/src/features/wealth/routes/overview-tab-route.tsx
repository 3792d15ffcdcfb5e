import type { AllocationSlice, ClientOverview } from '@caudal/contract/routes';
import { Select, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { IconChartDonut } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { EmptyPanel, ErrorPanel } from '../../../shared/components/state-panel';
import { useEntityCatalogue } from '../../../shared/session/use-entity-catalogue';
import { useAccountsQuery } from '../api/client-queries';
import { useBalanceHistoryQuery, useClientOverviewQuery } from '../api/overview-queries';
import type { Slice } from '../components/overview/charts';
import { AllocationDonut, BalanceHistoryChart, ChartSuspense } from '../components/overview/lazy-charts';
import { NetPositionCards } from '../components/overview/net-position';
import { RangeControl, useHistoryRange } from '../components/overview/range-control';
import { useTypeNames } from '../components/use-type-name';
import { hasTwins } from '../lib/chart-data';
import { maskedIban } from '../lib/iban';
import { useClientContext } from './client-context';

/**
 * `/wealth/clients/:clientId/overview` (issue 31): the client's first tab. Net position per currency,
 * allocations and the balance history; the figures show at once, the charts' code follows.
 */
export function OverviewTabRoute() {
  const { t } = useTranslation();
  const { client } = useClientContext();
  const overview = useClientOverviewQuery(client.id);
  const [range, setRange] = useHistoryRange();
  const history = useBalanceHistoryQuery(client.id, range);
  // Two accounts with one name at one bank read apart by their IBANs' ends: only then are they asked for.
  const twins = history.data ? hasTwins(history.data.series) : false;
  const accounts = useAccountsQuery(client.id, { enabled: twins });
  const references = useMemo(
    () => new Map((accounts.data ?? []).map((account) => [account.id, maskedIban(account.iban)])),
    [accounts.data],
  );
  const [params, setParams] = useSearchParams();

  if (overview.isError && !overview.data) {
    return (
      <ErrorPanel
        title={t('wealthOverview.loadError')}
        error={overview.error}
        retryLabel={t('wealth.retry')}
        onRetry={() => overview.refetch()}
      />
    );
  }
  const data = overview.data;
  if (!data) return <OverviewSkeleton />;
  if (data.positions.length === 0) {
    return (
      <EmptyPanel
        icon={<IconChartDonut size={26} stroke={1.6} aria-hidden />}
        title={t('wealthOverview.empty')}
        text={t('wealthOverview.emptyHint')}
      />
    );
  }
  const currencies = data.positions.map((position) => position.currency);
  const asked = params.get('currency');
  const currency = asked && currencies.includes(asked) ? asked : (currencies[0] ?? 'EUR');
  const chooseCurrency = (next: string | null) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (!next || next === currencies[0]) updated.delete('currency');
        else updated.set('currency', next);
        return updated;
      },
      { replace: true, preventScrollReset: true },
    );

  return (
    <Stack gap="md" pt="md">
      <NetPositionCards positions={data.positions} />
      <Text size="xs" c="dimmed" mt={-8}>
        {t('wealthOverview.net.note')}
      </Text>
      {currencies.length > 1 ? (
        <Select
          label={t('wealthOverview.currency')}
          data={currencies}
          value={currency}
          onChange={chooseCurrency}
          allowDeselect={false}
          w={200}
        />
      ) : null}
      <Allocations overview={data} currency={currency} />
      <ChartSuspense height={360}>
        {history.data ? (
          <BalanceHistoryChart
            history={history.data}
            currency={currency}
            references={references}
            actions={<RangeControl value={range} onChange={setRange} />}
          />
        ) : history.isError ? (
          <ErrorPanel
            title={t('wealthOverview.history.loadError')}
            error={history.error}
            retryLabel={t('wealth.retry')}
            onRetry={() => history.refetch()}
          />
        ) : (
          <Skeleton h={360} radius="md" />
        )}
      </ChartSuspense>
    </Stack>
  );
}

function Allocations({ overview, currency }: { overview: ClientOverview; currency: string }) {
  const { t } = useTranslation();
  const { typeName } = useTypeNames();
  const { name: entityName } = useEntityCatalogue();
  const inCurrency = (slices: readonly AllocationSlice[], label: (key: string) => string): Slice[] =>
    slices
      .filter((slice) => slice.currency === currency)
      .map((slice) => ({ key: slice.key, label: label(slice.key), value: slice.value, count: slice.count }));
  const kindLabel = (key: string) =>
    key.startsWith('portfolio:')
      ? t('wealthOverview.allocation.portfolio', {
          type: typeName('portfolio', key.slice('portfolio:'.length)),
        })
      : t(key === 'liability' ? 'wealthOverview.allocation.liability' : 'wealthOverview.allocation.account');
  const assetTypes = inCurrency(overview.by_asset_type, (key) => typeName('investment', key));
  return (
    <ChartSuspense height={220}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <AllocationDonut
          title={t('wealthOverview.allocation.kind')}
          currency={currency}
          slices={inCurrency(overview.by_kind, kindLabel)}
        />
        <AllocationDonut
          title={t('wealthOverview.allocation.entity')}
          currency={currency}
          note={t('wealthOverview.allocation.entityNote')}
          slices={inCurrency(overview.by_entity, entityName)}
        />
        <AllocationDonut
          title={t('wealthOverview.allocation.currency')}
          currency={currency}
          byCount
          note={t('wealthOverview.allocation.currencyNote')}
          slices={overview.by_currency.map((slice) => ({
            key: slice.key,
            label: slice.key,
            value: slice.value,
            count: slice.count,
          }))}
        />
        {assetTypes.length > 0 ? (
          <AllocationDonut
            title={t('wealthOverview.allocation.assetType')}
            currency={currency}
            slices={assetTypes}
          />
        ) : null}
      </SimpleGrid>
    </ChartSuspense>
  );
}

function OverviewSkeleton() {
  return (
    <Stack gap="md" pt="md" aria-busy>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <Skeleton h={140} radius="md" />
        <Skeleton h={140} radius="md" />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Skeleton h={220} radius="md" />
        <Skeleton h={220} radius="md" />
      </SimpleGrid>
      <Skeleton h={360} radius="md" />
    </Stack>
  );
}
