import { Anchor, Group, Table } from '@mantine/core';
import { IconReceipt } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFormatters } from '../../../shared/format/use-formatters';
import { useLocalePath } from '../../../shared/i18n/use-locale';
import { useLiabilitiesQuery } from '../api/client-queries';
import { TotalsFooter } from '../components/currency-totals';
import { ActionsTh, DataTable } from '../components/data-table';
import { EntityName } from '../components/entity-name';
import { Money } from '../components/money';
import { UnlinkButton, useUnlinkDialog } from '../components/unlink-dialog';
import { useTypeNames } from '../components/use-type-name';
import classes from '../components/wealth.module.css';
import { liabilityPath } from '../lib/wealth-paths';
import { useClientContext } from './client-context';

export function LiabilitiesTabRoute() {
  const { t } = useTranslation();
  const { client } = useClientContext();
  const to = useLocalePath();
  const format = useFormatters();
  const { typeName } = useTypeNames();
  const query = useLiabilitiesQuery(client.id);
  const unlink = useUnlinkDialog(client);
  const none = t('wealth.products.none');

  const rows = query.data?.map((liability) => (
    <Table.Tr key={liability.id}>
      <Table.Td>
        <Anchor
          component={Link}
          to={to(liabilityPath(client.id, liability.id))}
          className={classes.rowLink}
          size="sm"
        >
          {liability.name}
        </Anchor>
      </Table.Td>
      <Table.Td>{typeName('liability', liability.type)}</Table.Td>
      <Table.Td>
        <EntityName id={liability.entity} />
      </Table.Td>
      <Table.Td className={classes.numeric}>
        <Money value={liability.balance} currency={liability.currency} />
      </Table.Td>
      <Table.Td className={classes.numeric}>
        {liability.capitalInitial === null ? (
          none
        ) : (
          <Money value={liability.capitalInitial} currency={liability.currency} />
        )}
      </Table.Td>
      <Table.Td className={classes.numeric}>
        {liability.capitalAvailable === null ? (
          none
        ) : (
          <Money value={liability.capitalAvailable} currency={liability.currency} />
        )}
      </Table.Td>
      <Table.Td className={classes.nowrap}>
        {liability.openingDate ? format.date(liability.openingDate) : none}
      </Table.Td>
      <Table.Td className={classes.nowrap}>
        {liability.expirationDate ? format.date(liability.expirationDate) : none}
      </Table.Td>
      {unlink.allowed ? (
        <Table.Td>
          <Group justify="flex-end">
            <UnlinkButton product={{ id: liability.id, name: liability.name }} onClick={unlink.ask} />
          </Group>
        </Table.Td>
      ) : null}
    </Table.Tr>
  ));

  return (
    <>
      <DataTable
        attached
        minWidth={1040}
        label={t('wealth.products.liabilities.tableLabel')}
        columns={unlink.allowed ? 9 : 8}
        head={
          <Table.Tr>
            <Table.Th>{t('wealth.products.liabilities.name')}</Table.Th>
            <Table.Th>{t('wealth.products.liabilities.type')}</Table.Th>
            <Table.Th>{t('wealth.products.liabilities.entity')}</Table.Th>
            <Table.Th className={classes.numeric}>{t('wealth.products.liabilities.balance')}</Table.Th>
            <Table.Th className={classes.numeric}>{t('wealth.products.liabilities.capitalInitial')}</Table.Th>
            <Table.Th className={classes.numeric}>
              {t('wealth.products.liabilities.capitalAvailable')}
            </Table.Th>
            <Table.Th>{t('wealth.products.liabilities.openingDate')}</Table.Th>
            <Table.Th>{t('wealth.products.liabilities.expirationDate')}</Table.Th>
            {unlink.allowed ? <ActionsTh label={t('wealth.clients.columns.actions')} /> : null}
          </Table.Tr>
        }
        rows={rows}
        footer={<TotalsFooter rows={query.data ?? []} before={3} after={unlink.allowed ? 5 : 4} />}
        error={
          query.isError
            ? { title: t('wealth.products.loadError'), error: query.error, onRetry: () => query.refetch() }
            : null
        }
        empty={{
          icon: <IconReceipt size={26} stroke={1.6} aria-hidden />,
          title: t('wealth.products.liabilities.empty'),
        }}
      />
      {unlink.modal}
    </>
  );
}
