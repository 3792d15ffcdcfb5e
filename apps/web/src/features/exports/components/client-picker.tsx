import { type Client, exports as exportCalls } from '@caudal/contract/routes';
import { Badge, Button, Checkbox, Group, Paper, Pill, Skeleton, Stack, Table, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DebouncedSearch } from '../../../shared/components/debounced-search';
import { Pager, type PagerLabels } from '../../../shared/components/pager';
import { ErrorPanel } from '../../../shared/components/state-panel';
import { TableScroll } from '../../../shared/components/table-scroll';
import { useFormatters } from '../../../shared/format/use-formatters';
import { useClientPageQuery } from '../api/export-queries';
import { type ClientFilterSelection, countChosenClients } from '../lib/export-form';

const PAGE_SIZES = [10, 25, 50] as const;

export interface ClientSelection {
  clients: Client[];
  clientFilter: ClientFilterSelection | null;
}

interface ClientPickerProps {
  selected: readonly Client[];
  filter: ClientFilterSelection | null;
  onChange: (selection: ClientSelection) => void;
  error?: string | undefined;
}

/**
 * Clients are searched and paged on the server (a company may have 10,000); the chosen ones are kept
 * whole, so choices survive paging and searching, and show as removable pills. The header checkbox
 * chooses the whole filtered list, every page of it (`filter`): the server resolves it when the export
 * is created; rows unticked after that are sent as exceptions.
 */
export function ClientPicker({ selected, filter, onChange, error }: ClientPickerProps) {
  const { t } = useTranslation();
  const format = useFormatters();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(PAGE_SIZES[0]);
  const list = useClientPageQuery(search, page, pageSize);
  const chosen = new Set(selected.map((client) => client.id));
  const excepted = new Set(filter?.except.map((client) => client.id));
  const rows = list.data?.items ?? [];
  const total = list.data?.total ?? 0;
  const count = countChosenClients({ clients: [...selected], clientFilter: filter });
  const isFull = filter === null && selected.length >= exportCalls.EXPORT_CLIENTS_MAX;
  const isChosen = (client: Client) => (filter ? !excepted.has(client.id) : chosen.has(client.id));

  const setClients = (clients: Client[]) => onChange({ clients, clientFilter: null });
  const toggle = (client: Client) => {
    if (filter) {
      const except = excepted.has(client.id)
        ? filter.except.filter((item) => item.id !== client.id)
        : [...filter.except, client];
      if (except.length >= filter.total) return setClients([]);
      return onChange({ clients: [], clientFilter: { ...filter, except } });
    }
    setClients(
      chosen.has(client.id)
        ? selected.filter((item) => item.id !== client.id)
        : isFull
          ? [...selected]
          : [...selected, client],
    );
  };
  const isAllChosen = filter !== null && filter.except.length === 0;
  const isSomeChosen = filter !== null || rows.some((client) => chosen.has(client.id));
  const toggleAll = () =>
    filter ? setClients([]) : onChange({ clients: [], clientFilter: { search, total, except: [] } });

  const labels: PagerLabels = {
    range: (range) => t('exports.clients.range', range),
    pageSize: t('exports.clients.pageSize'),
    navigation: t('exports.clients.pagination'),
    control: (control) => t(`wealth.pager.${control}`),
    page: (number) => t('wealth.pager.page', { page: number }),
  };

  return (
    <Stack gap="md">
      <Paper withBorder radius="md">
        <Group p="md" gap="sm" wrap="wrap">
          <DebouncedSearch
            label={t('exports.clients.searchLabel')}
            placeholder={t('exports.clients.searchPlaceholder')}
            clearLabel={t('wealth.clients.clearSearch')}
            width={320}
            value={search}
            onSearch={(value) => {
              setSearch(value);
              setPage(1);
              // "All" meant all of the list the user saw: a new search is a new list.
              if (filter && value !== filter.search) setClients([]);
            }}
          />
        </Group>
        {list.isError && !list.data ? (
          <ErrorPanel
            bare
            title={t('exports.clients.loadError')}
            error={list.error}
            onRetry={() => list.refetch()}
          />
        ) : !list.data ? (
          <Stack gap="xs" p="md" aria-busy="true">
            {['a', 'b', 'c', 'd', 'e'].map((key) => (
              <Skeleton key={key} h={28} />
            ))}
          </Stack>
        ) : rows.length === 0 ? (
          <Text c="dimmed" ta="center" py="xl">
            {t('exports.clients.empty')}
          </Text>
        ) : (
          <TableScroll minWidth={520}>
            <Table highlightOnHover verticalSpacing="xs" aria-label={t('exports.clients.tableLabel')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={44}>
                    <Checkbox
                      aria-label={t('exports.clients.selectAll', { n: format.integer(total) })}
                      title={t('exports.clients.selectAll', { n: format.integer(total) })}
                      checked={isAllChosen}
                      indeterminate={!isAllChosen && isSomeChosen}
                      onChange={toggleAll}
                    />
                  </Table.Th>
                  <Table.Th>{t('exports.clients.name')}</Table.Th>
                  <Table.Th>{t('exports.clients.alias')}</Table.Th>
                  <Table.Th>{t('exports.clients.entities')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((client) => (
                  <Table.Tr
                    key={client.id}
                    bg={isChosen(client) ? 'var(--mantine-primary-color-light)' : undefined}
                  >
                    <Table.Td>
                      <Checkbox
                        aria-label={t('exports.clients.select', { name: client.name })}
                        checked={isChosen(client)}
                        onChange={() => toggle(client)}
                      />
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" fw={500}>
                        {client.name}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{client.alias}</Text>
                    </Table.Td>
                    <Table.Td>
                      {client.entities.length > 0 ? (
                        <Badge variant="light" color="gray">
                          {client.entities.length}
                        </Badge>
                      ) : (
                        <Text size="xs" c="dimmed">
                          {t('exports.clients.noEntities')}
                        </Text>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </TableScroll>
        )}
        {list.data && list.data.total > 0 ? (
          <Pager
            page={page}
            pageSize={pageSize}
            pageSizes={PAGE_SIZES}
            rows={rows.length}
            total={list.data.total}
            labels={labels}
            onPage={setPage}
            onPageSize={(size) => {
              setPageSize(size);
              setPage(1);
            }}
          />
        ) : null}
      </Paper>
      <Stack gap={6} role="group" aria-label={t('exports.clients.selectedLabel')}>
        <Group justify="space-between">
          <Text size="sm" fw={600} aria-live="polite" data-testid="export-chosen-count">
            {filter
              ? filter.search
                ? t('exports.clients.allChosenSearch', { search: filter.search, n: format.integer(count) })
                : t('exports.clients.allChosen', { n: format.integer(count) })
              : t('exports.clients.selected', { n: format.integer(count) })}
          </Text>
          {count > 0 ? (
            <Button variant="subtle" size="xs" color="gray" onClick={() => setClients([])}>
              {t('exports.clients.clear')}
            </Button>
          ) : null}
        </Group>
        {filter ? (
          <>
            {filter.except.length > 0 ? (
              <Stack gap={4}>
                <Text size="xs" c="dimmed">
                  {t('exports.clients.exceptLabel')}
                </Text>
                <Group gap={6}>
                  {filter.except.map((client) => (
                    <Button
                      key={client.id}
                      size="compact-xs"
                      variant="light"
                      color="gray"
                      rightSection={<IconPlus size={12} aria-hidden />}
                      aria-label={t('exports.clients.addBack', { name: client.name })}
                      onClick={() => toggle(client)}
                    >
                      {client.name}
                    </Button>
                  ))}
                </Group>
              </Stack>
            ) : null}
            <Text size="xs" c="dimmed">
              {t('exports.clients.searchEndsAll')}
            </Text>
          </>
        ) : selected.length === 0 ? (
          <Text size="sm" c={error ? 'red' : 'dimmed'} role={error ? 'alert' : undefined}>
            {error ?? t('exports.clients.none')}
          </Text>
        ) : (
          <Pill.Group>
            {selected.map((client) => (
              <Pill
                key={client.id}
                withRemoveButton
                removeButtonProps={{ 'aria-label': t('exports.clients.remove', { name: client.name }) }}
                onRemove={() => toggle(client)}
              >
                {client.name}
              </Pill>
            ))}
          </Pill.Group>
        )}
        {filter && error ? (
          <Text size="sm" c="red" role="alert">
            {error}
          </Text>
        ) : null}
        {isFull || count > exportCalls.EXPORT_CLIENTS_MAX ? (
          <Text size="xs" c="orange.8">
            {t('exports.clients.tooMany', { n: format.integer(exportCalls.EXPORT_CLIENTS_MAX) })}
          </Text>
        ) : null}
      </Stack>
    </Stack>
  );
}
