import { callApi, signInByApi } from '../fixtures/api';
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
    // Failed in the full run of this session (the first assignment's client was never picked), after the
    // Spanish collation and the new specs that create clients on the shared server. Open in issue 9.
    // Ruled out since: a suggested client (the sandbox holder, Fernando Alonso Jiménez, names no demo
    // client), the server search (it finds the client by its full name) and the desc order (the demo's
    // own Silvia and Sergio stay first whatever other specs create).
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
    await submitCredentials(page, lang, SANDBOX_LOGIN);
    await expectBackOnConnections(page, lang);
    const credentialsToken = new URL(page.url()).searchParams.get('credentials_token');
    const connected = await pendingAt();
    expect(connected.length - before.length).toBe(5);

    // 2. Two products to one client and one to another, with a single "confirm all".
    const clients = await callApi<Client[]>(request, token, '/platform/wealth/client-list', {
      sort: 'name',
      order: 'desc',
    });
    const [first, second] = clients;
    if (!first || !second) throw new Error('the demo has clients');

    const cdp = await page.context().newCDPSession(page);
    if (process.env.PROBE_RATE) await cdp.send('Emulation.setCPUThrottlingRate', { rate: Number(process.env.PROBE_RATE) });
    page.on('console', (m) => console.log('[page]', m.text()));
    await page.goto(`/${lang}/wealth/unmatched?bank=${bank.id}`);
    const table = page.getByRole('table', { name: t.pendingTable });
    const rows = table.getByRole('row');
    await expect(rows).toHaveCount(connected.length + 1);
    for (const [index, client] of [first, first, second].entries()) {
      const select = rows.nth(index + 1).getByRole('combobox', { name: new RegExp(`^${t.assignTo}`) });
      await select.click();
      await select.fill(client.name);
      await page
        .getByRole('option', { name: new RegExp(client.name) })
        .first()
        .click();
      await expect(select).toHaveValue(client.name);
      await expect(page.getByRole('region', { name: lang === 'es' ? 'Asignaciones' : 'Assignments' })).toContainText(
        lang === 'es' ? `${index + 1} producto` : `${index + 1} product`,
      );
    }
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    await page.getByRole('button', { name: t.confirmAll }).click();
    await page.getByRole('dialog').getByRole('button', { name: t.assign }).click();
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
