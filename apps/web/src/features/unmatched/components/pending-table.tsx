import type { UnmatchedProduct } from '@caudal/contract';
import { ActionIcon, Stack, Table, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconEyeOff } from '@tabler/icons-react';
import { memo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { TableScroll } from '../../../shared/components/table-scroll';
import { TableSkeletonRows } from '../../../shared/components/table-skeleton';
import { translateDynamic } from '../../../shared/i18n/i18n';
import { type Assignment, type ClientChoice, isSuggested } from '../lib/assignments';
import { ClientAssignSelect } from './client-assign-select';
import { PRODUCT_COLUMNS, ProductCells, ProductHeadCells } from './product-cells';
import classes from './unmatched.module.css';

const COLUMNS = PRODUCT_COLUMNS + 2;
const ALREADY_MATCHED = 'errors.codes.ProductAlreadyMatched';

interface PendingTableProps {
  products: readonly UnmatchedProduct[] | undefined;
  assignments: Readonly<Record<string, Assignment>>;
  /** Why the last "Confirm all" could not assign a product (a catalogue key), by product id. */
  failures: Readonly<Record<string, string>>;
  refreshing: boolean;
  busy: boolean;
  onAssign: (product: UnmatchedProduct, client: ClientChoice | null) => void;
  onHide: (product: UnmatchedProduct) => void;
  empty: ReactNode;
}

export function PendingTable({
  products,
  assignments,
  failures,
  refreshing,
  busy,
  onAssign,
  onHide,
  empty,
}: PendingTableProps) {
  const { t } = useTranslation();
  return (
    <TableScroll minWidth={1180}>
      <Table
        verticalSpacing="xs"
        aria-label={t('unmatched.pending.tableLabel')}
        aria-busy={refreshing || products === undefined}
        className={refreshing ? classes.refreshing : undefined}
      >
        <Table.Thead className={classes.tableHead}>
          <Table.Tr>
            <ProductHeadCells />
            <Table.Th w={350}>{t('unmatched.columns.client')}</Table.Th>
            <Table.Th w={56}>
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
              <PendingRow
                key={product.holder_product_id}
                product={product}
                assignment={assignments[product.holder_product_id]}
                // A failure only matters while the product still has the client that failed.
                failure={
                  assignments[product.holder_product_id] ? failures[product.holder_product_id] : undefined
                }
                busy={busy}
                onAssign={onAssign}
                onHide={onHide}
              />
            ))
          )}
        </Table.Tbody>
      </Table>
    </TableScroll>
  );
}

interface PendingRowProps {
  product: UnmatchedProduct;
  assignment: Assignment | undefined;
  failure: string | undefined;
  busy: boolean;
  onAssign: (product: UnmatchedProduct, client: ClientChoice | null) => void;
  onHide: (product: UnmatchedProduct) => void;
}

/** Memoised: with 200 rows, changing one client must not re-render the other 199 selects. */
const PendingRow = memo(function PendingRow({
  product,
  assignment,
  failure,
  busy,
  onAssign,
  onHide,
}: PendingRowProps) {
  const { t } = useTranslation();
  const rowClass = failure ? classes.failedRow : assignment ? classes.assignedRow : undefined;
  return (
    <Table.Tr className={rowClass}>
      <ProductCells product={product} />
      <Table.Td>
        <Stack gap={2}>
          <ClientAssignSelect
            product={product}
            assignment={assignment}
            suggested={isSuggested(product, assignment)}
            onChange={(client) => onAssign(product, client)}
            disabled={busy}
          />
          {failure ? (
            <Text size="xs" c="red.9">
              {failure === ALREADY_MATCHED
                ? // The product is still listed, so it is not the one matched elsewhere: its batch was.
                  t('unmatched.assign.failedBatch')
                : t('unmatched.assign.failed', { reason: translateDynamic(failure) })}
            </Text>
          ) : null}
        </Stack>
      </Table.Td>
      <Table.Td>
        <Tooltip label={t('unmatched.hide.short')} withArrow openDelay={300}>
          <ActionIcon
            variant="subtle"
            color="gray"
            aria-label={t('unmatched.hide.action', { product: product.name })}
            onClick={() => onHide(product)}
            disabled={busy}
          >
            <IconEyeOff size={18} stroke={1.6} aria-hidden />
          </ActionIcon>
        </Tooltip>
      </Table.Td>
    </Table.Tr>
  );
});
