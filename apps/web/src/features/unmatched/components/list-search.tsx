import { useTranslation } from 'react-i18next';
import { DebouncedSearch } from '../../../shared/components/debounced-search';

interface ListSearchProps {
  label: string;
  /** The search in the URL, the source of truth. */
  value: string;
  onSearch: (search: string) => void;
}

export function ListSearch({ label, value, onSearch }: ListSearchProps) {
  const { t } = useTranslation();
  return (
    <DebouncedSearch
      label={label}
      placeholder={t('unmatched.filters.searchPlaceholder')}
      clearLabel={t('unmatched.filters.clearSearch')}
      width={320}
      value={value}
      onSearch={onSearch}
    />
  );
}
