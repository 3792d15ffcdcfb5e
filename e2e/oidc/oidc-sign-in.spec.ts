import { expect, test } from '@playwright/test';
import { IDENTITY_PROVIDER, OIDC_CLIENT_ID, PORTAL_ORIGIN } from './oidc-settings';

/**
 * The whole OIDC sign-in against a real identity provider: the portal leaves for the provider
 * (authorization code + PKCE), the person signs in and consents there, the portal exchanges the code,
 * keeps the id_token as its bearer token and the API maps it to the demo staff user.
 */
test('a staff user signs in through the identity provider and signs out again', async ({ page }) => {
  const providerCalls: string[] = [];
  page.on('request', (request) => {
    if (request.url().startsWith(IDENTITY_PROVIDER.issuer))
      providerCalls.push(new URL(request.url()).pathname);
  });
  const authorizationRequest = page.waitForRequest((request) =>
    request.url().startsWith(`${IDENTITY_PROVIDER.issuer}/auth?`),
  );
  await page.goto('/es/auth/login');

  // The authorization code flow with PKCE (S256) and the spec's scope.
  const query = new URL((await authorizationRequest).url()).searchParams;
  expect(Object.fromEntries(query)).toMatchObject({
    client_id: OIDC_CLIENT_ID,
    response_type: 'code',
    scope: 'openid email profile',
    code_challenge_method: 'S256',
    redirect_uri: `${PORTAL_ORIGIN}/es/auth/callback`,
  });
  expect(query.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);

  // At the identity provider: oidc-provider's development login page.
  await expect(page).toHaveURL(new RegExp(`^${IDENTITY_PROVIDER.issuer}/interaction/`));
  await page.locator('input[name="login"]').fill(IDENTITY_PROVIDER.demoAccount.sub);
  await page.locator('input[name="password"]').fill('any password');
  await page.getByRole('button', { name: 'Sign-in' }).click();

  // Its consent page.
  await expect(page).toHaveURL(new RegExp(`^${IDENTITY_PROVIDER.issuer}/interaction/`));
  await expect(page.getByRole('heading', { name: 'Authorize' })).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: /^profile$/ })).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();

  // Back at the portal: the callback exchanges the code and lands on the landing route, signed in.
  await expect(page).toHaveURL(/\/es\/wealth\/clients$/);
  await expect(page.getByRole('navigation', { name: 'Navegación principal' })).toBeVisible();
  const token = await page.evaluate(() => localStorage.getItem('auth._token.local'));
  expect(token?.split('.')).toHaveLength(3);
  // The code went to the token endpoint; no user-fetch call was made after login (spec).
  expect(providerCalls).toContain('/token');
  expect(providerCalls).not.toContain('/me');

  await page.getByRole('button', { name: 'Menú de la cuenta' }).hover();
  const menu = page.getByRole('menu');
  await expect(menu).toContainText('demo');
  await expect(menu).toContainText('Demo Wealth');
  await menu.getByRole('menuitem', { name: 'Cerrar sesión' }).click();
  await expect(page).toHaveURL(/\/es\/auth\/logout\/success$/);
  expect(await page.evaluate(() => localStorage.getItem('auth._token.local'))).toBeNull();
  // The API ended the session: the same id_token no longer opens it.
  const afterLogout = await page.request.post('/platform/me', {
    headers: { authorization: `Bearer ${token}` },
    data: {},
  });
  expect(afterLogout.status()).toBe(401);
});
