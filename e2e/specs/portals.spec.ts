import type { APIRequestContext, Page } from '@playwright/test';
import { callApi, signInByApi } from '../fixtures/api';
import { searchClientPicker } from '../fixtures/client-picker';
import { DEMO_USERS, type DemoUser } from '../fixtures/demo';
import { signInThroughForm } from '../fixtures/session';
import { expect, NO_SESSION, test } from '../fixtures/signed-in';

interface Client {
  id: string;
  name: string;
  alias: string;
}

const PASSWORD = 'Portal-Prueba1';

const TEXT = {
  es: {
    title: 'Usuarios de portal',
    newUser: 'Nuevo usuario',
    createTitle: 'Nuevo usuario de portal',
    username: 'Usuario',
    name: 'Nombre',
    email: 'Email',
    password: 'Contraseña',
    confirm: 'Repite la contraseña',
    clientsSearch: 'Busca clientes por nombre o alias',
    submit: 'Crear usuario',
    required: 'Este campo es requerido',
    weak: 'La contraseña debe tener al menos 8 caracteres y contener mayúsculas, minúsculas y un número y/o un símbolo',
    mismatch: 'Las contraseñas no coinciden',
    invalidEmail: 'El email no es válido',
    duplicate: 'Ya existe un usuario con ese nombre de usuario en tu compañía',
    search: 'Buscar usuarios',
    editClients: (username: string) => `Editar clientes de ${username}`,
    remove: (name: string) => `Quitar ${name}`,
    saveClients: 'Guardar clientes',
    delete: (username: string) => `Eliminar usuario ${username}`,
    deleteConfirm: 'Eliminar usuario',
    created: (username: string) => `Usuario ${username} creado`,
  },
  en: {
    title: 'Portal users',
    newUser: 'New user',
    createTitle: 'New portal user',
    username: 'Username',
    name: 'Name',
    email: 'Email',
    password: 'Password',
    confirm: 'Repeat the password',
    clientsSearch: 'Search clients by name or alias',
    submit: 'Create user',
    required: 'This field is required',
    weak: 'The password must have at least 8 characters and contain upper case, lower case and a number and/or a symbol',
    mismatch: 'Passwords do not match',
    invalidEmail: 'The email is not valid',
    duplicate: 'A user with that username already exists in your company',
    search: 'Search users',
    editClients: (username: string) => `Edit clients of ${username}`,
    remove: (name: string) => `Remove ${name}`,
    saveClients: 'Save clients',
    delete: (username: string) => `Delete user ${username}`,
    deleteConfirm: 'Delete user',
    created: (username: string) => `User ${username} created`,
  },
} as const;

type Lang = keyof typeof TEXT;

const field = (page: Page, label: string) => page.getByRole('textbox', { name: new RegExp(`^${label}`) });

async function chooseClient(page: Page, lang: Lang, client: Client) {
  const search = page.getByPlaceholder(TEXT[lang].clientsSearch);
  const options = await searchClientPicker(page, search, client.alias);
  await options.filter({ hasText: client.name }).first().click();
  await expect(page.getByRole('button', { name: TEXT[lang].remove(client.name) })).toBeVisible();
  await search.fill('');
  // As a user closes a picker: its open option list would cover the form's buttons below it.
  await search.press('Escape');
  await expect(page.getByRole('listbox')).toBeHidden();
}

/** The demo book's first three clients by name, as the API lists them. */
async function firstThreeClients(
  request: APIRequestContext,
  token: string,
): Promise<[Client, Client, Client]> {
  const [a, b, c] = await callApi<Client[]>(request, token, '/platform/wealth/client-list', {
    sort: 'name',
    page: 1,
    page_size: 3,
  });
  if (!a || !b || !c) throw new Error('the demo book has at least three clients');
  return [a, b, c];
}

/** The portal user's client list, as rows of the clients table (names are links). */
const clientLinks = (page: Page) => page.getByRole('table').getByRole('link');

test.describe('portal users', () => {
  // Two browsers, two sign-ins and a dozen screens: more than the default budget on a busy machine.
  test.describe.configure({ timeout: 120_000 });
  test.use({ signedInAs: DEMO_USERS.wealth });

  test('staff create a portal user with two clients; that user sees exactly those, loses one, then their session', async ({
    page,
    browser,
    request,
  }) => {
    const t = TEXT.es;
    const token = await signInByApi(request, DEMO_USERS.wealth);
    const [a, b, c] = await firstThreeClients(request, token);
    const username = `e2e-${Date.now().toString(36)}`;

    // Create, after the form's own checks (spec section 5).
    await page.goto('/es/portals/users');
    await expect(page.getByRole('heading', { level: 1, name: t.title })).toBeVisible();
    await page.getByRole('link', { name: t.newUser }).first().click();
    await expect(page).toHaveURL(/\/es\/portals\/users\/create$/);
    await expect(page.getByRole('heading', { level: 1, name: t.createTitle })).toBeVisible();
    await page.getByRole('button', { name: t.submit }).click();
    await expect(page.getByText(t.required).first()).toBeVisible();

    await field(page, t.username).fill(username);
    await field(page, t.name).fill('Usuario E2E');
    await field(page, t.email).fill('no-es-un-email');
    await page
      .getByLabel(new RegExp(`^${t.password}`))
      .first()
      .fill('debil');
    await page.getByLabel(new RegExp(`^${t.confirm}`)).fill('otra');
    await page.getByRole('button', { name: t.submit }).click();
    await expect(page.getByText(t.invalidEmail)).toBeVisible();
    await expect(page.getByText(t.weak)).toBeVisible();
    await expect(page.getByText(t.mismatch)).toBeVisible();

    await field(page, t.email).fill(`${username}@caudal.test`);
    await page
      .getByLabel(new RegExp(`^${t.password}`))
      .first()
      .fill(PASSWORD);
    await page.getByLabel(new RegExp(`^${t.confirm}`)).fill(PASSWORD);
    await chooseClient(page, 'es', a);
    await chooseClient(page, 'es', b);
    await page.getByRole('button', { name: t.submit }).click();
    await expect(page).toHaveURL(/\/es\/portals\/users$/);
    await expect(page.getByText(t.created(username))).toBeVisible();
    await page.getByRole('searchbox', { name: t.search }).fill(username);
    const row = page.getByRole('row').filter({ hasText: username });
    await expect(row).toHaveCount(1);
    await expect(row.getByText(a.name, { exact: true })).toBeVisible();
    await expect(row.getByText(b.name, { exact: true })).toBeVisible();

    // The portal user, in a browser of their own, sees exactly those two clients.
    const portalContext = await browser.newContext({ storageState: NO_SESSION });
    const portal = await portalContext.newPage();
    // The form helper is typed for the demo sign-ins; this user signs in through the same form.
    const created = { company: 'Demo Wealth', username, password: PASSWORD } as unknown as DemoUser;
    await signInThroughForm(portal, created, 'es');
    await expect(portal).toHaveURL(/\/es\/wealth\/clients/);
    await expect(clientLinks(portal)).toHaveCount(2);
    await expect(clientLinks(portal)).toHaveText([a.name, b.name]);

    // A third client by URL: a not-found screen, and still signed in.
    await portal.goto(`/es/wealth/clients/${c.id}`);
    await expect(portal.getByText('Cliente no encontrado')).toBeVisible();
    await expect(portal.getByRole('navigation', { name: 'Navegación principal' })).toBeVisible();
    await expect(portal).toHaveURL(new RegExp(`/es/wealth/clients/${c.id}`));

    // Staff remove one client; the portal user's list loses it on reload.
    await row.getByRole('button', { name: t.editClients(username) }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: t.remove(b.name) }).click();
    await dialog.getByRole('button', { name: t.saveClients }).click();
    await expect(dialog).toHaveCount(0);
    await expect(row.getByText(b.name, { exact: true })).toHaveCount(0);
    await portal.goto('/es/wealth/clients');
    await expect(clientLinks(portal)).toHaveCount(1);
    await expect(clientLinks(portal)).toHaveText([a.name]);

    // Staff delete the user, after confirming; the portal user's session ends.
    await row.getByRole('button', { name: t.delete(username) }).click();
    await page.getByRole('dialog').getByRole('button', { name: t.deleteConfirm }).click();
    // The row goes (the search then shows its "no user matches «username»" row, hence the button check).
    await expect(page.getByRole('button', { name: t.delete(username) })).toHaveCount(0);
    await portal.reload();
    await expect(portal).toHaveURL(/\/es\/(auth|sesion)\/login/);
    await portalContext.close();
  });

  test('a save from a stale form is refused with what a colleague saved, and a second save replaces it', async ({
    page,
    request,
  }) => {
    const t = TEXT.es;
    const token = await signInByApi(request, DEMO_USERS.wealth);
    const [a, b, c] = await firstThreeClients(request, token);
    const username = `e2e-conflicto-${Date.now().toString(36)}`;
    await callApi(request, token, '/platform/portals/create-portal', {
      username,
      name: 'Conflicto E2E',
      email: `${username}@caudal.test`,
      password: PASSWORD,
      client_ids: [a.id],
    });
    await page.goto('/es/portals/users');
    await page.getByRole('searchbox', { name: t.search }).fill(username);
    await page.getByRole('button', { name: t.editClients(username) }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('button', { name: t.remove(a.name) })).toBeVisible();
    await chooseClient(page, 'es', c);

    // A colleague gives the user client B while the form is open.
    await callApi(request, token, '/platform/portals/update-portal', { username, client_ids: [a.id, b.id] });
    await dialog.getByRole('button', { name: t.saveClients }).click();
    const warning = dialog
      .getByRole('alert')
      .filter({ hasText: 'Otra persona ha cambiado los clientes de este usuario' });
    await expect(warning).toContainText(b.name);
    await expect(dialog.getByRole('button', { name: t.remove(c.name) })).toBeVisible();

    // Saved again knowingly: the picked clients replace theirs.
    await dialog.getByRole('button', { name: t.saveClients }).click();
    await expect(dialog).toHaveCount(0);
    const stored = await callApi<{ client_ids: string[] }>(request, token, '/platform/portals/get-portal', {
      username,
    });
    expect([...stored.client_ids].sort()).toEqual([a.id, c.id].sort());
  });

  for (const lang of ['es', 'en'] as const) {
    test(`a taken username is refused with its message (${lang})`, async ({ page }) => {
      const t = TEXT[lang];
      await page.goto(`/${lang}/portals/users/create`);
      // The demo's own portal user holds this username already.
      await field(page, t.username).fill(DEMO_USERS.portal.username);
      await field(page, t.name).fill('Duplicado');
      await field(page, t.email).fill('duplicado@caudal.test');
      await page
        .getByLabel(new RegExp(`^${t.password}`))
        .first()
        .fill(PASSWORD);
      await page.getByLabel(new RegExp(`^${t.confirm}`)).fill(PASSWORD);
      await page.getByRole('button', { name: t.submit }).click();
      await expect(page.getByText(t.duplicate).first()).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`/${lang}/portals/users/create$`));
    });
  }
});
