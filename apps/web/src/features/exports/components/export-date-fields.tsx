import '@mantine/dates/styles.css';
import 'dayjs/locale/es';
import 'dayjs/locale/en-gb';
import { Group } from '@mantine/core';
import { DateInput, DatesProvider } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../../shared/i18n/use-locale';
import { parseTypedDate } from '../lib/parse-typed-date';

interface ExportDateFieldsProps {
  from: string | null;
  to: string | null;
  onChange: (range: { from: string | null; to: string | null }) => void;
  errors: { from?: string | undefined; to?: string | undefined };
}

const DAYJS_LOCALE = { es: 'es', en: 'en-gb' } as const;

/** Date from and date to, both required; values are yyyy-mm-dd strings, as the contract takes them. */
export function ExportDateFields({ from, to, onChange, errors }: ExportDateFieldsProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const common = {
    required: true,
    clearable: true,
    // ISO days, typed or picked: what the file and the contract use; d/m/yyyy is read too.
    valueFormat: 'YYYY-MM-DD',
    dateParser: parseTypedDate,
    placeholder: t('exports.fields.datePlaceholder'),
    leftSection: <IconCalendar size={16} aria-hidden />,
    w: { base: '100%', xs: 200 },
    popoverProps: { withinPortal: true },
    clearButtonProps: { 'aria-label': t('wealth.transactions.clearDates') },
    ariaLabels: {
      monthLevelControl: t('wealth.transactions.calendar.monthLevelControl'),
      yearLevelControl: t('wealth.transactions.calendar.yearLevelControl'),
      nextMonth: t('wealth.transactions.calendar.nextMonth'),
      previousMonth: t('wealth.transactions.calendar.previousMonth'),
      nextYear: t('wealth.transactions.calendar.nextYear'),
      previousYear: t('wealth.transactions.calendar.previousYear'),
      nextDecade: t('wealth.transactions.calendar.nextDecade'),
      previousDecade: t('wealth.transactions.calendar.previousDecade'),
    },
  };
  return (
    <DatesProvider settings={{ locale: DAYJS_LOCALE[locale], firstDayOfWeek: 1 }}>
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
