import type { InstitutionHealth } from '@caudal/contract/routes';
import { Group, Paper, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ErrorPanel } from '../../../shared/components/state-panel';
import { TableScroll } from '../../../shared/components/table-scroll';
import { useFormatters } from '../../../shared/format/use-formatters';
import { useInstitutionHealthQuery } from '../api/funnel-queries';
import { formatShare } from '../lib/funnel-rows';
import classes from './funnel.module.css';
import { InstitutionStateBadge } from './institution-state-badge';

function useRateText() {
  const { t } = useTranslation();
  const format = useFormatters();
  return (rate: InstitutionHealth['connections']) =>
    rate.rate === null
      ? t('funnel.health.noAttempts')
      : t('funnel.health.rate', {
          rate: formatShare(rate.rate, format.iso),
          successes: format.integer(rate.successes),
          attempts: format.integer(rate.attempts),
        });
}

function useErrorsText() {
  const { t } = useTranslation();
  const format = useFormatters();
  return (errors: InstitutionHealth['errors']) =>
    errors.length === 0
      ? t('funnel.health.noErrors')
      : errors
          .map((item) =>
            t('funnel.health.errorCount', {
              error: t(`funnel.errors.${item.error}`),
              count: format.integer(item.count),
            }),
          )
          .join(' · ');
}

/**
 * The company's institution health over 14 days (summary page): state, connection and refresh success
 * rates, errors by type, one row per institution with outcomes.
 */
export function InstitutionHealthPanel({ entityName }: { entityName: (id: string) => string }) {
  const { t } = useTranslation();
  const query = useInstitutionHealthQuery();
  const rateText = useRateText();
  const errorsText = useErrorsText();
  const days = query.data?.days ?? 14;
  return (
    <section aria-labelledby="institution-health" data-testid="institution-health">
      <Title id="institution-health" order={2} fz="lg" mb={4}>
        {t('funnel.health.title')}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t('funnel.health.subtitle', { days })}
      </Text>
      {query.isError && !query.data ? (
        <ErrorPanel
          title={t('funnel.health.loadError')}
          error={query.error}
          onRetry={() => query.refetch()}
        />
      ) : (
        <Paper withBorder radius="md">
          {query.data && query.data.institutions.length === 0 ? (
            <Text size="sm" c="dimmed" p="md">
              {t('funnel.health.empty', { days })}
            </Text>
          ) : (
            <TableScroll minWidth={720}>
              <Table verticalSpacing="sm" aria-label={t('funnel.health.tableLabel')} aria-busy={!query.data}>
                <Table.Thead className={classes.tableHead}>
                  <Table.Tr>
                    <Table.Th>{t('funnel.health.entity')}</Table.Th>
                    <Table.Th>
                      <span title={t('funnel.health.stateHint')}>{t('funnel.health.state')}</span>
                    </Table.Th>
                    <Table.Th>{t('funnel.health.connections')}</Table.Th>
                    <Table.Th>{t('funnel.health.refreshes')}</Table.Th>
                    <Table.Th>{t('funnel.health.errors')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {query.data
                    ? query.data.institutions.map((item) => (
                        <Table.Tr key={item.entity_id} data-entity={item.entity_id}>
                          <Table.Td fw={600}>{entityName(item.entity_id)}</Table.Td>
                          <Table.Td>
                            <InstitutionStateBadge state={item.state} />
                          </Table.Td>
                          <Table.Td className={classes.figures}>{rateText(item.connections)}</Table.Td>
                          <Table.Td className={classes.figures}>{rateText(item.refreshes)}</Table.Td>
                          <Table.Td>{errorsText(item.errors)}</Table.Td>
                        </Table.Tr>
                      ))
                    : [0, 1, 2].map((row) => (
                        <Table.Tr key={row}>
                          <Table.Td colSpan={5}>
                            <Skeleton h={16} />
                          </Table.Td>
                        </Table.Tr>
                      ))}
                </Table.Tbody>
              </Table>
            </TableScroll>
          )}
        </Paper>
      )}
    </section>
  );
}

/** One institution's health (its connections page): state, rates and errors of the last 14 days. */
export function EntityHealthCard({ entityId }: { entityId: string }) {
  const { t } = useTranslation();
  const query = useInstitutionHealthQuery(entityId);
  const rateText = useRateText();
  const errorsText = useErrorsText();
  const days = query.data?.days ?? 14;
  if (query.isError && !query.data) {
    return (
      <ErrorPanel title={t('funnel.health.loadError')} error={query.error} onRetry={() => query.refetch()} />
    );
  }
  const health = query.data?.institutions.find((item) => item.entity_id === entityId);
  const figures: [string, string][] = health
    ? [
        [t('funnel.health.connections'), rateText(health.connections)],
        [t('funnel.health.refreshes'), rateText(health.refreshes)],
        [t('funnel.health.errors'), errorsText(health.errors)],
      ]
    : [];
  return (
    <Paper withBorder radius="md" p="lg" mb="lg" data-testid="entity-health" aria-labelledby="entity-health">
      <Group justify="space-between" align="center" mb="xs" wrap="wrap">
        <Title id="entity-health" order={2} fz="lg">
          {t('funnel.health.entityTitle')}
        </Title>
        {query.data ? (
          <InstitutionStateBadge state={health?.state ?? 'operational'} />
        ) : (
          <Skeleton h={20} w={90} />
        )}
      </Group>
      <Text size="sm" c="dimmed" mb={health ? 'sm' : 0}>
        {health ? t('funnel.health.subtitle', { days }) : t('funnel.health.empty', { days })}
      </Text>
      {health ? (
        <Stack gap={6} component="dl" m={0}>
          {figures.map(([label, value]) => (
            <Group key={label} gap="xs" wrap="wrap">
              <Text component="dt" size="sm" c="dimmed">
                {label}:
              </Text>
              <Text component="dd" size="sm" m={0} fw={500}>
                {value}
              </Text>
            </Group>
          ))}
        </Stack>
      ) : null}
    </Paper>
  );
}
