import '@mantine/dates/styles.layer.css';
import 'dayjs/locale/es';
import 'dayjs/locale/en-gb';
import { Button, Group } from '@mantine/core';
import { DateInput, DatesProvider } from '@mantine/dates';
import { IconCalendar, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useDateInput } from '../../../shared/format/use-date-input';
import type { DateRangeState } from '../lib/date-range-params';

interface DateRangeFilterProps {
  value: DateRangeState;
  onChange: (range: DateRangeState) => void;
  /** Catalogue key of the range's error (date from after date to), shown on "from". */
  error: string | null;
}

/** Optional from/to days; values are yyyy-mm-dd strings, exactly what the contract takes. */
export function DateRangeFilter({ value, onChange, error }: DateRangeFilterProps) {
  const { t } = useTranslation();
  const dates = useDateInput();
  const common = {
    clearable: true,
    // Typed (31/10/2026, 31 oct 2026, 2026-10-31) or picked from the calendar: one parser for every field.
    ...dates.field,
    placeholder: t('wealth.transactions.datePlaceholder'),
    leftSection: <IconCalendar size={16} aria-hidden />,
    w: 190,
    size: 'sm' as const,
    popoverProps: { withinPortal: true },
    clearButtonProps: { 'aria-label': t('wealth.transactions.clearDates') },
  };
  return (
    <DatesProvider settings={dates.provider}>
      <Group gap="sm" align="flex-start" wrap="wrap">
        <DateInput
          {...common}
          label={t('wealth.transactions.dateFrom')}
          value={value.from}
          onChange={(from) => onChange({ ...value, from })}
          error={error ? t(error as 'validation.dateOrder') : undefined}
          maxDate={value.to ?? undefined}
        />
        <DateInput
          {...common}
          label={t('wealth.transactions.dateTo')}
          value={value.to}
          onChange={(to) => onChange({ ...value, to })}
          minDate={value.from ?? undefined}
        />
        {value.from || value.to ? (
          <Button
            variant="subtle"
            color="gray"
            mt={25}
            leftSection={<IconX size={14} aria-hidden />}
            onClick={() => onChange({ from: null, to: null })}
          >
            {t('wealth.transactions.clearDates')}
          </Button>
        ) : null}
      </Group>
    </DatesProvider>
  );
}
