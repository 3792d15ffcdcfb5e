import type { LinkFunnel } from '@caudal/contract/routes';
import { Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { TableScroll } from '../../../shared/components/table-scroll';
import { useFormatters } from '../../../shared/format/use-formatters';
import { type FunnelRow, formatShare } from '../lib/funnel-rows';
import classes from './funnel.module.css';

/** The funnel's figures: visits per step and their share of the opened ones (the chart's numbers). */
export function FunnelTable({ rows, idleMinutes }: { rows: readonly FunnelRow[]; idleMinutes: number }) {
  const { t } = useTranslation();
  const format = useFormatters();
  return (
    <TableScroll minWidth={340}>
      <Table aria-label={t('funnel.page.tableLabel')} data-testid="funnel-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('funnel.page.step')}</Table.Th>
            <Table.Th className={classes.numeric}>{t('funnel.page.visitsColumn')}</Table.Th>
            <Table.Th className={classes.numeric}>{t('funnel.page.ofOpened')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.step} data-step={row.step}>
              <Table.Td>
                {t(`funnel.steps.${row.step}`)}
                {row.step === 'abandoned' ? (
                  <Text size="xs" c="dimmed">
                    {t('funnel.page.abandonedHint', { minutes: format.decimal(idleMinutes, 1) })}
                  </Text>
                ) : null}
              </Table.Td>
              <Table.Td className={classes.numeric}>{format.integer(row.visits)}</Table.Td>
              <Table.Td className={classes.numeric}>
                {row.share === null ? '—' : formatShare(row.share, format.iso)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </TableScroll>
  );
}

/** Failed attempts by type in the window, and in how many visits. */
export function FailuresTable({ failures }: { failures: LinkFunnel['failures'] }) {
  const { t } = useTranslation();
  const format = useFormatters();
  if (failures.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('funnel.page.noFailures')}
      </Text>
    );
  }
  return (
    <TableScroll minWidth={340}>
      <Table aria-label={t('funnel.page.failuresLabel')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('funnel.page.error')}</Table.Th>
            <Table.Th className={classes.numeric}>{t('funnel.page.attempts')}</Table.Th>
            <Table.Th className={classes.numeric}>{t('funnel.page.failedVisits')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {failures.map((failure) => (
            <Table.Tr key={failure.error}>
              <Table.Td>{t(`funnel.errors.${failure.error}`)}</Table.Td>
              <Table.Td className={classes.numeric}>{format.integer(failure.attempts)}</Table.Td>
              <Table.Td className={classes.numeric}>{format.integer(failure.visits)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </TableScroll>
  );
}
