import { isLocaleCode } from '@caudal/contract/routes';
import { useLayoutEffect } from 'react';
import { Navigate, Outlet, useLocation, useParams } from 'react-router';
import { getRuntimeConfig } from '../shared/config/runtime-config';
import { i18n, showLanguage } from '../shared/i18n/i18n';
import { detectLocale, localePath } from '../shared/i18n/locale';

function detect(pathname: string) {
  return detectLocale({ pathname, cookie: document.cookie, languages: navigator.languages ?? [] });
}

/** `/` goes to the configured root redirect, else to the landing route in the detected locale. */
export function RootRedirect() {
  const { rootRedirect } = getRuntimeConfig();
  useLayoutEffect(() => {
    if (rootRedirect) window.location.replace(rootRedirect.to);
  }, [rootRedirect]);
  if (rootRedirect) return null;
  return <Navigate to={localePath(detect('/'), '/')} replace />;
}

/**
 * `/:lang/*`: a valid prefix sets the language; anything else (e.g. `/wealth/clients`) is a path without a
 * prefix, sent to the same path under the detected locale.
 */
export function LocaleRoot() {
  const { lang } = useParams();
  const location = useLocation();
  const valid = isLocaleCode(lang);

  useLayoutEffect(() => {
    // Back/forward between /es and /en pages: follow the URL.
    if (valid && i18n.language !== lang) void showLanguage(lang);
  }, [valid, lang]);

  if (!valid) {
    const locale = detect(location.pathname);
    return (
      <Navigate to={`${localePath(locale, location.pathname)}${location.search}${location.hash}`} replace />
    );
  }
  return <Outlet />;
}
