import type { UnmatchedProduct } from '@caudal/contract';
import { Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../../shared/format/use-formatters';
import { useEntityCatalogue } from '../../../shared/session/use-entity-catalogue';
import classes from './unmatched.module.css';

/** The columns both lists share, before the pending list's assignment and the hidden list's restore. */
export const PRODUCT_COLUMNS = 6;

export function ProductHeadCells() {
  const { t } = useTranslation();
  return (
    <>
      <Table.Th w={150}>{t('unmatched.columns.bank')}</Table.Th>
      <Table.Th>{t('unmatched.columns.product')}</Table.Th>
      <Table.Th w={90}>{t('unmatched.columns.type')}</Table.Th>
      <Table.Th>{t('unmatched.columns.holder')}</Table.Th>
      <Table.Th w={130} className={classes.numeric}>
        {t('unmatched.columns.balance')}
      </Table.Th>
      <Table.Th w={104}>{t('unmatched.columns.createdAt')}</Table.Th>
    </>
  );
}

export function ProductCells({ product }: { product: UnmatchedProduct }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const { name } = useEntityCatalogue();
  return (
    <>
      <Table.Td>
        <Text size="sm" fw={500} c="gray.8">
          {name(product.bank)}
        </Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm" fw={600} c="secondary.9" className={classes.productName}>
          {product.name}
        </Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm" c="gray.7">
          {t(`unmatched.productTypes.${product.product_type}`)}
        </Text>
      </Table.Td>
      <Table.Td>
        {product.holder_name ? (
          <Text size="sm">{product.holder_name}</Text>
        ) : (
          <Text size="sm" c="dimmed" fs="italic">
            {t('unmatched.noHolder')}
          </Text>
        )}
      </Table.Td>
      <Table.Td className={classes.numeric}>{format.money(product.balance, product.currency)}</Table.Td>
      <Table.Td className={classes.nowrap}>{format.date(product.created_at)}</Table.Td>
    </>
  );
}
