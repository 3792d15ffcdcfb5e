import { Anchor, Group, Table, Text } from '@mantine/core';
import { IconBuildingBank } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFormatters } from '../../../shared/format/use-formatters';
import { useLocalePath } from '../../../shared/i18n/use-locale';
import { useAccountsQuery } from '../api/client-queries';
import { TotalsFooter } from '../components/currency-totals';
import { ActionsTh, DataTable } from '../components/data-table';
import { EntityName } from '../components/entity-name';
import { Money } from '../components/money';
import { UnlinkButton, useUnlinkDialog } from '../components/unlink-dialog';
import classes from '../components/wealth.module.css';
import { accountPath } from '../lib/wealth-paths';
import { useClientContext } from './client-context';

export function AccountsTabRoute() {
  const { t } = useTranslation();
  const { client } = useClientContext();
  const to = useLocalePath();
  const format = useFormatters();
  const query = useAccountsQuery(client.id);
  const unlink = useUnlinkDialog(client);

  const rows = query.data?.map((account) => {
    const name = account.alias || account.name;
    return (
      <Table.Tr key={account.id}>
        <Table.Td>
          <Anchor
            component={Link}
            to={to(accountPath(client.id, account.id))}
            className={classes.rowLink}
            size="sm"
          >
            {name}
          </Anchor>
          {account.alias && account.alias !== account.name ? (
            <Text size="xs" c="dimmed">
              {account.name}
            </Text>
          ) : null}
        </Table.Td>
        <Table.Td className={classes.mono}>
          {account.iban ? format.iban(account.iban) : t('wealth.products.none')}
        </Table.Td>
        <Table.Td>
          <EntityName id={account.entity} />
        </Table.Td>
        <Table.Td className={classes.numeric}>
          <Money value={account.balance} currency={account.currency} />
        </Table.Td>
        {unlink.allowed ? (
          <Table.Td>
            <Group justify="flex-end">
              <UnlinkButton product={{ id: account.id, name }} onClick={unlink.ask} />
            </Group>
          </Table.Td>
        ) : null}
      </Table.Tr>
    );
  });

  return (
    <>
      <DataTable
        attached
        label={t('wealth.products.accounts.tableLabel')}
        columns={unlink.allowed ? 5 : 4}
        head={
          <Table.Tr>
            <Table.Th>{t('wealth.products.accounts.name')}</Table.Th>
            <Table.Th>{t('wealth.products.accounts.iban')}</Table.Th>
            <Table.Th>{t('wealth.products.accounts.entity')}</Table.Th>
            <Table.Th className={classes.numeric}>{t('wealth.products.accounts.balance')}</Table.Th>
            {unlink.allowed ? <ActionsTh label={t('wealth.clients.columns.actions')} /> : null}
          </Table.Tr>
        }
        rows={rows}
        footer={<TotalsFooter rows={query.data ?? []} before={3} after={unlink.allowed ? 1 : 0} />}
        error={
          query.isError
            ? { title: t('wealth.products.loadError'), error: query.error, onRetry: () => query.refetch() }
            : null
        }
        empty={{
          icon: <IconBuildingBank size={26} stroke={1.6} aria-hidden />,
          title: t('wealth.products.accounts.empty'),
        }}
      />
      {unlink.modal}
    </>
  );
}
