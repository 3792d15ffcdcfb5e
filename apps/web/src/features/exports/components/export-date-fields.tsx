import '@mantine/dates/styles.layer.css';
import 'dayjs/locale/es';
import 'dayjs/locale/en-gb';
import { Group } from '@mantine/core';
import { DateInput, DatesProvider } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useDateInput } from '../../../shared/format/use-date-input';

interface ExportDateFieldsProps {
  from: string | null;
  to: string | null;
  onChange: (range: { from: string | null; to: string | null }) => void;
  errors: { from?: string | undefined; to?: string | undefined };
}

/** Date from and date to, both required; values are yyyy-mm-dd strings, as the contract takes them. */
export function ExportDateFields({ from, to, onChange, errors }: ExportDateFieldsProps) {
  const { t } = useTranslation();
  const dates = useDateInput();
  const common = {
    required: true,
    clearable: true,
    // Shown and typed as the language writes a day (31/10/2026); the value is the ISO day.
    ...dates.field,
    placeholder: t('exports.fields.datePlaceholder'),
    leftSection: <IconCalendar size={16} aria-hidden />,
    w: { base: '100%', xs: 200 },
    popoverProps: { withinPortal: true },
    clearButtonProps: { 'aria-label': t('wealth.transactions.clearDates') },
  };
  return (
    <DatesProvider settings={dates.provider}>
      <Group gap="md" align="flex-start" wrap="wrap">
        <DateInput
          {...common}
          label={t('exports.fields.dateFrom')}
          value={from}
          onChange={(value) => onChange({ from: value, to })}
          error={errors.from}
          data-testid="export-date-from"
        />
        <DateInput
          {...common}
          label={t('exports.fields.dateTo')}
          value={to}
          onChange={(value) => onChange({ from, to: value })}
          error={errors.to}
          data-testid="export-date-to"
        />
      </Group>
    </DatesProvider>
  );
}
