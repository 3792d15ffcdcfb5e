import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useFormatters } from '../../../shared/format/use-formatters';
import { useLiabilitiesQuery } from '../api/client-queries';
import { DetailHeader } from '../components/detail-header';
import { EntityName } from '../components/entity-name';
import { Money } from '../components/money';
import { ProductHeaderSkeleton, ProductNotFound, ProductsLoadError } from '../components/product-page-states';
import { ProductTransactions } from '../components/product-transactions';
import { useTypeNames } from '../components/use-type-name';
import { WealthBreadcrumbs } from '../components/wealth-breadcrumbs';
import { clientPath } from '../lib/wealth-paths';
import { useClientContext } from './client-context';

/** `/wealth/clients/:clientId/liabilities/:liabilityId`: the loan or credit and its movements. */
export function LiabilityDetailRoute() {
  const { t } = useTranslation();
  const { client } = useClientContext();
  const { liabilityId = '' } = useParams();
  const format = useFormatters();
  const { typeName } = useTypeNames();
  const query = useLiabilitiesQuery(client.id);
  const liability = query.data?.find((item) => item.id === liabilityId);
  const none = t('wealth.products.none');

  if (query.isError && !query.data) {
    return <ProductsLoadError error={query.error} onRetry={() => query.refetch()} />;
  }
  if (query.data && !liability) return <ProductNotFound clientId={client.id} tab="liabilities" />;

  return (
    <>
      <WealthBreadcrumbs
        items={[
          { label: client.name, path: clientPath(client.id, 'liabilities') },
          { label: liability?.name ?? t('wealth.liability.kind') },
        ]}
      />
      {liability ? (
        <>
          <DetailHeader
            kind={typeName('liability', liability.type)}
            title={liability.name}
            subtitle={<EntityName id={liability.entity} />}
            fields={[
              {
                label: t('wealth.products.liabilities.balance'),
                value: <Money value={liability.balance} currency={liability.currency} fw={600} />,
              },
              // As on an account's page: the currency named, not only a symbol beside the amounts.
              { label: t('wealth.account.currency'), value: liability.currency },
              {
                label: t('wealth.products.liabilities.capitalInitial'),
                value:
                  liability.capitalInitial === null ? (
                    none
                  ) : (
                    <Money value={liability.capitalInitial} currency={liability.currency} />
                  ),
              },
              {
                label: t('wealth.products.liabilities.capitalAvailable'),
                value:
                  liability.capitalAvailable === null ? (
                    none
                  ) : (
                    <Money value={liability.capitalAvailable} currency={liability.currency} />
                  ),
              },
              {
                label: `${t('wealth.products.liabilities.openingDate')} – ${t('wealth.products.liabilities.expirationDate')}`,
                value: `${liability.openingDate ? format.date(liability.openingDate) : none} – ${
                  liability.expirationDate ? format.date(liability.expirationDate) : none
                }`,
              },
            ]}
          />
          <ProductTransactions clientId={client.id} productId={liability.id} currency={liability.currency} />
        </>
      ) : (
        <ProductHeaderSkeleton />
      )}
    </>
  );
}
