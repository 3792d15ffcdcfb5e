import { Loader, Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useClientOptionsQuery } from '../api/connections-queries';

interface ClientSelectProps {
  value: string | null;
  onChange: (clientId: string | null) => void;
  disabled?: boolean;
}

/** Optional client of a new connection; the search runs on the server (the book is paged). */
export function ClientSelect({ value, onChange, disabled }: ClientSelectProps) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [selectedLabel, setSelectedLabel] = useState<string | null>(null);
  // While a client is chosen the input shows its label, which is not a search.
  const query = selectedLabel !== null && search === selectedLabel ? '' : search.trim();
  const [debounced] = useDebouncedValue(query, 250);
  const clients = useClientOptionsQuery(debounced, !disabled);

  const data = useMemo(() => {
    const options = (clients.data?.items ?? []).map((client) => ({
      value: client.id,
      label: `${client.name} (${client.alias})`,
    }));
    // Keep the chosen client an option even when the current page of results no longer has it.
    if (value && selectedLabel && !options.some((option) => option.value === value)) {
      options.unshift({ value, label: selectedLabel });
    }
    return options;
  }, [clients.data, value, selectedLabel]);

  return (
    <Select
      label={t('connections.create.client')}
      placeholder={t('connections.create.clientPlaceholder')}
      description={t('connections.create.clientHint')}
      data={data}
      value={value}
      onChange={(next, option) => {
        setSelectedLabel(next ? option.label : null);
        onChange(next);
      }}
      searchable
      clearable
      searchValue={search}
      onSearchChange={setSearch}
      // The server already filtered: do not filter its answer again on the client.
      filter={({ options }) => options}
      nothingFoundMessage={clients.isFetching ? undefined : t('connections.create.clientNothing')}
      rightSection={clients.isFetching ? <Loader size={14} /> : undefined}
      disabled={disabled}
      maxDropdownHeight={260}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
