import { isLocaleCode, type LocaleCode } from '@caudal/contract/routes';
import { useCallback } from 'react';
import { useParams } from 'react-router';
import { currentLocale } from './i18n';
import { localePath } from './locale';

/** The locale of the current route (`/:lang/...`), falling back to i18n's for routes outside it. */
export function useLocale(): LocaleCode {
  const { lang } = useParams();
  return isLocaleCode(lang) ? lang : currentLocale();
}

/** Builds locale-prefixed links: `to('/wealth/clients')` → '/es/wealth/clients'. */
export function useLocalePath(): (path: string) => string {
  const locale = useLocale();
  return useCallback((path: string) => localePath(locale, path), [locale]);
}
