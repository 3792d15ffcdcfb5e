import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { callApi, signInByApi } from '../fixtures/api';
import { searchClientPicker } from '../fixtures/client-picker';
import { DEMO_USERS } from '../fixtures/demo';
import { expect, test } from '../fixtures/signed-in';

const FROM = '2026-06-01';
const TO = '2026-08-31';

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
interface Transaction {
  id: string;
  amount: number;
  balance: number | null;
  description: string;
  operationDate: string;
}

/**
 * What the file must hold, read through the wealth calls: every movement in the range of the clients'
 * accounts and liabilities, and one known movement to look for.
 */
async function expectedMovements(request: APIRequestContext, token: string, clients: Client[]) {
  // The entities step ticks the clients' entities and every bank they hold products at: so every
  // product of a chosen client is in the file, whatever its client's `entities` field names.
  let count = 0;
  let known: (Transaction & { client: string }) | null = null;
  for (const client of clients) {
    const body = { client_id: client.id };
    const products = [
      ...(await callApi<Product[]>(request, token, '/platform/wealth/client-account-list', body)),
      ...(await callApi<Product[]>(request, token, '/platform/wealth/client-liability-list', body)),
    ];
    for (const product of products) {
      let cursor: string | undefined;
      do {
        const page = await callApi<{ items: Transaction[]; next_cursor: string | null }>(
          request,
          token,
          '/platform/wealth/product-transaction-list',
          {
            ...body,
            product_id: product.id,
            date_from: FROM,
            date_to: TO,
            limit: 200,
            ...(cursor ? { cursor } : {}),
          },
        );
        count += page.items.length;
        const negative = page.items.find((item) => item.amount < 0);
        if (!known && negative) known = { ...negative, client: client.name };
        cursor = page.next_cursor ?? undefined;
      } while (cursor);
    }
  }
  if (!known) throw new Error('no negative movement in the range');
  return { count, known };
}

/** Demo clients with movements in the range, by name. */
async function clientsWithMovements(request: APIRequestContext, token: string, how: number) {
  const clients = await callApi<Client[]>(request, token, '/platform/wealth/client-list', {
    sort: 'name',
    page: 1,
    page_size: 20,
  });
  const found: Client[] = [];
  for (const client of clients) {
    if (found.length === how) break;
    const accounts = await callApi<Product[]>(request, token, '/platform/wealth/client-account-list', {
      client_id: client.id,
    });
    if (accounts.some((account) => client.entities.includes(account.entity))) found.push(client);
  }
  return found;
}

/**
 * A minimal RFC 4180 reader: enough for our files (quotes, doubled quotes, separators inside). The
 * separator is the export language's: `;` in Spanish, `,` in English.
 */
function parseCsv(text: string, separator = ';'): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index];
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        cell += '"';
        index += 1;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === separator) {
      row.push(cell);
      cell = '';
    } else if (char === '\n') {
      row.push(cell.replace(/\r$/, ''));
      rows.push(row);
      row = [];
      cell = '';
    } else cell += char;
  }
  if (cell || row.length > 0) rows.push([...row, cell]);
  return rows;
}

/** 2026-06-01 → 01/06/2026. */
const spanishDay = (iso: string) => iso.split('-').reverse().join('/');

async function fillDates(
  page: Page,
  from: string,
  to: string,
  labels = { from: 'Fecha desde', to: 'Fecha hasta' },
) {
  const fromBox = page.getByRole('textbox', { name: new RegExp(`^${labels.from}`) });
  const toBox = page.getByRole('textbox', { name: new RegExp(`^${labels.to}`) });
  await fromBox.fill(from);
  await fromBox.press('Escape');
  await toBox.fill(to);
  await toBox.press('Escape');
}

async function pickClient(page: Page, client: Client) {
  await page.getByRole('searchbox', { name: 'Buscar clientes' }).fill(client.name);
  await page.getByRole('checkbox', { name: `Elegir a ${client.name}` }).check();
}

async function generateAndDownload(page: Page, buttonName: string) {
  await page.getByRole('button', { name: buttonName, exact: true }).click();
  const download = page.getByRole('button', {
    name: buttonName === 'Export' ? 'Download' : 'Descargar',
    exact: true,
  });
  await expect(download).toBeVisible({ timeout: 30_000 });
  const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
  return { name: file.suggestedFilename(), path: await file.path() };
}

test.use({ signedInAs: DEMO_USERS.wealth });

test('the wizard exports two clients to CSV and XLSX with every movement and exact amounts', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const token = await signInByApi(request, DEMO_USERS.wealth);
  const clients = await clientsWithMovements(request, token, 2);
  const { count, known } = await expectedMovements(request, token, clients);
  expect(count).toBeGreaterThan(0);

  await page.goto('/es/wealth/export');
  await expect(page.getByRole('heading', { level: 1, name: 'Exportar datos' })).toBeVisible();

  // Reversed dates are refused with the spec's text.
  await fillDates(page, TO, FROM);
  await page.getByRole('button', { name: 'Siguiente', exact: true }).click();
  await expect(page.getByText('La fecha desde debe ser menor o igual que la fecha hasta')).toBeVisible();
  // Typed as Spanish writes a day (31/08/2026), shown back the same way; the export takes the ISO day.
  await fillDates(page, spanishDay(FROM), spanishDay(TO));
  await expect(page.getByRole('textbox', { name: /^Fecha desde/ })).toHaveValue(spanishDay(FROM));
  await page.getByRole('button', { name: 'Siguiente', exact: true }).click();

  // No client: refused.
  await expect(page.getByRole('heading', { level: 2, name: 'Clientes' })).toBeVisible();
  await page.getByRole('button', { name: 'Siguiente', exact: true }).click();
  await expect(page.getByText('Elige al menos un cliente')).toBeVisible();
  for (const client of clients) await pickClient(page, client);
  await expect(page.getByText('Clientes elegidos: 2')).toBeVisible();
  await page.getByRole('button', { name: 'Siguiente', exact: true }).click();

  // Entities of the chosen clients come ticked.
  await expect(page.getByRole('heading', { level: 2, name: 'Entidades' })).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'Todas las entidades' })).toBeChecked();
  await page.getByRole('button', { name: 'Siguiente', exact: true }).click();

  const csv = await generateAndDownload(page, 'Generar fichero');
  expect(csv.name).toBe(`movimientos_2-clientes_${FROM}_${TO}.csv`);
  const text = await readFile(csv.path, 'utf8');
  expect(text.charCodeAt(0)).toBe(0xfeff);
  const rows = parseCsv(text.slice(1).trimEnd());
  expect(rows).toHaveLength(count + 1);
  const header = rows[0] ?? [];
  const at = (name: string) => header.indexOf(name);
  const match = rows.find(
    (row) =>
      // Spanish files write dates as Spanish does: dd/mm/yyyy.
      row[at('Fecha de operación')] === spanishDay(known.operationDate) &&
      Number(row[at('Importe')]?.replace(',', '.')) === known.amount,
  );
  expect(match?.[at('Cliente')]).toBe(known.client);
  // Spanish: a decimal comma, so Excel in Spanish reads a number.
  expect(match?.[at('Importe')]).toMatch(/^-\d+,\d{2}$/);

  // A new file, now XLSX, from the same choices.
  await page.getByRole('button', { name: 'Generar un nuevo fichero' }).click();
  await page.getByText('Excel (XLSX)').click();
  for (let step = 0; step < 3; step += 1)
    await page.getByRole('button', { name: 'Siguiente', exact: true }).click();
  const xlsx = await generateAndDownload(page, 'Generar fichero');
  expect(xlsx.name).toBe(`movimientos_2-clientes_${FROM}_${TO}.xlsx`);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(xlsx.path);
  const sheet = workbook.worksheets[0];
  expect(sheet?.rowCount).toBe(count + 1);
  const headers = (sheet?.getRow(1).values as string[]) ?? [];
  const amountColumn = headers.indexOf('Importe');
  const dateColumn = headers.indexOf('Fecha de operación');
  let found = false;
  sheet?.eachRow((row) => {
    const amount = row.getCell(amountColumn).value;
    const date = row.getCell(dateColumn).value;
    const day = date instanceof Date ? date.toISOString().slice(0, 10) : null;
    if (day === known.operationDate && amount === known.amount) {
      found = true;
      expect(row.getCell(amountColumn).type).toBe(ExcelJS.ValueType.Number);
      expect(row.getCell(dateColumn).type).toBe(ExcelJS.ValueType.Date);
    }
  });
  expect(found).toBe(true);

  // Both files show in the recent exports.
  await expect(
    page.getByRole('table', { name: 'Exportaciones recientes' }).getByText(csv.name),
  ).toBeVisible();
});

test('the quick export (export2) downloads a file', async ({ page, request }) => {
  const token = await signInByApi(request, DEMO_USERS.wealth);
  const [client] = await clientsWithMovements(request, token, 1);
  if (!client) throw new Error('no demo client');
  await page.goto('/en/wealth/export2');
  await expect(page.getByRole('heading', { level: 1, name: 'Quick export' })).toBeVisible();

  await page.getByRole('button', { name: 'Export', exact: true }).click();
  await expect(page.getByText('Choose at least one client')).toBeVisible();

  const clients = page.getByTestId('export-clients');
  await clients.click();
  const options = await searchClientPicker(page, clients, client.alias);
  await options.filter({ hasText: client.alias }).first().click();
  await page.keyboard.press('Escape');
  await page.getByTestId('export-document').click();
  await page.getByRole('option', { name: 'Transactions as JSON' }).click();
  await fillDates(page, FROM, TO, { from: 'Date from', to: 'Date to' });
  const file = await generateAndDownload(page, 'Export');
  expect(file.name).toMatch(new RegExp(`^transactions_.+_${FROM}_${TO}\\.json$`));
  const rows = JSON.parse(await readFile(file.path, 'utf8'));
  expect(rows.length).toBeGreaterThan(0);
  expect(rows[0]).toHaveProperty('amount');
});

test.describe('as a portal user', () => {
  test.use({ signedInAs: DEMO_USERS.portal });

  test('a portal user exports only their own clients', async ({ page, request }) => {
    const staff = await signInByApi(request, DEMO_USERS.wealth);
    const portal = await signInByApi(request, DEMO_USERS.portal);
    const assigned = await callApi<Client[]>(request, portal, '/platform/wealth/client-list', {
      sort: 'name',
    });
    const everyone = await callApi<Client[]>(request, staff, '/platform/wealth/client-list', {
      sort: 'name',
    });
    const other = everyone.find((client) => !assigned.some((mine) => mine.id === client.id));
    const mine = assigned.find((client) => client.entities.length > 0);
    if (!other || !mine) throw new Error('the demo portal user needs assigned and unassigned clients');

    // The API refuses a client they cannot see, without saying whose it is.
    const refused = await request.post('/platform/wealth/export-generate', {
      headers: { authorization: `Bearer ${portal}` },
      data: {
        type: 'positions',
        format: 'csv',
        client_ids: [other.id],
        entity_ids: other.entities,
        language: 'es',
      },
    });
    expect(refused.status()).toBe(422);

    await page.goto('/es/wealth/export');
    await page.getByRole('radio', { name: /Posiciones/ }).check();
    await page.getByRole('button', { name: 'Siguiente', exact: true }).click();
    // Only their clients are offered.
    await page.getByRole('searchbox', { name: 'Buscar clientes' }).fill(other.name);
    await expect(page.getByText('No hay clientes que coincidan')).toBeVisible();
    await pickClient(page, mine);
    await page.getByRole('button', { name: 'Siguiente', exact: true }).click();
    await page.getByRole('button', { name: 'Siguiente', exact: true }).click();
    const file = await generateAndDownload(page, 'Generar fichero');
    expect(file.name).toMatch(/^posiciones_.+\.csv$/);
    const rows = parseCsv((await readFile(file.path, 'utf8')).slice(1).trimEnd());
    expect(rows.length).toBeGreaterThan(1);
    expect(rows.slice(1).every((row) => row[0] === mine.name)).toBe(true);

    // An export the staff made of another client is not theirs: not listed, and a 404 (never a 403).
    const staffs = await callApi<{ id: string }>(request, staff, '/platform/wealth/export-generate', {
      type: 'positions',
      format: 'csv',
      client_ids: [other.id],
      entity_ids: other.entities,
      language: 'es',
    });
    const status = await request.post('/platform/wealth/export-status', {
      headers: { authorization: `Bearer ${portal}` },
      data: { export_id: staffs.id },
    });
    expect(status.status()).toBe(404);
    const listed = await callApi<{ id: string }[]>(request, portal, '/platform/wealth/export-list');
    expect(listed.map((item) => item.id)).not.toContain(staffs.id);
    expect(listed.length).toBeGreaterThan(0);
  });
});

test.describe('select-all', () => {
  test('the header checkbox chooses every client of the list, all pages, less the unticked', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const token = await signInByApi(request, DEMO_USERS.wealth);
    const everyone = await callApi<Client[]>(request, token, '/platform/wealth/client-list', {
      sort: 'name',
    });
    expect(everyone.length).toBeGreaterThan(10);
    const [first] = everyone;
    if (!first) throw new Error('no demo client');

    await page.goto('/es/wealth/export');
    await page.getByRole('radio', { name: /Posiciones/ }).check();
    await expect(page.getByTestId('export-csv-dialect')).toHaveText(
      'CSV para Excel en español: columnas separadas por «;», «,» como separador decimal, fechas dd/mm/aaaa, UTF-8 con BOM',
    );
    await page.getByRole('button', { name: 'Siguiente', exact: true }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Clientes' })).toBeVisible();

    // The list's own count: specs running beside this one add clients to the shared demo company.
    const all = page.getByRole('checkbox', { name: /^Elegir todos los clientes de la lista \(\d+\)$/ });
    const label = (await all.getAttribute('aria-label')) ?? '';
    const total = Number(/\((\d+)\)$/.exec(label)?.[1]);
    expect(total).toBeGreaterThan(10);
    await all.check();
    await expect(page.getByTestId('export-chosen-count')).toHaveText(
      `Elegidos todos los clientes (${total})`,
    );
    // Every page, not only the one on screen.
    await page.getByRole('button', { name: 'Página siguiente' }).click();
    const onSecondPage = everyone[10];
    if (!onSecondPage) throw new Error('no second page');
    await expect(page.getByRole('checkbox', { name: `Elegir a ${onSecondPage.name}` })).toBeChecked();
    await page.getByRole('button', { name: 'Página anterior' }).click();
    // Unticking one leaves it out, and it can be put back from its pill.
    await page.getByRole('checkbox', { name: `Elegir a ${first.name}` }).uncheck();
    await expect(page.getByTestId('export-chosen-count')).toHaveText(
      `Elegidos todos los clientes (${total - 1})`,
    );
    await expect(page.getByRole('button', { name: `Volver a elegir a ${first.name}` })).toBeVisible();
    await page.screenshot({
      path: `.artifacts/select-all-${process.env.E2E_PORT ?? 3210}.png`,
      fullPage: true,
    });
    await page.getByRole('button', { name: 'Siguiente', exact: true }).click();

    // Every listed entity is offered, ticked.
    await expect(page.getByRole('checkbox', { name: 'Todas las entidades' })).toBeChecked();
    await page.getByRole('button', { name: 'Siguiente', exact: true }).click();
    await expect(page.getByText(`Todos los clientes (${total - 1})`)).toBeVisible();
    const file = await generateAndDownload(page, 'Generar fichero');
    // Resolved on the server when the export is made: a client another spec added meanwhile counts too.
    const counted = Number(/^posiciones_(\d+)-clientes_/.exec(file.name)?.[1]);
    expect(counted).toBeGreaterThanOrEqual(total - 1);
    const rows = parseCsv((await readFile(file.path, 'utf8')).slice(1).trimEnd());
    const names = new Set(rows.slice(1).map((row) => row[0]));
    expect(names.has(first.name)).toBe(false);
    // Clients past the first page of the picker are in the file.
    expect(names.has(onSecondPage.name) || names.size > 10).toBe(true);
  });

  test('a search chooses its matches; a client without entities does not block the step', async ({
    page,
    request,
  }) => {
    const token = await signInByApi(request, DEMO_USERS.wealth);
    const tag = `Zeta${Date.now().toString(36)}`;
    const bare = await callApi<Client>(request, token, '/platform/wealth/client-create', {
      name: `${tag} Sin Entidades`,
      alias: `${tag}-a`,
      entities: [],
    });
    const [withBook] = await clientsWithMovements(request, token, 1);
    if (!withBook) throw new Error('no demo client');

    await page.goto('/es/wealth/export');
    await page.getByRole('radio', { name: /Posiciones/ }).check();
    await page.getByRole('button', { name: 'Siguiente', exact: true }).click();
    await pickClient(page, withBook);
    await pickClient(page, bare);
    await page.getByRole('button', { name: 'Siguiente', exact: true }).click();
    await expect(page.getByRole('checkbox', { name: 'Todas las entidades' })).toBeChecked();
    await expect(page.getByTestId('export-clients-no-entity')).toContainText(bare.name);
    await page.getByRole('button', { name: 'Siguiente', exact: true }).click();
    await expect(page.getByText('Los clientes elegidos necesitan entidades')).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 2, name: 'Exportar' })).toBeVisible();

    // Back to the clients: a search, then the header checkbox takes its matches only.
    await page.getByRole('button', { name: 'Atrás', exact: true }).click();
    await page.getByRole('button', { name: 'Atrás', exact: true }).click();
    await page.getByRole('button', { name: 'Quitar todos' }).click();
    await page.getByRole('searchbox', { name: 'Buscar clientes' }).fill(tag);
    await page.getByRole('checkbox', { name: 'Elegir todos los clientes de la lista (1)' }).check();
    await expect(page.getByTestId('export-chosen-count')).toHaveText(
      `Elegidos todos los clientes que coinciden con «${tag}» (1)`,
    );
    // A new search is a new list: "all" is undone.
    await page.getByRole('searchbox', { name: 'Buscar clientes' }).fill(`${tag}x`);
    await expect(page.getByTestId('export-chosen-count')).toHaveText('Clientes elegidos: 0');
  });
});
