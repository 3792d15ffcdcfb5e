import { readFile } from 'node:fs/promises';
import { callApi, connectCredential, signInByApi } from '../fixtures/api';
import { DEMO_USERS } from '../fixtures/demo';
import { expect, test } from '../fixtures/signed-in';

interface Client {
  id: string;
  name: string;
  alias: string;
  entities: string[];
}
interface Product {
  id: string;
  entity: string;
}

test.use({ signedInAs: DEMO_USERS.wealth });

/**
 * The QA case: a client whose `entities` field names only Abanca holds products at Bankinter (here
 * through a Bankinter connection made for it). The entities step offers Bankinter, ticked, and the
 * positions file holds the Bankinter rows.
 */
test('the entities step offers, ticked, the banks a client holds products at beyond its entities field', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const token = await signInByApi(request, DEMO_USERS.wealth);
  const tag = `Xent${Date.now().toString(36)}`;
  const client = await callApi<Client>(request, token, '/platform/wealth/client-create', {
    name: `${tag} Pepe`,
    alias: `${tag}-a`,
    entities: ['abanca'],
  });
  await connectCredential(request, token, { bank: 'bankinter', username: `e2e-${tag}`, clientId: client.id });
  const accounts = await callApi<Product[]>(request, token, '/platform/wealth/client-account-list', {
    client_id: client.id,
  });
  expect(accounts.length).toBeGreaterThan(0);
  expect(accounts.every((account) => account.entity === 'bankinter')).toBe(true);

  await page.goto('/es/wealth/export');
  await page.getByRole('radio', { name: /Posiciones/ }).check();
  await page.getByRole('button', { name: 'Siguiente', exact: true }).click();
  await page.getByRole('searchbox', { name: 'Buscar clientes' }).fill(client.name);
  await page.getByRole('checkbox', { name: `Elegir a ${client.name}` }).check();
  await page.getByRole('button', { name: 'Siguiente', exact: true }).click();

  await expect(page.getByRole('heading', { level: 2, name: 'Entidades' })).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'Bankinter', exact: true })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Abanca', exact: true })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Todas las entidades' })).toBeChecked();
  await page.screenshot({ path: test.info().outputPath('export-entity-step.png'), fullPage: true });
  if (process.env.SHOT_DIR) await page.screenshot({ path: `${process.env.SHOT_DIR}/export-entity-step.png` });
  await page.getByRole('button', { name: 'Siguiente', exact: true }).click();

  await page.getByRole('button', { name: 'Generar fichero', exact: true }).click();
  const download = page.getByRole('button', { name: 'Descargar', exact: true });
  await expect(download).toBeVisible({ timeout: 30_000 });
  const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
  const lines = (await readFile(await file.path(), 'utf8')).slice(1).trimEnd().split('\r\n');
  expect(lines.length).toBeGreaterThan(1);
  expect(lines.slice(1).every((line) => line.startsWith(`${client.name};`))).toBe(true);
  expect(lines.slice(1).every((line) => line.includes(';Bankinter;'))).toBe(true);
});
