import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ClientChoice } from '../../../shared/clients/client-options';
import { ClientSelect } from '../../../shared/clients/client-select';

/**
 * The audit log's client filter. The address keeps only the client's id (a shared link, a client's
 * "history" link): until the user picks a client here, the input shows that id.
 */
export function ClientPicker({ value, onChange }: { value: string; onChange: (clientId: string) => void }) {
  const { t } = useTranslation();
  const [picked, setPicked] = useState<ClientChoice | null>(null);
  const current = !value ? null : picked?.id === value ? picked : { id: value, name: value, alias: '' };
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
