import type { UnmatchedProduct } from '@caudal/contract';
import { Button, Table, VisuallyHidden } from '@mantine/core';
import { IconArrowBackUp } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { TableScroll } from '../../../shared/components/table-scroll';
import { TableSkeletonRows } from '../../../shared/components/table-skeleton';
import { PRODUCT_COLUMNS, ProductCells, ProductHeadCells } from './product-cells';
import classes from './unmatched.module.css';

const COLUMNS = PRODUCT_COLUMNS + 1;

interface HiddenTableProps {
  products: readonly UnmatchedProduct[] | undefined;
  refreshing: boolean;
  /** The product being restored, if any. */
  restoring: string | null;
  onRestore: (product: UnmatchedProduct) => void;
  empty: ReactNode;
}

export function HiddenTable({ products, refreshing, restoring, onRestore, empty }: HiddenTableProps) {
  const { t } = useTranslation();
  return (
    <TableScroll minWidth={960}>
      <Table
        verticalSpacing="sm"
        highlightOnHover={(products?.length ?? 0) > 0}
        aria-label={t('unmatched.hidden.tableLabel')}
        aria-busy={refreshing || products === undefined}
        className={refreshing ? classes.refreshing : undefined}
      >
        <Table.Thead className={classes.tableHead}>
          <Table.Tr>
            <ProductHeadCells />
            <Table.Th w={130}>
              <VisuallyHidden>{t('unmatched.columns.actions')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {products === undefined ? (
            <TableSkeletonRows columns={COLUMNS} />
          ) : products.length === 0 ? (
            <Table.Tr>
              <Table.Td colSpan={COLUMNS} p={0}>
                {empty}
              </Table.Td>
            </Table.Tr>
          ) : (
            products.map((product) => (
              <Table.Tr key={product.holder_product_id}>
                <ProductCells product={product} />
                <Table.Td ta="right">
                  <Button
                    size="xs"
                    variant="light"
                    leftSection={<IconArrowBackUp size={16} aria-hidden />}
                    aria-label={t('unmatched.hidden.restore', { product: product.name })}
                    loading={restoring === product.holder_product_id}
                    disabled={restoring !== null && restoring !== product.holder_product_id}
                    onClick={() => onRestore(product)}
                  >
                    {t('unmatched.hidden.restoreShort')}
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))
          )}
        </Table.Tbody>
      </Table>
    </TableScroll>
  );
}
