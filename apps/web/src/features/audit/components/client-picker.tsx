import { wealth } from '@caudal/contract/routes';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../../shared/api/call-api';
import { type ClientChoice, toClientChoice } from '../../../shared/clients/client-options';
import { ClientSelect } from '../../../shared/clients/client-select';

/**
 * The audit log's client filter. The address keeps only the client's id (a shared link, a client's
 * "history" link): the picker then asks for that client, to show its name. A client since deleted
 * (its history stays) shows its id.
 */
export function ClientPicker({ value, onChange }: { value: string; onChange: (clientId: string) => void }) {
  const { t } = useTranslation();
  const [picked, setPicked] = useState<ClientChoice | null>(null);
  const isPicked = picked !== null && picked.id === value;
  const named = useQuery({
    queryKey: ['audit', 'client-name', value],
    queryFn: ({ signal }) => callApi(wealth.clientGet, { client_id: value }, { signal }).then(toClientChoice),
    enabled: Boolean(value) && !isPicked,
    retry: false,
    staleTime: 60_000,
  });
  const current = !value
    ? null
    : isPicked
      ? picked
      : (named.data ?? { id: value, name: named.isPending ? '…' : value, alias: '' });
  return (
    <ClientSelect
      label={t('audit.filters.client')}
      placeholder={t('audit.filters.clientPlaceholder')}
      nothingFound="—"
      w={240}
      value={current}
      onChange={(client) => {
        setPicked(client);
        onChange(client?.id ?? '');
      }}
    />
  );
}
