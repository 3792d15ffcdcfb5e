import type { Page } from '@playwright/test';
import { findClientsWithFullBook, signInByApi } from '../fixtures/api';
import { DEMO_USERS } from '../fixtures/demo';
import { searchClients } from '../fixtures/list-search';
import { expect, test } from '../fixtures/signed-in';

/** Buttons and links of staff-only calls: a portal user must never be offered one. */
const STAFF_ONLY =
  /Nuevo cliente|Editar|Eliminar|Desvincular|Nueva conexión|Generar enlace|Acciones de la credencial|Reautorizar|Restablecer|Confirmar todo|Ocultar/;

/** Every button and link shown on the page, by name: none may be a staff-only action. */
async function expectNoStaffActions(page: Page, where: string) {
  await page.waitForLoadState('networkidle');
  const names = await page
    .locator('main')
    .getByRole('button')
    .or(page.locator('main').getByRole('link'))
    .evaluateAll((elements) =>
      elements.map((element) => element.getAttribute('aria-label') ?? element.textContent ?? ''),
    );
  expect(
    names.filter((name) => STAFF_ONLY.test(name)),
    `staff-only actions on ${where}`,
  ).toEqual([]);
}

test.use({ signedInAs: DEMO_USERS.portal });

const nav = (page: Page) => page.getByRole('navigation', { name: 'Navegación principal' });

test('a portal user walks every wealth screen, uses every action shown, and stays signed in', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const [held] = await findClientsWithFullBook(request, await signInByApi(request, DEMO_USERS.portal));
  if (!held) throw new Error('the portal user has a client with accounts, portfolios and liabilities');
  const client = held.client;
  const refused: string[] = [];
  page.on('response', (response) => {
    if (response.status() === 401 || response.status() === 403) refused.push(response.url());
  });

  await page.goto('/es/wealth/clients');
  // Pendientes is staff-only: not in the portal user's navigation.
  await expect(nav(page).getByRole('link', { name: /Pendientes/ })).toHaveCount(0);

  // Client list: search, sort, open.
  const list = page.getByRole('table', { name: 'Listado de clientes' });
  await expect(list.getByRole('row').nth(1)).toBeVisible();
  await expectNoStaffActions(page, 'the client list');
  await list.getByRole('button', { name: /Nombre/ }).click();
  await expect(page).toHaveURL(/order=desc/);
  await list.getByRole('button', { name: /Nombre/ }).click();
  await searchClients(page, 'Buscar clientes', client.name.slice(0, 6));
  await list.getByRole('link', { name: client.name, exact: true }).click();

  // Client tabs, each product's page, and back.
  const tabs = page.getByRole('tablist', { name: 'Productos del cliente' });
  await expect(tabs).toBeVisible();
  // A client opens on its overview (issue 31); the accounts are the next tab.
  await tabs.getByRole('tab', { name: 'Cuentas' }).click();
  await expectNoStaffActions(page, 'the client header and accounts');
  const accounts = page.getByRole('table', { name: 'Cuentas del cliente' });
  await accounts.getByRole('row').nth(1).getByRole('link').click();
  await expect(page.getByRole('table', { name: 'Movimientos' })).toBeVisible();
  await expectNoStaffActions(page, 'an account');
  await page.goBack();

  await tabs.getByRole('tab', { name: 'Financiación' }).click();
  const liabilities = page.getByRole('table', { name: 'Financiación del cliente' });
  await expect(liabilities).toBeVisible();
  await expectNoStaffActions(page, 'the liabilities tab');
  await liabilities.getByRole('row').nth(1).getByRole('link').click();
  await expect(page.getByRole('table', { name: 'Movimientos' })).toBeVisible();
  await expectNoStaffActions(page, 'a liability');
  await page.goBack();

  await tabs.getByRole('tab', { name: 'Carteras' }).click();
  const portfolios = page.getByRole('table', { name: 'Carteras del cliente' });
  await expect(portfolios).toBeVisible();
  await expectNoStaffActions(page, 'the portfolios tab');
  await portfolios.getByRole('row').nth(1).getByRole('link').click();
  const investments = page.getByRole('table', { name: 'Inversiones de la cartera' });
  await expect(investments).toBeVisible();
  await expectNoStaffActions(page, 'a portfolio');
  await page.getByRole('tab', { name: 'Operaciones' }).click();
  await expect(page.getByRole('table', { name: 'Operaciones de inversión' })).toBeVisible();
  await page.getByRole('tab', { name: 'Inversiones' }).click();
  await investments.getByRole('row').nth(1).getByRole('link').first().click();
  await expect(page.getByRole('table', { name: 'Operaciones de inversión' })).toBeVisible();
  await expectNoStaffActions(page, 'an investment');

  // Connections and one institution's detail.
  await nav(page).getByRole('link', { name: 'Conexiones' }).click();
  const entities = page.getByRole('table', { name: 'Entidades con credenciales' });
  await expect(entities).toBeVisible();
  await expectNoStaffActions(page, 'the connections');
  await entities.getByRole('row').nth(1).getByRole('link').click();
  await expect(page.getByRole('table', { name: 'Identidad de las credenciales' })).toBeVisible();
  await expectNoStaffActions(page, 'a connection');

  // Still signed in, and the server never refused a call.
  await expect(page).not.toHaveURL(/\/sesion\//);
  await expect(nav(page)).toBeVisible();
  expect(refused).toEqual([]);
});
