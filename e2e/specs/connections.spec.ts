import { callApi, signInByApi } from '../fixtures/api';
import {
  expectBackOnConnections,
  pickInstitution,
  submitCredentials,
  submitScaCode,
} from '../fixtures/connect';
import { DEMO_USERS } from '../fixtures/demo';
import { expect, NO_SESSION, test } from '../fixtures/signed-in';

interface Credential {
  credentials_token: string;
  bank: string;
  status: { blocked: boolean; error: string | null; sca_token: string | null };
}

const SANDBOX = {
  success: { username: 'demo-ok', password: 'demo' },
  sca: { username: 'demo-sca', password: 'demo', code: '123456' },
  wrong: { username: 'demo-ok', password: 'not-the-password' },
};

/** The identity table shows tokens shortened to their first 8 and last 4 characters. */
const shortToken = (token: string) => `${token.slice(0, 8)}…${token.slice(-4)}`;

async function listCredentials(request: Parameters<typeof signInByApi>[0], bank?: string) {
  const token = await signInByApi(request, DEMO_USERS.wealth);
  return callApi<Credential[]>(
    request,
    token,
    '/platform/wealth/get-credentials-information',
    bank ? { bank } : {},
  );
}

test.describe('connections', () => {
  test.use({ signedInAs: DEMO_USERS.wealth });

  test('connect a sandbox bank from the new connection dialog and see its identity and products, then delete it', async ({
    page,
    request,
  }) => {
    const before = await listCredentials(request, 'cajamar');
    await page.goto('/es/wealth/connections');
    await page.getByRole('button', { name: 'Nueva conexión' }).first().click();
    await page.getByRole('dialog').getByRole('button', { name: 'Conectar', exact: true }).click();

    await expect(page).toHaveURL(/\/es\/connect\//);
    await pickInstitution(page, 'es', 'Cajamar');
    await submitCredentials(page, 'es', SANDBOX.success);
    await expectBackOnConnections(page, 'es');
    await expect(page.getByText('Credencial conectada')).toBeVisible();
    await expect(page).not.toHaveURL(/fromlink/);

    const after = await listCredentials(request, 'cajamar');
    const created = after.find((c) => !before.some((b) => b.credentials_token === c.credentials_token));
    expect(created, 'a new Cajamar credential').toBeDefined();
    if (!created) return;

    await page
      .getByRole('table', { name: 'Entidades con credenciales' })
      .getByRole('link', { name: 'Cajamar' })
      .click();
    await expect(page).toHaveURL(/\/es\/wealth\/connections\/cajamar$/);
    const identity = page.getByRole('table', { name: 'Identidad de las credenciales' });
    const row = identity
      .getByRole('row')
      .filter({ hasText: shortToken(created.credentials_token) })
      .first();
    await expect(row).toBeVisible();
    await row.click();
    const products = page.getByRole('table', { name: 'Productos de la credencial' });
    await expect(products.getByRole('row').nth(1)).toBeVisible();

    // Delete it, with confirmation.
    await page
      .getByRole('button', { name: `Acciones de la credencial ${shortToken(created.credentials_token)}` })
      .first()
      .click();
    await page.getByRole('menuitem', { name: 'Eliminar' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Eliminar credencial' }).click();
    await expect(page.getByText('Credencial eliminada')).toBeVisible();
    await expect(identity.getByText(shortToken(created.credentials_token))).toHaveCount(0);
    const remaining = await listCredentials(request, 'cajamar');
    expect(remaining.some((c) => c.credentials_token === created.credentials_token)).toBe(false);
  });

  test('connect with SCA credentials and enter the code', async ({ page, request }) => {
    const before = await listCredentials(request, 'evo');
    await page.goto('/en/wealth/connections');
    await page.getByRole('button', { name: 'New connection' }).first().click();
    await page.getByRole('dialog').getByRole('button', { name: 'Connect', exact: true }).click();

    await pickInstitution(page, 'en', 'EVO Banco');
    await submitCredentials(page, 'en', SANDBOX.sca);
    await submitScaCode(page, 'en', '000000');
    await expect(page.getByRole('alert')).toContainText('The verification code is not correct');
    await submitScaCode(page, 'en', SANDBOX.sca.code);
    await expectBackOnConnections(page, 'en');
    await expect(page.getByText('Credential connected')).toBeVisible();

    const after = await listCredentials(request, 'evo');
    expect(after.length).toBe(before.length + 1);
  });

  test('a credential with a wrong password is fixed through reset, keeping its token', async ({
    page,
    request,
  }) => {
    const all = await listCredentials(request);
    const broken = all.find((c) => c.status.error === 'invalid_access');
    expect(broken, 'the demo has an invalid-access credential').toBeDefined();
    if (!broken) return;

    await page.goto(`/es/wealth/connections/${broken.bank}`);
    await page
      .getByRole('button', { name: `Acciones de la credencial ${shortToken(broken.credentials_token)}` })
      .first()
      .click();
    await page.getByRole('menuitem', { name: 'Restablecer credenciales' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Abrir página de restablecimiento' }).click();

    // Reset mode: the institution is fixed; a wrong password is refused and the visitor can retry.
    // The link is created first (a call the one embedded connection may queue behind other specs').
    await expect(page).toHaveURL(/\/es\/connect\//, { timeout: 30_000 });
    await submitCredentials(page, 'es', SANDBOX.wrong, 'reset');
    await expect(page.getByRole('alert')).toContainText('El usuario o la contraseña no son correctos');
    await submitCredentials(page, 'es', SANDBOX.success, 'reset');
    await expectBackOnConnections(page, 'es');

    const fixed = (await listCredentials(request, broken.bank)).find(
      (c) => c.credentials_token === broken.credentials_token,
    );
    expect(fixed?.status).toMatchObject({ blocked: false, error: null });
  });

  test('a generated link is completed by a third party in a fresh browser', async ({
    page,
    browser,
    request,
  }) => {
    const before = await listCredentials(request, 'selfbank');
    await page.goto('/es/wealth/connections');
    await page.getByRole('button', { name: 'Nueva conexión' }).first().click();
    await page.getByRole('dialog').getByRole('button', { name: 'Generar enlace' }).click();
    const link = await page.getByRole('textbox', { name: 'Enlace de conexión' }).inputValue();
    expect(link).toMatch(/\/es\/connect\/[\w-]{20,}$/);

    // A stranger with no session, cookies or storage of ours.
    const stranger = await browser.newContext({ locale: 'es-ES', storageState: NO_SESSION });
    const third = await stranger.newPage();
    await third.goto(link);
    await pickInstitution(third, 'es', 'Self Bank');
    await submitCredentials(third, 'es', { username: 'tercero-e2e', password: 'demo' });
    // No staff session here: the holder's own confirmation page, not the staff login (issue 9 item 7).
    await expect(third).toHaveURL(/\/es\/connect\/done$/);
    await expect(third.getByRole('heading', { name: 'Conexión completada' })).toBeVisible();

    // The link is single-use.
    await third.goto(link);
    await expect(third.getByRole('alert')).toContainText('no es válido');
    await stranger.close();

    const after = await listCredentials(request, 'selfbank');
    expect(after.length).toBe(before.length + 1);
    await page.reload();
    await expect(
      page
        .getByRole('table', { name: 'Entidades con credenciales' })
        .getByRole('link', { name: 'Self Bank' }),
    ).toBeVisible();
  });

  test('the institution page searches, sorts and pages on the server, and back and forward keep it', async ({
    page,
    request,
  }) => {
    // The demo's busiest institution: the page with the most to search through.
    const all = await listCredentials(request);
    const counts = new Map<string, number>();
    for (const credential of all) counts.set(credential.bank, (counts.get(credential.bank) ?? 0) + 1);
    const [bank, total] = [...counts].sort((a, b) => b[1] - a[1])[0] ?? ['', 0];
    const target = all.find((credential) => credential.bank === bank);
    if (!target) throw new Error('the demo has credentials');

    await page.goto(`/es/wealth/connections/${bank}`);
    const identity = page.getByRole('table', { name: 'Identidad de las credenciales' });
    await expect(page.getByText(`${total} credencial`)).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Paginación de credenciales' })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Credenciales por página' })).toHaveValue('25');

    // Search by a piece of the token: only that credential's rows, and the address keeps the search.
    const search = page.getByRole('searchbox', { name: 'Buscar credenciales' });
    await search.fill(target.credentials_token.slice(0, 12));
    await expect(page).toHaveURL(new RegExp(`[?&]q=${target.credentials_token.slice(0, 12)}`));
    await expect(identity.getByText(shortToken(target.credentials_token)).first()).toBeVisible();
    await expect(page.getByText('Credenciales: 1')).toBeVisible();

    // A search that matches nothing says so and offers the way back.
    await search.fill('nadie-se-llama-asi');
    await expect(page.getByText('Ninguna credencial coincide con «nadie-se-llama-asi»')).toBeVisible();
    await page.getByRole('button', { name: 'Borrar búsqueda' }).last().click();
    await expect(page).toHaveURL(new RegExp(`/connections/${bank}$`));

    // Sorting by a column header, by keyboard: the header says how it sorts, the address keeps it.
    const consent = identity.getByRole('columnheader', { name: 'Consentimiento' });
    await consent.getByRole('button').focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/sort=consent&order=asc/);
    await expect(consent).toHaveAttribute('aria-sort', 'ascending');
    await expect(page.getByRole('combobox', { name: 'Ordenar' })).toHaveValue('consent:asc');
    // The sort picker does the same on any screen.
    // (Newest first is the default order: the address leaves it out.)
    await page.getByRole('combobox', { name: 'Ordenar' }).selectOption('last_update:desc');
    await expect(page).toHaveURL(/\?sort=last_update$/);
    await page.getByRole('combobox', { name: 'Credenciales por página' }).selectOption('50');
    await expect(page).toHaveURL(/size=50/);

    // Back and forward walk the list's states.
    await page.goBack();
    await expect(page).toHaveURL(/\?sort=last_update$/);
    await page.goBack();
    await expect(page).toHaveURL(/sort=consent&order=asc$/);
    await expect(consent).toHaveAttribute('aria-sort', 'ascending');
    await page.goForward();
    await expect(page.getByRole('combobox', { name: 'Ordenar' })).toHaveValue('last_update:desc');
  });
});
