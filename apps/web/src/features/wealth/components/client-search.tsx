import { useTranslation } from 'react-i18next';
import { DebouncedSearch } from '../../../shared/components/debounced-search';

interface ClientSearchProps {
  /** The search in the URL, the source of truth. */
  value: string;
  onSearch: (search: string) => void;
}

export function ClientSearch({ value, onSearch }: ClientSearchProps) {
  const { t } = useTranslation();
  return (
    <DebouncedSearch
      label={t('wealth.clients.searchLabel')}
      placeholder={t('wealth.clients.searchPlaceholder')}
      clearLabel={t('wealth.clients.clearSearch')}
      width={360}
      value={value}
      onSearch={onSearch}
    />
  );
}
