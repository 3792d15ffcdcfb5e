import { callApi, signInByApi } from '../fixtures/api';
import { DEMO_USERS } from '../fixtures/demo';
import { expect, signedInStorage, test } from '../fixtures/signed-in';

/**
 * Issue 22: "Cambiar mi contraseña" in the account menu. A portal user of its own (the demo users are
 * shared by every spec): the current password first, the new one twice under the spec's rules; the
 * user's other session ends, this one stays.
 */
const PASSWORD = 'Portal-Prueba1';
const NEW_PASSWORD = 'Otra-Clave-2026';

test('a portal user changes their password from the account menu; their other session ends', async ({
  browser,
  request,
  baseURL,
}) => {
  const staff = await signInByApi(request, DEMO_USERS.wealth);
  const username = `pwd-${Date.now().toString(36)}`;
  await callApi(request, staff, '/platform/portals/create-portal', {
    username,
    email: `${username}@caudal.test`,
    name: 'Cambio de Clave',
    password: PASSWORD,
    client_ids: [],
  });
  const user = { company: DEMO_USERS.wealth.company, username, password: PASSWORD };
  const here = await signInByApi(request, user);
  const elsewhere = await signInByApi(request, user);

  const context = await browser.newContext({
    storageState: signedInStorage(new URL(baseURL ?? '').origin, here),
  });
  const page = await context.newPage();
  await page.goto('/es/');
  await page.getByRole('button', { name: 'Menú de la cuenta' }).click();
  await page.getByRole('menuitem', { name: 'Cambiar mi contraseña' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cambiar mi contraseña' });
  const current = dialog.getByLabel(/^Contraseña actual/);
  const next = dialog.getByLabel(/^Contraseña nueva/);
  const again = dialog.getByLabel(/^Repite la contraseña nueva/);
  const submit = dialog.getByRole('button', { name: 'Cambiar contraseña' });

  // The spec's rules, before any call.
  await current.fill(PASSWORD);
  await next.fill('debil');
  await again.fill('otra');
  await submit.click();
  await expect(dialog.getByText(/La contraseña debe tener al menos 8 caracteres/)).toBeVisible();
  await expect(dialog.getByText('Las contraseñas no coinciden')).toBeVisible();

  // A wrong current password: said on its field, and the user stays signed in.
  await current.fill('No-Es-Esta1');
  await next.fill(NEW_PASSWORD);
  await again.fill(NEW_PASSWORD);
  await submit.click();
  await expect(dialog.getByText('La contraseña actual no es correcta')).toBeVisible();
  await expect(page).not.toHaveURL(/\/sesion\//);

  await current.fill(PASSWORD);
  await submit.click();
  await expect(
    page.getByText('Contraseña cambiada. Se ha cerrado 1 sesión abierta en otro sitio'),
  ).toBeVisible();
  await expect(dialog).toHaveCount(0);

  // This session carries on; the other one is over; only the new password signs in.
  const me = (token: string) =>
    request.post('/platform/me', { data: {}, headers: { authorization: `Bearer ${token}` } });
  expect((await me(here)).status()).toBe(200);
  expect((await me(elsewhere)).status()).toBe(401);
  expect((await request.post('/auth/v0/login', { data: user })).status()).toBe(401);
  await signInByApi(request, { ...user, password: NEW_PASSWORD });
  await page.reload();
  await expect(page.getByRole('navigation', { name: 'Navegación principal' })).toBeVisible();
  await context.close();
});

test('the dialog in English', async ({ browser, request, baseURL }) => {
  const token = await signInByApi(request, DEMO_USERS.wealth);
  const context = await browser.newContext({
    storageState: signedInStorage(new URL(baseURL ?? '').origin, token),
  });
  const page = await context.newPage();
  await page.goto('/en/wealth/clients');
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Change my password' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change my password' });
  await dialog.getByLabel(/^Current password/).fill('Wrong-Guess-1');
  await dialog.getByLabel(/^New password/).fill(NEW_PASSWORD);
  await dialog.getByLabel(/^Repeat the new password/).fill(NEW_PASSWORD);
  await dialog.getByRole('button', { name: 'Change password' }).click();
  await expect(dialog.getByText('The current password is not correct')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await context.close();
});
