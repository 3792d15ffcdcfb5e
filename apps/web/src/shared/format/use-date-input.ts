import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { localeIso } from '../i18n/locale';
import { useLocale } from '../i18n/use-locale';
import { dateInputFormat, parseDateInput } from './date-input';

/** dayjs's locale for Mantine's calendars, per route locale. */
const DAYJS_LOCALE = { es: 'es', en: 'en-gb' } as const;

/**
 * What every date field of the portal shares: it shows its day the way the language types it
 * (31/10/2026) and reads what is typed with the one parser (shared/format/date-input.ts). Spread
 * `field` into Mantine's DateInput; `provider` goes to its DatesProvider.
 */
export function useDateInput() {
  const code = useLocale();
  const { t } = useTranslation();
  return useMemo(() => {
    const iso = localeIso(code);
    return {
      field: {
        valueFormat: dateInputFormat(iso),
        dateParser: (text: string) => parseDateInput(text, iso),
        // Mantine's calendar arrows and level buttons are icon-only: without these they have no name.
        ariaLabels: {
          monthLevelControl: t('shell.calendar.monthLevelControl'),
          yearLevelControl: t('shell.calendar.yearLevelControl'),
          nextMonth: t('shell.calendar.nextMonth'),
          previousMonth: t('shell.calendar.previousMonth'),
          nextYear: t('shell.calendar.nextYear'),
          previousYear: t('shell.calendar.previousYear'),
          nextDecade: t('shell.calendar.nextDecade'),
          previousDecade: t('shell.calendar.previousDecade'),
        },
      },
      provider: { locale: DAYJS_LOCALE[code], firstDayOfWeek: 1 as const },
    };
  }, [code, t]);
}
