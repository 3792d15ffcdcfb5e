import { callApi, signInByApi } from '../fixtures/api';
import { searchClientPicker } from '../fixtures/client-picker';
import { expectBackOnConnections, pickInstitution, submitCredentials } from '../fixtures/connect';
import { DEMO_USERS } from '../fixtures/demo';
import { expect, test } from '../fixtures/signed-in';

const TEXT = {
  es: {
    newConnection: 'Nueva conexión',
    connect: 'Conectar',
    pendingTable: 'Productos pendientes',
    hiddenTable: 'Productos ocultos',
    assignTo: 'Cliente para',
    confirmAll: 'Confirmar todo',
    assign: 'Asignar productos',
    assigned: '3 productos asignados',
    bar: 'Asignaciones',
    /** What the bar says after each of the three picks: each pick must really have taken. */
    picked: [
      '1 producto asignado a 1 cliente',
      '2 productos asignados a 1 cliente',
      '3 productos asignados a 2 clientes',
    ],
    confirmIntro: 'Se asignarán 3 productos a 2 clientes:',
    hide: 'Ocultar',
    restore: 'Restaurar',
    unlink: 'Desvincular',
  },
  en: {
    newConnection: 'New connection',
    connect: 'Connect',
    pendingTable: 'Pending products',
    hiddenTable: 'Hidden products',
    assignTo: 'Client for',
    confirmAll: 'Confirm all',
    assign: 'Assign products',
    assigned: '3 products assigned',
    bar: 'Assignments',
    picked: [
      '1 product assigned to 1 client',
      '2 products assigned to 1 client',
      '3 products assigned to 2 clients',
    ],
    confirmIntro: '3 products will be assigned to 2 clients:',
    hide: 'Hide',
    restore: 'Restore',
    unlink: 'Unlink',
  },
} as const;

/** Each language connects its own institution, so the two runs never share pending rows. */
const INSTITUTION = {
  es: { id: 'ibercaja', name: 'Ibercaja' },
  en: { id: 'kutxabank', name: 'Kutxabank' },
} as const;
/** This sandbox login yields five products at both institutions. */
const SANDBOX_LOGIN = { username: 'e2e-unmatched-0', password: 'demo' };

interface Client {
  id: string;
  name: string;
}
interface Pending {
  _id: string;
  name: string;
}
interface ProductHolder {
  product_id: string;
  product_kind: 'account' | 'portfolio' | 'liability';
}

const PRODUCT_PATHS = { account: 'accounts', portfolio: 'portfolios', liability: 'liabilities' } as const;

test.use({ signedInAs: DEMO_USERS.wealth });

for (const lang of ['es', 'en'] as const) {
  const t = TEXT[lang];
  const bank = INSTITUTION[lang];

  test(`unmatched products: connect, assign with confirm all, hide and restore, unlink (${lang})`, async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    const token = await signInByApi(request, DEMO_USERS.wealth);
    const pendingAt = () =>
      callApi<Pending[]>(request, token, '/platform/wealth/unmatched-list', { bank: bank.id });
    const before = await pendingAt();

    // 1. Connecting a bank with no client makes its products pending.
    await page.goto(`/${lang}/wealth/connections`);
    await page.getByRole('button', { name: t.newConnection }).first().click();
    await page.getByRole('dialog').getByRole('button', { name: t.connect, exact: true }).click();
    await pickInstitution(page, lang, bank.name);
    // The portal drops the token from the address as soon as it lands there, so reading page.url()
    // afterwards races it: the token is read from the navigation request that brought it.
    const back = page.waitForRequest(
      (request) => request.isNavigationRequest() && request.url().includes('credentials_token='),
    );
    await submitCredentials(page, lang, SANDBOX_LOGIN);
    const credentialsToken = new URL((await back).url()).searchParams.get('credentials_token');
    await expectBackOnConnections(page, lang);
    const connected = await pendingAt();
    expect(connected.length - before.length).toBe(5);

    // 2. Two products to one client and one to another, with a single "confirm all".
    const clients = await callApi<Client[]>(request, token, '/platform/wealth/client-list', {
      sort: 'name',
      order: 'desc',
    });
    const [first, second] = clients;
    if (!first || !second) throw new Error('the demo has clients');

    await page.goto(`/${lang}/wealth/unmatched?bank=${bank.id}`);
    const table = page.getByRole('table', { name: t.pendingTable });
    const rows = table.getByRole('row');
    await expect(rows).toHaveCount(connected.length + 1);
    const bar = page.getByRole('region', { name: t.bar });
    for (const [index, client] of [first, first, second].entries()) {
      const select = rows.nth(index + 1).getByRole('combobox', { name: new RegExp(`^${t.assignTo}`) });
      await select.click();
      const options = await searchClientPicker(page, select, client.name);
      await options.filter({ hasText: client.name }).first().click();
      // The input shows the typed name whether or not the pick took: the bar counts real assignments.
      await expect(bar).toContainText(t.picked[index] ?? '');
      await expect(select).toHaveValue(client.name);
    }
    await page.getByRole('button', { name: t.confirmAll }).click();
    const confirm = page.getByRole('dialog');
    await expect(confirm).toContainText(t.confirmIntro);
    await expect(confirm.getByText(first.name, { exact: true })).toBeVisible();
    await expect(confirm.getByText(second.name, { exact: true })).toBeVisible();
    await confirm.getByRole('button', { name: t.assign }).click();
    await expect(page.getByText(t.assigned)).toBeVisible();
    await expect(rows).toHaveCount(connected.length - 3 + 1);
    expect((await pendingAt()).length).toBe(connected.length - 3);

    // 3. Hide one, find it in the hidden list, restore it.
    const hiddenName = (await rows.nth(1).getByRole('cell').nth(1).textContent())?.trim() ?? '';
    await rows
      .nth(1)
      .getByRole('button', { name: new RegExp(`^${t.hide}`) })
      .click();
    await expect(rows).toHaveCount(connected.length - 4 + 1);
    await page.goto(`/${lang}/wealth/unmatched/hidden?bank=${bank.id}`);
    const hidden = page.getByRole('table', { name: t.hiddenTable });
    await expect(hidden.getByText(hiddenName).first()).toBeVisible();
    await hidden
      .getByRole('button', { name: new RegExp(`^${t.restore}`) })
      .first()
      .click();
    await expect(hidden.getByText(hiddenName)).toHaveCount(0);
    expect((await pendingAt()).length).toBe(connected.length - 3);

    // 4. Unlinking a product from its client sends it back to the pending list.
    const holders = await callApi<ProductHolder[]>(
      request,
      token,
      '/platform/wealth/get-credentials-product-holders',
      {
        credentials_token: credentialsToken,
      },
    );
    const pendingIds = new Set((await pendingAt()).map((product) => product._id));
    const matched = holders.find((holder) => !pendingIds.has(holder.product_id));
    if (!matched) throw new Error('one of the connected products is matched');
    const owner = await findOwner(matched, [first, second]);
    await page.goto(`/${lang}/wealth/clients/${owner.id}/${PRODUCT_PATHS[matched.product_kind]}`);
    const link = page.locator(`a[href$="/${PRODUCT_PATHS[matched.product_kind]}/${matched.product_id}"]`);
    await page
      .getByRole('row')
      .filter({ has: link })
      .getByRole('button', { name: new RegExp(`^${t.unlink}`) })
      .click();
    await page.getByRole('dialog').getByRole('button', { name: t.unlink, exact: true }).click();
    await expect(link).toHaveCount(0);
    await page.goto(`/${lang}/wealth/unmatched?bank=${bank.id}`);
    await expect(rows).toHaveCount(connected.length - 2 + 1);
    expect((await pendingAt()).map((product) => product._id)).toContain(matched.product_id);

    async function findOwner(product: ProductHolder, candidates: Client[]) {
      const list = `/platform/wealth/client-${product.product_kind}-list`;
      for (const client of candidates) {
        const items = await callApi<{ id: string }[]>(request, token, list, { client_id: client.id });
        if (items.some((item) => item.id === product.product_id)) return client;
      }
      throw new Error('the matched product belongs to one of the two clients');
    }
  });
}
