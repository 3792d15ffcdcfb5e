import { signInByApi } from '../fixtures/api';
import { DEMO_USERS } from '../fixtures/demo';
import { expect, signedInStorage, test } from '../fixtures/signed-in';

/**
 * Issue 22: after the server ended the session (idle timeout, or signed out elsewhere) the login page
 * said nothing. It now says why, in the user's language, once.
 */
for (const lang of ['es', 'en'] as const) {
  test(`a session ended on the server is explained on the login page (${lang})`, async ({
    browser,
    request,
    baseURL,
  }) => {
    const token = await signInByApi(request, DEMO_USERS.wealth);
    const context = await browser.newContext({
      storageState: signedInStorage(new URL(baseURL ?? '').origin, token),
    });
    const page = await context.newPage();
    await page.goto(`/${lang}/me`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // The server ends it (as an idle timeout does); the next call answers 401.
    const ended = await request.post('/auth/v0/logout', {
      data: {},
      headers: { authorization: `Bearer ${token}` },
    });
    expect(ended.status()).toBe(200);
    await page.reload();
    await expect(page).toHaveURL(new RegExp(`/${lang}/sesion/login`));
    const notice = page.getByRole('status').filter({
      hasText:
        lang === 'es' ? /Tu sesión (ha terminado|se ha cerrado)/ : /Your session (has ended|was closed)/,
    });
    await expect(notice).toBeVisible();
    // Once: a reload of the login page does not repeat it.
    await page.reload();
    await expect(
      page.getByRole('button', { name: lang === 'es' ? 'Iniciar sesión' : 'Sign in' }),
    ).toBeVisible();
    await expect(notice).toHaveCount(0);
    await context.close();
  });
}
