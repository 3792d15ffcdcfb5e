import { useMemo } from 'react';
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
  return useMemo(() => {
    const iso = localeIso(code);
    return {
      field: {
        valueFormat: dateInputFormat(iso),
        dateParser: (text: string) => parseDateInput(text, iso),
      },
      provider: { locale: DAYJS_LOCALE[code], firstDayOfWeek: 1 as const },
    };
  }, [code]);
}
