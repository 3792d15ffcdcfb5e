import '@mantine/dates/styles.layer.css';
import 'dayjs/locale/es';
import 'dayjs/locale/en-gb';
import { DateInput, DatesProvider } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useDateInput } from '../../../shared/format/use-date-input';

interface AuditDateFieldsProps {
  /** yyyy-mm-dd, or '' for no bound (as the address keeps them). */
  from: string;
  to: string;
  onChange: (range: { from?: string; to?: string }) => void;
}

/**
 * The log's "from" and "to" days, as every date field of the portal: shown and typed the way the
 * language writes a day (31/10/2026), or picked from a calendar in that language.
 */
export function AuditDateFields({ from, to, onChange }: AuditDateFieldsProps) {
  const { t } = useTranslation();
  const dates = useDateInput();
  const common = {
    clearable: true,
    ...dates.field,
    placeholder: t('audit.filters.anyDate'),
    leftSection: <IconCalendar size={16} aria-hidden />,
    w: 170,
    popoverProps: { withinPortal: true },
    clearButtonProps: { 'aria-label': t('audit.filters.clearDate') },
  };
  return (
    <DatesProvider settings={dates.provider}>
      <DateInput
        {...common}
        label={t('audit.filters.from')}
        value={from || null}
        maxDate={to || undefined}
        onChange={(value) => onChange({ from: value ?? '' })}
      />
      <DateInput
        {...common}
        label={t('audit.filters.to')}
        value={to || null}
        minDate={from || undefined}
        onChange={(value) => onChange({ to: value ?? '' })}
      />
    </DatesProvider>
  );
}
