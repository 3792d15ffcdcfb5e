import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { LoadingPage } from '../../../shared/components/loading-page';
import { useLocale } from '../../../shared/i18n/use-locale';
import { safeRedirectPath } from '../../../shared/routing/paths';
import { createUserManager } from '../api/oidc-client';
import { OidcFailure } from '../components/oidc-failure';

/** `/auth/oidc`: leaves for the identity provider (authorization code + PKCE). */
export function OidcStartRoute() {
  const { t } = useTranslation();
  const locale = useLocale();
  const [params] = useSearchParams();
  const [failed, setFailed] = useState(false);
  const redirect = safeRedirectPath(params.get('redirect'));

  useEffect(() => {
    let cancelled = false;
    createUserManager(locale)
      .then((manager) => (cancelled ? undefined : manager.signinRedirect({ state: { redirect } })))
      .catch(() => setFailed(true));
    return () => {
      cancelled = true;
    };
  }, [locale, redirect]);

  return failed ? <OidcFailure /> : <LoadingPage label={t('auth.oidc.redirecting')} />;
}
