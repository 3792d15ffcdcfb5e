import type { LocaleCode } from '@caudal/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { setToken } from '../../../shared/auth/token-store';
import { LoadingPage } from '../../../shared/components/loading-page';
import { useLocale, useLocalePath } from '../../../shared/i18n/use-locale';
import { PATHS, safeRedirectPath } from '../../../shared/routing/paths';
import { createUserManager } from '../api/oidc-client';
import { OidcFailure } from '../components/oidc-failure';

/** The code in the URL can be exchanged once; StrictMode's second effect must reuse the first exchange. */
const exchanges = new Map<string, Promise<{ idToken: string; redirect: string | null }>>();

function exchange(locale: LocaleCode) {
  const key = window.location.href;
  let pending = exchanges.get(key);
  if (!pending) {
    pending = createUserManager(locale)
      .then((manager) => manager.signinRedirectCallback())
      .then((user) => {
        if (!user.id_token) throw new Error('No id_token in the OIDC answer');
        const state = user.state as { redirect?: string | null } | undefined;
        return { idToken: user.id_token, redirect: safeRedirectPath(state?.redirect ?? null) };
      });
    exchanges.set(key, pending);
  }
  return pending;
}

/** `/auth/callback`: finishes the OIDC flow and keeps the id_token as the bearer token (spec section 7). */
export function OidcCallbackRoute() {
  const { t } = useTranslation();
  const locale = useLocale();
  const to = useLocalePath();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let cancelled = false;
    exchange(locale)
      .then(({ idToken, redirect }) => {
        if (cancelled) return;
        queryClient.clear();
        setToken(idToken, 'oidc');
        navigate(to(redirect ?? PATHS.home), { replace: true });
      })
      .catch(() => {
        if (!cancelled) setFailed(true);
      });
    return () => {
      cancelled = true;
    };
  }, [locale, navigate, queryClient, to]);

  return failed ? <OidcFailure /> : <LoadingPage label={t('auth.oidc.completing')} />;
}
