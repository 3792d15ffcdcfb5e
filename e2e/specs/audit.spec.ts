import { callApi, signInByApi } from '../fixtures/api';
import { DEMO_USERS } from '../fixtures/demo';
import { expect, test } from '../fixtures/signed-in';

test.use({ signedInAs: DEMO_USERS.wealth });

test('an admin finds a client edit and a sign-in in /audit by filtering, and opens the edit’s details', async ({
  page,
  request,
}) => {
  const suffix = Math.random().toString(36).slice(2, 8);
  // Set-up through the API: a sign-in, and a client created then renamed.
  const token = await signInByApi(request, DEMO_USERS.wealth);
  const client = await callApi<{ id: string }>(request, token, '/platform/wealth/client-create', {
    name: `Audit ${suffix}`,
    alias: `audit-${suffix}`,
    entities: [],
  });
  await callApi(request, token, '/platform/wealth/client-edit', {
    client_id: client.id,
    name: `Audited ${suffix}`,
    alias: `audit-${suffix}`,
    entities: [],
  });

  await page.goto('/en/audit');
  await expect(page.getByRole('heading', { name: 'Audit log', level: 1 })).toBeVisible();

  // The client edit: by action, then by the client picked by name.
  await page.getByRole('combobox', { name: 'Action' }).fill('client-edit');
  await page.getByRole('option', { name: 'client-edit', exact: true }).click();
  await page.getByRole('combobox', { name: 'Client' }).fill(`Audited ${suffix}`);
  await page.getByRole('option', { name: new RegExp(`Audited ${suffix}`) }).click();
  await expect(page).toHaveURL(new RegExp(`client=${client.id}`));
  const table = page.getByRole('table', { name: 'Audit events' });
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table).toContainText('client-edit');
  await table.getByRole('button', { name: /Show the details/ }).click();
  const details = page.getByRole('dialog', { name: 'Event details' });
  await expect(details).toContainText(`Audit ${suffix}`);
  await expect(details).toContainText(`Audited ${suffix}`);
  await details.getByRole('button', { name: 'Close' }).last().click();
  await expect(details).toBeHidden();

  // The sign-in: by user and action.
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page).not.toHaveURL(/client=/);
  await page.getByRole('searchbox', { name: 'User' }).fill('demo');
  await page.getByRole('combobox', { name: 'Action' }).fill('login');
  await page.getByRole('option', { name: 'login', exact: true }).click();
  await expect(table.getByRole('row').nth(1)).toContainText('Sign-in');

  // The client's page links to its history.
  await page.goto(`/en/wealth/clients/${client.id}`);
  await page.getByRole('link', { name: 'History' }).click();
  await expect(page).toHaveURL(new RegExp(`/en/audit\\?client=${client.id}`));
  await expect(table).toContainText('client-create');
});
