import { Group, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { sumByCurrency } from '../lib/currency-totals';
import { Money } from './money';
import classes from './wealth.module.css';

interface TotalsFooterProps {
  rows: readonly { balance: number; currency: string }[];
  /** Columns before the balance column, and after it. */
  before: number;
  after: number;
}

/** A table footer with the balance total per currency (different currencies are never added up). */
export function TotalsFooter({ rows, before, after }: TotalsFooterProps) {
  const { t } = useTranslation();
  const totals = sumByCurrency(rows);
  if (totals.length === 0) return null;
  return (
    <Table.Tfoot>
      <Table.Tr className={classes.totalsRow}>
        <Table.Th colSpan={before} scope="row">
          <Text size="sm" fw={600}>
            {t('wealth.products.totals')}
          </Text>
          {/* On a phone the balance column is off to the right of the scrolled table: the total is
              repeated under its label, where it can be read. */}
          <Group
            gap={2}
            hiddenFrom="md"
            style={{ flexDirection: 'column', alignItems: 'flex-start' }}
            aria-hidden
          >
            {totals.map((total) => (
              <Money key={total.currency} value={total.total} currency={total.currency} fw={600} />
            ))}
          </Group>
        </Table.Th>
        <Table.Td className={classes.numeric}>
          <Group gap={2} justify="flex-end" style={{ flexDirection: 'column', alignItems: 'flex-end' }}>
            {totals.map((total) => (
              <Money key={total.currency} value={total.total} currency={total.currency} fw={600} />
            ))}
          </Group>
        </Table.Td>
        {after > 0 ? <Table.Td colSpan={after} /> : null}
      </Table.Tr>
    </Table.Tfoot>
  );
}
