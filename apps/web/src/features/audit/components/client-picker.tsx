import { wealth } from '@caudal/contract/routes';
import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../../shared/api/call-api';

/** Picks a client by name or alias, searched on the server (twenty at a time). */
export function ClientPicker({ value, onChange }: { value: string; onChange: (clientId: string) => void }) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const clients = useQuery({
    queryKey: ['audit', 'client-picker', debounced],
    queryFn: ({ signal }) =>
      callApi(
        wealth.clientList,
        { ...(debounced ? { search: debounced } : {}), page: 1, page_size: 20 },
        { signal },
      ),
    placeholderData: keepPreviousData,
  });
  const data = (clients.data ?? []).map((client) => ({
    value: client.id,
    label: client.alias ? `${client.name} (${client.alias})` : client.name,
  }));
  // The chosen client stays selectable while another search shows other names.
  if (value && !data.some((item) => item.value === value)) data.unshift({ value, label: value });
  return (
    <Select
      label={t('audit.filters.client')}
      placeholder={t('audit.filters.clientPlaceholder')}
      w={240}
      searchable
      clearable
      data={data}
      value={value || null}
      searchValue={search}
      onSearchChange={setSearch}
      onChange={(next) => onChange(next ?? '')}
      nothingFoundMessage="—"
    />
  );
}
