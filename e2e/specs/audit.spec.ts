import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { callApi, signInByApi } from '../fixtures/api';
import { searchClientPicker } from '../fixtures/client-picker';
import { DEMO_USERS } from '../fixtures/demo';
import { expect, test } from '../fixtures/signed-in';

test.use({ signedInAs: DEMO_USERS.wealth });

/**
 * "Export CSV" for the filters shown (on a freshly loaded page, so no earlier export's state is on
 * screen), then Download: answers the file's data rows, split on the English dialect's comma.
 */
async function exportShownEvents(page: Page): Promise<string[][]> {
  await page.reload();
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const download = page.getByRole('button', { name: 'Download' });
  await expect(download).toBeVisible({ timeout: 60_000 });
  const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
  expect(file.suggestedFilename()).toMatch(/^audit-log_\d{4}-\d{2}-\d{2}\.csv$/);
  const text = await readFile((await file.path()) ?? '', 'utf8');
  expect(text.startsWith('\uFEFF')).toBe(true);
  const [header, ...rows] = text.slice(1).trim().split('\r\n');
  expect(header?.split(',').slice(0, 6)).toEqual([
    'Date (UTC)',
    'Kind',
    'Action',
    'Action code',
    'Actor kind',
    'Who',
  ]);
  // The columns read here (up to the client) hold no comma: a naive split is exact for them.
  return rows.map((row) => row.split(','));
}

test('an admin finds a client edit and a sign-in in /audit by filtering, opens the edit’s details, and exports both as CSV', async ({
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

  // The client edit: by action (found by its code, listed by its name), then by the client picked by name.
  await page.getByRole('combobox', { name: 'Action' }).fill('client-edit');
  await page.getByRole('option', { name: 'Client edited', exact: true }).click();
  // "Audited …" sorts near the top of the unsearched list: pick it from the search's own answer.
  const clientOptions = await searchClientPicker(
    page,
    page.getByRole('combobox', { name: 'Client' }),
    `Audited ${suffix}`,
  );
  await expect(clientOptions).toHaveCount(1);
  await clientOptions.click();
  // Both filters hold: the client picked right after the action keeps it (it used to drop it under load,
  // showing the client's create as well as its edit).
  await expect(page).toHaveURL(new RegExp(`action=client-edit&client=${client.id}`));
  const table = page.getByRole('table', { name: 'Audit events' });
  await expect(table.getByRole('row')).toHaveCount(2);
  // Named in the page's language, with its code beside it.
  await expect(table).toContainText('Client edited');
  await expect(table).toContainText('client-edit');
  // The client is named as it is called today, beside its id.
  await expect(table).toContainText(`Client: Audited ${suffix} (${client.id})`);
  await table.getByRole('button', { name: /Show the details/ }).click();
  const details = page.getByRole('dialog', { name: 'Event details' });
  await expect(details).toContainText(`Audit ${suffix}`);
  await expect(details).toContainText(`Audited ${suffix}`);
  await details.getByRole('button', { name: 'Close' }).last().click();
  await expect(details).toBeHidden();

  // Exported: the file holds that one edit, of that client.
  const edits = await exportShownEvents(page);
  expect(edits).toHaveLength(1);
  expect(edits[0]?.slice(1, 4)).toEqual(['Change', 'Client edited', 'client-edit']);
  expect(edits[0]?.[7]).toBe(client.id);

  // The sign-in: by user and action.
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page).not.toHaveURL(/client=/);
  await page.getByRole('searchbox', { name: 'User' }).fill('demo');
  await page.getByRole('combobox', { name: 'Action' }).fill('sign');
  await page.getByRole('option', { name: 'Sign-in', exact: true }).click();
  await expect(page).toHaveURL(/action=login/);
  await expect(table.getByRole('row').nth(1)).toContainText('Sign-in');
  await expect(page).toHaveURL(/actor=demo/);

  // Exported: only sign-ins of that user (the one set up above among them), nothing else.
  const signIns = await exportShownEvents(page);
  expect(signIns.length).toBeGreaterThan(0);
  for (const row of signIns) {
    expect(row[3]).toBe('login');
    expect(row[5]).toBe('demo');
    expect(['Sign-in', 'Failed sign-in']).toContain(row[1]);
  }
  expect(signIns.some((row) => row[1] === 'Sign-in')).toBe(true);

  // The client's page links to its history.
  await page.goto(`/en/wealth/clients/${client.id}`);
  await page.getByRole('link', { name: 'History' }).click();
  await expect(page).toHaveURL(new RegExp(`/en/audit\\?client=${client.id}`));
  await expect(table).toContainText('client-create');
  // The picker names the client the address holds only by id.
  await expect(page.getByRole('combobox', { name: 'Client' })).toHaveValue(new RegExp(`Audited ${suffix}`));
});
