import { Group, Pagination, Select, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../../shared/format/use-formatters';
import { lastPage, PAGE_SIZES, pageRange } from '../lib/list-params';

interface ListPagerProps {
  page: number;
  pageSize: number;
  rows: number;
  total: number;
  onPage: (page: number) => void;
  onPageSize: (pageSize: number) => void;
}

export function ListPager({ page, pageSize, rows, total, onPage, onPageSize }: ListPagerProps) {
  const { t } = useTranslation();
  const format = useFormatters();
  const range = pageRange(page, pageSize, rows, total);
  return (
    <Group justify="space-between" wrap="wrap" gap="md" px="md" py="sm">
      <Group gap="md" wrap="nowrap">
        <Text size="sm" c="dimmed" aria-live="polite">
          {t('unmatched.pager.range', {
            from: format.integer(range.from),
            to: format.integer(range.to),
            total: format.integer(range.total),
          })}
        </Text>
        <Select
          aria-label={t('unmatched.pager.pageSize')}
          data={PAGE_SIZES.map((size) => ({ value: String(size), label: String(size) }))}
          value={String(pageSize)}
          onChange={(value) => value && onPageSize(Number(value))}
          allowDeselect={false}
          w={84}
          size="xs"
          comboboxProps={{ withinPortal: true }}
        />
        <Text size="sm" c="dimmed" visibleFrom="sm">
          {t('unmatched.pager.pageSize')}
        </Text>
      </Group>
      <nav aria-label={t('unmatched.pager.label')}>
        <Pagination
          total={lastPage(total, pageSize)}
          value={page}
          onChange={onPage}
          size="sm"
          withEdges
          // Mantine's arrows are icons only: each gets its name here.
          getControlProps={(control) => ({ 'aria-label': t(`unmatched.pager.${control}`) })}
          getItemProps={(item) => ({ 'aria-label': t('unmatched.pager.page', { page: item }) })}
        />
      </nav>
    </Group>
  );
}
