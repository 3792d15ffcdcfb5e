import type { Page } from '@playwright/test';
import { callApi, signInByApi } from '../fixtures/api';
import { DEMO_USERS } from '../fixtures/demo';
import { searchClients } from '../fixtures/list-search';
import { expect, test } from '../fixtures/signed-in';

interface Pending {
  _id: string;
  name: string;
  bank: string;
  product_type: 'account' | 'portfolio' | 'liability';
}
interface Client {
  id: string;
  name: string;
}

/** The banks the unmatched spec connects; this spec leaves their pending rows alone. */
const OTHER_SPECS_BANKS = new Set(['ibercaja', 'kutxabank']);

test.use({ signedInAs: DEMO_USERS.wealth });

/** The pending count in the page header, and the nav badge's screen-reader text, as numbers. */
async function shownCounts(page: Page) {
  const header = await page.getByText(/productos? pendientes? de asignar a un cliente/).textContent();
  const badge = await page
    .getByRole('navigation', { name: 'Navegación principal' })
    .getByRole('link', { name: /Pendientes/ })
    .textContent();
  return {
    header: Number(header?.match(/^([\d.]+)/)?.[1]?.replace('.', '') ?? Number.NaN),
    badge: Number(badge?.match(/\(([\d.]+) por asignar\)/)?.[1]?.replace('.', '') ?? Number.NaN),
  };
}

test('unlinking a product puts it back in Pendientes at once: list, count and nav badge, no reload', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const token = await signInByApi(request, DEMO_USERS.wealth);
  const pendingCount = async () =>
    (await callApi<{ pending: number }>(request, token, '/platform/wealth/unmatched-count')).pending;

  // A client of this test's own, holding one product taken from the pending queue.
  const suffix = Date.now().toString(36);
  const client = await callApi<Client>(request, token, '/platform/wealth/client-create', {
    name: `Desvincular Prueba ${suffix}`,
    alias: `desvincular-${suffix}`,
    entities: [],
  });
  const pending = await callApi<Pending[]>(request, token, '/platform/wealth/unmatched-list');
  const product = pending.find(
    (item) => item.product_type === 'account' && !OTHER_SPECS_BANKS.has(item.bank),
  );
  if (!product) throw new Error('the demo has pending accounts');
  await callApi(request, token, '/platform/wealth/client-match-product', {
    _id: client.id,
    products: [product._id],
  });

  // Load Pendientes first, so its list, count and badge sit in the page's cache; from here on the test
  // only clicks (a page.goto would reload and hide stale caches).
  await page.goto('/es/wealth/unmatched');
  await expect(page.getByRole('table', { name: 'Productos pendientes' })).toBeVisible();
  const before = await shownCounts(page);
  expect(before.header).toBe(before.badge);

  await page
    .getByRole('navigation', { name: 'Navegación principal' })
    .getByRole('link', { name: 'Clientes' })
    .click();
  await searchClients(page, 'Buscar clientes', suffix);
  await page.getByRole('link', { name: client.name, exact: true }).click();
  // A client opens on its overview (issue 31); the product is on the accounts tab.
  await page
    .getByRole('tablist', { name: 'Productos del cliente' })
    .getByRole('tab', { name: 'Cuentas' })
    .click();
  await page
    .getByRole('row')
    .filter({ hasText: product.name })
    .getByRole('button', { name: /^Desvincular/ })
    .click();
  await page.getByRole('dialog').getByRole('button', { name: 'Desvincular', exact: true }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByRole('row').filter({ hasText: product.name })).toHaveCount(0);

  // The badge is in the top bar of this very page: it must already count the product.
  await expect
    .poll(async () => {
      const badge = await page
        .getByRole('navigation', { name: 'Navegación principal' })
        .getByRole('link', { name: /Pendientes/ })
        .textContent();
      return Number(badge?.match(/\(([\d.]+) por asignar\)/)?.[1]?.replace('.', ''));
    })
    .toBe(await pendingCount());

  await page
    .getByRole('navigation', { name: 'Navegación principal' })
    .getByRole('link', { name: /Pendientes/ })
    .click();
  await page.getByRole('searchbox', { name: 'Buscar productos pendientes' }).fill(product.name);
  await expect(
    page.getByRole('table', { name: 'Productos pendientes' }).getByText(product.name).first(),
  ).toBeVisible();
  await page.getByRole('searchbox', { name: 'Buscar productos pendientes' }).fill('');
  // Other specs may change the queue meanwhile: what is shown must be what the server says now.
  await expect
    .poll(async () => {
      const [shown, now] = [await shownCounts(page), await pendingCount()];
      return shown.header === now && shown.badge === now;
    })
    .toBe(true);
});

test('a failed refresh keeps the rows and says the data is out of date', async ({ page }) => {
  await page.goto('/es/wealth/clients');
  await expect(page.getByRole('table', { name: 'Listado de clientes' })).toBeVisible();
  const firstRow = page.getByRole('table', { name: 'Listado de clientes' }).getByRole('row').nth(1);
  const name = await firstRow.getByRole('link').textContent();

  // The list's refresh fails from now on; creating a client makes the list refresh.
  await page.route('**/platform/wealth/client-list', (route) =>
    route.fulfill({
      status: 503,
      contentType: 'application/json',
      body: '{"error":{"code":"UnexpectedError","message":"down"}}',
    }),
  );
  const suffix = Date.now().toString(36);
  await page.getByRole('button', { name: 'Nuevo cliente' }).first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: /^Nombre/ }).fill(`Obsoleto ${suffix}`);
  await dialog.getByRole('textbox', { name: /^Alias/ }).fill(`obsoleto-${suffix}`);
  await dialog.getByRole('button', { name: 'Crear cliente' }).click();

  await expect(
    page.getByText('Ha habido un error actualizando los datos. Los datos mostrados no están actualizados.'),
  ).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('link', { name: name ?? '', exact: true })).toBeVisible();
  expect(page.url()).toContain('/es/wealth/clients');

  // Once the server answers again, Reintentar refreshes and the message goes.
  await page.unroute('**/platform/wealth/client-list');
  await page.getByRole('alert').getByRole('button', { name: 'Reintentar' }).click();
  await expect(
    page.getByText('Ha habido un error actualizando los datos. Los datos mostrados no están actualizados.'),
  ).toHaveCount(0);
});
