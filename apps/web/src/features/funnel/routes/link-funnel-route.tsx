import {
  FUNNEL_DEFAULT_DAYS,
  FUNNEL_WINDOWS_DAYS,
  type FunnelWindowDays,
  funnel,
} from '@caudal/contract/routes';
import { Anchor, Breadcrumbs, Group, Paper, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { IconChevronRight, IconFilter } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { isCallError } from '../../../shared/api/api-error';
import { PageHeader } from '../../../shared/components/page-header';
import { EmptyPanel, ErrorPanel } from '../../../shared/components/state-panel';
import { StatusPage } from '../../../shared/components/status-page';
import { useFormatters } from '../../../shared/format/use-formatters';
import { useLocalePath } from '../../../shared/i18n/use-locale';
import { useLinkFunnelQuery } from '../api/funnel-queries';
import classes from '../components/funnel.module.css';
import { FunnelChart } from '../components/funnel-chart';
import { FailuresTable, FunnelTable } from '../components/funnel-table';
import { formatShare, funnelRows } from '../lib/funnel-rows';

function parseDays(value: string | null): FunnelWindowDays {
  const days = Number(value);
  return (FUNNEL_WINDOWS_DAYS as readonly number[]).includes(days)
    ? (days as FunnelWindowDays)
    : FUNNEL_DEFAULT_DAYS;
}

/** `/links/:token/funnel`: where a Link's visitors move on and give up, over 1, 7, 14 or 30 days. */
export function LinkFunnelRoute() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const to = useLocalePath();
  const format = useFormatters();
  const [params, setParams] = useSearchParams();
  const days = parseDays(params.get('days'));
  const [view, setView] = useState<'chart' | 'table'>('chart');
  const query = useLinkFunnelQuery(token, days);
  const data = query.data;
  const rows = useMemo(() => (data ? funnelRows(data) : null), [data]);

  if (isCallError(funnel.getLinkFunnel, query.error, 'NotFound')) {
    return (
      <StatusPage
        kind="not-found"
        title={t('funnel.page.notFoundTitle')}
        message={t('funnel.page.notFoundText')}
        actions={
          <Anchor component={Link} to={to('/links')}>
            {t('funnel.page.back')}
          </Anchor>
        }
      />
    );
  }

  const setDays = (value: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set('days', value);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );

  let body: React.ReactNode;
  if (query.isError && !data) {
    body = (
      <ErrorPanel title={t('funnel.page.loadError')} error={query.error} onRetry={() => query.refetch()} />
    );
  } else if (data && rows && data.steps.opened === 0) {
    body = (
      <EmptyPanel
        icon={<IconFilter size={26} stroke={1.6} aria-hidden />}
        title={t('funnel.page.emptyTitle')}
        text={t('funnel.page.emptyText')}
      />
    );
  } else {
    body = (
      <Stack gap="lg" aria-busy={query.isFetching}>
        <Paper withBorder radius="md" p="lg">
          <Text size="sm" c="dimmed">
            {t('funnel.page.conversion')}
          </Text>
          <Text className={classes.conversion} data-testid="funnel-conversion">
            {data?.conversion == null
              ? t('funnel.page.conversionNone')
              : formatShare(data.conversion, format.iso)}
          </Text>
          {data ? (
            <Text size="sm" c="dimmed">
              {t('funnel.page.visits', { count: data.steps.opened, n: format.integer(data.steps.opened) })}
            </Text>
          ) : null}
        </Paper>
        <Paper withBorder radius="md" p="md">
          <SegmentedControl
            size="xs"
            mb="md"
            value={view}
            onChange={(value) => setView(value as 'chart' | 'table')}
            data={[
              { value: 'chart', label: t('funnel.page.showChart') },
              { value: 'table', label: t('funnel.page.showTable') },
            ]}
          />
          {rows ? (
            view === 'chart' ? (
              <FunnelChart rows={rows} />
            ) : (
              <FunnelTable rows={rows} idleMinutes={data?.abandon_after_minutes ?? 30} />
            )
          ) : null}
        </Paper>
        <section aria-labelledby="funnel-failures">
          <Title id="funnel-failures" order={2} fz="lg" mb="sm">
            {t('funnel.page.failuresTitle')}
          </Title>
          <Paper withBorder radius="md" p="md">
            {data ? <FailuresTable failures={data.failures} /> : null}
          </Paper>
        </section>
      </Stack>
    );
  }

  return (
    <>
      <nav aria-label={t('funnel.page.breadcrumbs')}>
        <Breadcrumbs separator={<IconChevronRight size={14} aria-hidden />} separatorMargin={6} mb="sm">
          <Anchor component={Link} to={to('/links')} size="sm" c="dimmed">
            {t('funnel.page.back')}
          </Anchor>
          <Text size="sm" c="dark.7" fw={500} aria-current="page">
            {data?.link_name ?? '…'}
          </Text>
        </Breadcrumbs>
      </nav>
      <PageHeader
        title={t('funnel.page.title', { name: data?.link_name ?? '…' })}
        subtitle={t('funnel.page.subtitle')}
        actions={
          <Group gap="xs" align="center">
            <Text size="sm" id="funnel-window" c="dimmed">
              {t('funnel.page.window')}
            </Text>
            <SegmentedControl
              aria-labelledby="funnel-window"
              value={String(days)}
              onChange={setDays}
              data={FUNNEL_WINDOWS_DAYS.map((value) => ({
                value: String(value),
                label: t('funnel.page.days', { count: value }),
              }))}
            />
          </Group>
        }
      />
      {body}
    </>
  );
}
