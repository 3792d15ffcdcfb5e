import { callApi, signInByApi } from '../fixtures/api';
import { DEMO_USERS } from '../fixtures/demo';
import { expect, test } from '../fixtures/signed-in';

interface ClientRow {
  id: string;
  name: string;
  alias: string;
}

test.use({ signedInAs: DEMO_USERS.wealth });

/**
 * A user who types in the search box and at once clicks a client already on screen goes to that client.
 * The search comes due 300 ms later, while the next page renders; it used to start its own navigation
 * from the list and cancel the click (seen in CI as a click that "did nothing"). A slowed CPU widens the
 * window, as a busy machine does.
 */
test('a search that comes due after a click on a result does not cancel the click', async ({
  page,
  request,
}) => {
  const token = await signInByApi(request, DEMO_USERS.wealth);
  const clients = await callApi<ClientRow[]>(request, token, '/platform/wealth/client-list', {
    page: 1,
    page_size: 25,
  });
  // The first client by name stays the first row whatever the search keeps, so the click lands on it
  // whether the search comes due before or after it; only the search cancelling the click can fail.
  const client = clients[0];
  if (!client) throw new Error('the demo has clients');

  await page.goto('/es/wealth/clients');
  const link = page.getByRole('link', { name: client.name, exact: true });
  await expect(link).toBeVisible({ timeout: 30_000 });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 12 });

  await page.getByRole('searchbox', { name: 'Buscar clientes' }).fill(client.alias);
  await link.click();
  await expect(page).toHaveURL(new RegExp(`/es/wealth/clients/${client.id}`), { timeout: 20_000 });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  await expect(page.getByRole('heading', { level: 1, name: client.name })).toBeVisible();
});
