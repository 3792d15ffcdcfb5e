import { Text } from '@mantine/core';
import { IconBuildingBank } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../../shared/format/use-formatters';
import { useAccountsQuery } from '../api/client-queries';
import { EntityName } from '../components/entity-name';
import { Money } from '../components/money';
import { ProductLink, ProductTabTable } from '../components/product-tab-table';
import classes from '../components/wealth.module.css';
import { maskedIban } from '../lib/iban';
import { accountPath } from '../lib/wealth-paths';
import { useClientContext } from './client-context';

export function AccountsTabRoute() {
  const { t } = useTranslation();
  const { client } = useClientContext();
  const format = useFormatters();
  const query = useAccountsQuery(client.id);

  return (
    <ProductTabTable
      client={client}
      query={query}
      label={t('wealth.products.accounts.tableLabel')}
      nameOf={(account) => account.alias || account.name}
      referenceOf={(account) => maskedIban(account.iban)}
      empty={{
        icon: <IconBuildingBank size={26} stroke={1.6} aria-hidden />,
        title: t('wealth.products.accounts.empty'),
      }}
      columns={[
        {
          header: t('wealth.products.accounts.name'),
          cell: (account) => (
            <>
              <ProductLink path={accountPath(client.id, account.id)}>
                {account.alias || account.name}
              </ProductLink>
              {account.alias && account.alias !== account.name ? (
                <Text size="xs" c="dimmed">
                  {account.name}
                </Text>
              ) : null}
            </>
          ),
        },
        {
          header: t('wealth.products.accounts.iban'),
          className: classes.mono,
          cell: (account) => (account.iban ? format.iban(account.iban) : t('wealth.products.none')),
        },
        {
          header: t('wealth.products.accounts.entity'),
          cell: (account) => <EntityName id={account.entity} />,
        },
        {
          header: t('wealth.products.accounts.balance'),
          isNumeric: true,
          isTotal: true,
          cell: (account) => <Money value={account.balance} currency={account.currency} />,
        },
      ]}
    />
  );
}
