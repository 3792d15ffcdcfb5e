import { LOCALES } from '@caudal/contract/routes';
import { useMemo } from 'react';
import { useLocale } from '../i18n/use-locale';

/** Update times matter to the minute (SCA goes stale after 20 h): date and time, in the route's locale. */
export function useDateTime(): (value: string) => string {
  const code = useLocale();
  return useMemo(() => {
    const iso = LOCALES.find((locale) => locale.code === code)?.iso ?? code;
    const format = new Intl.DateTimeFormat(iso, { dateStyle: 'medium', timeStyle: 'short' });
    return (value: string) => {
      const date = new Date(value);
      return Number.isNaN(date.getTime()) ? value : format.format(date);
    };
  }, [code]);
}
