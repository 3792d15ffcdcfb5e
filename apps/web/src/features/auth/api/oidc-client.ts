import type { LocaleCode } from '@caudal/contract';
import type { UserManager } from 'oidc-client-ts';
import { getRuntimeConfig } from '../../../shared/config/runtime-config';
import { localePath } from '../../../shared/i18n/locale';
import { PATHS } from '../../../shared/routing/paths';

/** The spec's scope for the OIDC strategy. */
export const DEFAULT_OIDC_SCOPE = 'openid email profile';

/**
 * oidc-client-ts is loaded only by the OIDC routes, so local-strategy users never download it. It reads
 * the issuer's discovery document and runs the authorization-code flow with PKCE (S256 by default).
 */
export async function createUserManager(locale: LocaleCode): Promise<UserManager> {
  const { oidc } = getRuntimeConfig();
  if (!oidc) throw new Error('OIDC is not configured');
  const { UserManager, WebStorageStateStore } = await import('oidc-client-ts');
  return new UserManager({
    authority: oidc.issuer,
    client_id: oidc.clientId,
    redirect_uri: `${window.location.origin}${localePath(locale, PATHS.callback)}`,
    response_type: 'code',
    scope: oidc.scope || DEFAULT_OIDC_SCOPE,
    // No user-fetch call after login (spec section 7): the id_token is all we need.
    loadUserInfo: false,
    automaticSilentRenew: false,
    monitorSession: false,
    userStore: new WebStorageStateStore({ store: window.sessionStorage }),
  });
}
