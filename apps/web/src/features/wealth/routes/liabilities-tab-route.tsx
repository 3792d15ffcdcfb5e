import { IconReceipt } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../../shared/format/use-formatters';
import { useLiabilitiesQuery } from '../api/client-queries';
import { EntityName } from '../components/entity-name';
import { Money } from '../components/money';
import { ProductLink, ProductTabTable } from '../components/product-tab-table';
import { useTypeNames } from '../components/use-type-name';
import classes from '../components/wealth.module.css';
import { liabilityPath } from '../lib/wealth-paths';
import { useClientContext } from './client-context';

export function LiabilitiesTabRoute() {
  const { t } = useTranslation();
  const { client } = useClientContext();
  const format = useFormatters();
  const { typeName } = useTypeNames();
  const query = useLiabilitiesQuery(client.id);
  const none = t('wealth.products.none');

  return (
    <ProductTabTable
      client={client}
      query={query}
      minWidth={1040}
      label={t('wealth.products.liabilities.tableLabel')}
      nameOf={(liability) => liability.name}
      empty={{
        icon: <IconReceipt size={26} stroke={1.6} aria-hidden />,
        title: t('wealth.products.liabilities.empty'),
      }}
      columns={[
        {
          header: t('wealth.products.liabilities.name'),
          cell: (liability) => (
            <ProductLink path={liabilityPath(client.id, liability.id)}>{liability.name}</ProductLink>
          ),
        },
        {
          header: t('wealth.products.liabilities.type'),
          cell: (liability) => typeName('liability', liability.type),
        },
        {
          header: t('wealth.products.liabilities.entity'),
          cell: (liability) => <EntityName id={liability.entity} />,
        },
        {
          header: t('wealth.products.liabilities.balance'),
          isNumeric: true,
          isTotal: true,
          cell: (liability) => <Money value={liability.balance} currency={liability.currency} />,
        },
        {
          header: t('wealth.products.liabilities.capitalInitial'),
          isNumeric: true,
          cell: (liability) =>
            liability.capitalInitial === null ? (
              none
            ) : (
              <Money value={liability.capitalInitial} currency={liability.currency} />
            ),
        },
        {
          header: t('wealth.products.liabilities.capitalAvailable'),
          isNumeric: true,
          cell: (liability) =>
            liability.capitalAvailable === null ? (
              none
            ) : (
              <Money value={liability.capitalAvailable} currency={liability.currency} />
            ),
        },
        {
          header: t('wealth.products.liabilities.openingDate'),
          className: classes.nowrap,
          cell: (liability) => (liability.openingDate ? format.date(liability.openingDate) : none),
        },
        {
          header: t('wealth.products.liabilities.expirationDate'),
          className: classes.nowrap,
          cell: (liability) => (liability.expirationDate ? format.date(liability.expirationDate) : none),
        },
      ]}
    />
  );
}
