import { Select } from '@mantine/core';
import { IconBuildingBank } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useEntityCatalogue } from '../../../shared/session/use-entity-catalogue';

interface BankFilterProps {
  value: string;
  onChange: (bank: string) => void;
}

/** One institution at a time, or all of them (''). */
export function BankFilter({ value, onChange }: BankFilterProps) {
  const { t } = useTranslation();
  const { options } = useEntityCatalogue();
  return (
    <Select
      aria-label={t('unmatched.filters.bankLabel')}
      placeholder={t('unmatched.filters.bankPlaceholder')}
      leftSection={<IconBuildingBank size={16} aria-hidden />}
      data={options}
      value={value || null}
      onChange={(bank) => onChange(bank ?? '')}
      searchable
      clearable
      nothingFoundMessage={t('unmatched.filters.bankNothing')}
      w={{ base: '100%', sm: 240 }}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
