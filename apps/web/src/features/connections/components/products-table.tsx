import type { CredentialInformation } from '@caudal/contract';
import { Badge, Group, Paper, Select, Table, Text, Title } from '@mantine/core';
import { IconBox, IconPointer } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { EmptyPanel, ErrorPanel } from '../../../shared/components/state-panel';
import { TableScroll } from '../../../shared/components/table-scroll';
import { TableSkeletonRows } from '../../../shared/components/table-skeleton';
import { useProductHoldersQuery } from '../api/connections-queries';
import { shortToken } from '../lib/credential-summary';
import classes from './connections.module.css';

interface ProductsSectionProps {
  credentials: readonly CredentialInformation[];
  selectedToken: string | null;
  onSelect: (token: string | null) => void;
}

/** The products of one credential (spec section 3: holder, product, relation). */
export function ProductsSection({ credentials, selectedToken, onSelect }: ProductsSectionProps) {
  const { t } = useTranslation();
  const products = useProductHoldersQuery(selectedToken);
  const options = credentials.map((credential) => ({
    value: credential.credentials_token,
    label: credential.client_name
      ? `${shortToken(credential.credentials_token)} · ${credential.client_name}`
      : shortToken(credential.credentials_token),
  }));

  let body: React.ReactNode;
  if (selectedToken === null) {
    body = (
      <EmptyPanel
        bare
        icon={<IconPointer size={26} stroke={1.6} aria-hidden />}
        title={t('connections.detail.productsPick')}
      />
    );
  } else if (products.isError) {
    body = (
      <ErrorPanel
        bare
        title={t('connections.detail.productsError')}
        error={products.error}
        onRetry={() => products.refetch()}
      />
    );
  } else if (products.data?.length === 0) {
    body = (
      <EmptyPanel
        bare
        icon={<IconBox size={26} stroke={1.6} aria-hidden />}
        title={t('connections.detail.productsEmptyTitle')}
      />
    );
  } else {
    body = (
      <TableScroll minWidth={640}>
        <Table
          verticalSpacing="sm"
          aria-label={t('connections.detail.productsLabel')}
          aria-busy={products.data === undefined}
        >
          <Table.Thead className={classes.tableHead}>
            <Table.Tr>
              <Table.Th>{t('connections.detail.columns.holder')}</Table.Th>
              <Table.Th>{t('connections.detail.columns.product')}</Table.Th>
              <Table.Th>{t('connections.detail.columns.relation')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {products.data === undefined ? (
              <TableSkeletonRows columns={3} rows={3} />
            ) : (
              products.data.map((row) => (
                <Table.Tr key={`${row.product_id}:${row.holder}:${row.relation}`}>
                  <Table.Td>
                    <Text size="sm" fw={500}>
                      {row.holder}
                    </Text>
                    {row.holder_document ? (
                      <Text size="xs" c="dimmed" className={classes.mono}>
                        {row.holder_document}
                      </Text>
                    ) : null}
                  </Table.Td>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      <Badge variant="light" color="gray" radius="sm" size="sm">
                        {t(`connections.detail.kinds.${row.product_kind}`)}
                      </Badge>
                      <Text size="sm">{row.product}</Text>
                    </Group>
                  </Table.Td>
                  <Table.Td>{row.relation}</Table.Td>
                </Table.Tr>
              ))
            )}
          </Table.Tbody>
        </Table>
      </TableScroll>
    );
  }

  return (
    <section aria-labelledby="products-heading">
      <Group justify="space-between" align="flex-end" mt="xl" mb="sm" wrap="wrap">
        <Title order={2} fz="lg" id="products-heading">
          {t('connections.detail.productsTitle')}
        </Title>
        <Select
          label={t('connections.detail.credential')}
          data={options}
          value={selectedToken}
          onChange={onSelect}
          w={320}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
        />
      </Group>
      <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
        {body}
      </Paper>
    </section>
  );
}
