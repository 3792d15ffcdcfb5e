import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useFormatters } from '../../../shared/format/use-formatters';
import { useAccountsQuery } from '../api/client-queries';
import { DetailHeader } from '../components/detail-header';
import { EntityName } from '../components/entity-name';
import { Money } from '../components/money';
import { ProductHeaderSkeleton, ProductNotFound, ProductsLoadError } from '../components/product-page-states';
import { ProductTransactions } from '../components/product-transactions';
import { WealthBreadcrumbs } from '../components/wealth-breadcrumbs';
import { clientPath } from '../lib/wealth-paths';
import { useClientContext } from './client-context';

/** `/wealth/clients/:clientId/accounts/:accountId`: the account (from the client's list) and its movements. */
export function AccountDetailRoute() {
  const { t } = useTranslation();
  const { client } = useClientContext();
  const { accountId = '' } = useParams();
  const format = useFormatters();
  const query = useAccountsQuery(client.id);
  const account = query.data?.find((item) => item.id === accountId);

  if (query.isError && !query.data) {
    return <ProductsLoadError error={query.error} onRetry={() => query.refetch()} />;
  }
  if (query.data && !account) return <ProductNotFound clientId={client.id} tab="accounts" />;

  const name = account ? account.alias || account.name : '';
  return (
    <>
      <WealthBreadcrumbs
        items={[
          { label: client.name, path: clientPath(client.id, 'accounts') },
          { label: name || t('wealth.account.kind') },
        ]}
      />
      {account ? (
        <>
          <DetailHeader
            kind={t('wealth.account.kind')}
            title={name}
            subtitle={account.alias && account.alias !== account.name ? account.name : undefined}
            fields={[
              {
                label: t('wealth.account.iban'),
                value: account.iban ? format.iban(account.iban) : t('wealth.products.none'),
              },
              { label: t('wealth.account.entity'), value: <EntityName id={account.entity} /> },
              {
                label: t('wealth.account.balance'),
                value: <Money value={account.balance} currency={account.currency} fw={600} />,
              },
              { label: t('wealth.account.currency'), value: account.currency },
            ]}
          />
          <ProductTransactions clientId={client.id} productId={account.id} currency={account.currency} />
        </>
      ) : (
        <ProductHeaderSkeleton />
      )}
    </>
  );
}
