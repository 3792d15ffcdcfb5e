import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { clearToken, getStrategy } from '../../../shared/auth/token-store';
import { LoadingPage } from '../../../shared/components/loading-page';
import { useLocale, useLocalePath } from '../../../shared/i18n/use-locale';
import { PATHS } from '../../../shared/routing/paths';
import { logoutOnServer } from '../api/auth-mutations';
import { createUserManager } from '../api/oidc-client';

/** `/auth/logout`: ends the server session, forgets the token, lands on the success page. */
export function LogoutRoute() {
  const { t } = useTranslation();
  const to = useLocalePath();
  const locale = useLocale();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const started = useRef(false);

  useEffect(() => {
    // StrictMode runs effects twice in development; logging out twice would be harmless but noisy.
    if (started.current) return;
    started.current = true;
    const strategy = getStrategy();
    void (async () => {
      await logoutOnServer();
      clearToken();
      queryClient.clear();
      if (strategy === 'oidc') {
        await createUserManager(locale)
          .then((manager) => manager.removeUser())
          .catch(() => {});
      }
      navigate(to(PATHS.logoutSuccess), { replace: true });
    })();
  }, [locale, navigate, queryClient, to]);

  return <LoadingPage label={t('auth.logout.signingOut')} />;
}
