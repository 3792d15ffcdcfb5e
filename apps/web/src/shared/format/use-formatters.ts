import { useMemo } from 'react';
import { localeIso } from '../i18n/locale';
import { useLocale } from '../i18n/use-locale';
import {
  formatAccountReference,
  formatDate,
  formatDateTime,
  formatDecimal,
  formatIban,
  formatInteger,
  formatMoney,
} from './format';

/** The formatters bound to the route's locale (its `iso` tag, e.g. es-ES). */
export function useFormatters() {
  const code = useLocale();
  return useMemo(() => {
    const iso = localeIso(code);
    return {
      iso,
      money: (value: number, currency: string) => formatMoney(value, currency, iso),
      decimal: (value: number, maxDecimals?: number) => formatDecimal(value, iso, maxDecimals),
      integer: (value: number) => formatInteger(value, iso),
      date: (value: string) => formatDate(value, iso),
      dateTime: (value: string) => formatDateTime(value, iso),
      iban: formatIban,
      accountReference: formatAccountReference,
    };
  }, [code]);
}
