import type { Client } from '@caudal/contract';
import { MultiSelect } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SEARCH_DEBOUNCE_MS } from '../../../shared/components/debounced-search';
import { useClientOptionsQuery } from '../api/export-queries';

const OPTIONS_PAGE = 20;

interface ClientMultiSelectProps {
  value: readonly Client[];
  onChange: (clients: Client[]) => void;
  error?: string | undefined;
}

/** Clients searched on the server as the user types (first 20 matches), chosen ones kept whole. */
export function ClientMultiSelect({ value, onChange, error }: ClientMultiSelectProps) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const options = useClientOptionsQuery(debounced, 1, OPTIONS_PAGE);
  const known = new Map<string, Client>(value.map((client) => [client.id, client]));
  for (const client of options.data?.items ?? []) known.set(client.id, client);
  const data = [...known.values()].map((client) => ({
    value: client.id,
    label: `${client.name} (${client.alias})`,
  }));
  return (
    <MultiSelect
      label={t('exports.fields.clients')}
      placeholder={value.length === 0 ? t('exports.quick.clientsPlaceholder') : undefined}
      withAsterisk
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      // The server already filtered by the search: show what it answered.
      filter={({ options: all }) => all}
      nothingFoundMessage={options.isFetching ? undefined : t('exports.quick.noClients')}
      data={data}
      value={value.map((client) => client.id)}
      onChange={(ids) => onChange(ids.map((id) => known.get(id)).filter((client) => client !== undefined))}
      error={error}
      hidePickedOptions
      clearable
      comboboxProps={{ withinPortal: true }}
      data-testid="export-clients"
    />
  );
}
