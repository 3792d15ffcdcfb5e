import { callApi, signInByApi } from '../fixtures/api';
import { DEMO_USERS } from '../fixtures/demo';
import { linkMailedTo } from '../fixtures/mail';
import { expect, test } from '../fixtures/signed-in';

interface Credential {
  credentials_token: string;
  bank: string;
  consent_days_left: number;
  consent_state: 'valid' | 'expiring' | 'expired';
}

/** The identity table shows tokens shortened to their first 8 and last 4 characters. */
const shortToken = (token: string) => `${token.slice(0, 8)}…${token.slice(-4)}`;

test.describe('consent renewal', () => {
  test.use({ signedInAs: DEMO_USERS.wealth });

  test('staff mail a renewal link, the holder renews on the hosted page, and the days left start again', async ({
    page,
    browser,
    request,
  }) => {
    // A demo consent that ends within 14 days (the demo book spreads them over each validity).
    const apiToken = await signInByApi(request, DEMO_USERS.wealth);
    const expiring = await callApi<Credential[]>(
      request,
      apiToken,
      '/platform/wealth/get-credentials-information',
      {
        consent: 'expiring',
      },
    );
    // Several specs run in turn on one server: take one no other test renews (the last, by end date).
    const credential = expiring.at(-1);
    if (!credential) throw new Error('the demo book has no consent ending within 14 days');
    expect(credential.consent_days_left).toBeLessThanOrEqual(14);

    // The consent filter lists it.
    await page.goto('/es/wealth/connections?consent=expiring');
    const list = page.getByRole('table', { name: 'Consentimientos que caducan o han caducado' });
    await expect(list.getByText(shortToken(credential.credentials_token))).toBeVisible();

    // From the credential on its institution's page: the row's menu, then the renewal dialog.
    await page.goto(`/es/wealth/connections/${credential.bank}`);
    const table = page.getByRole('table', { name: 'Identidad de las credenciales' });
    const row = table
      .getByRole('row')
      .filter({ hasText: shortToken(credential.credentials_token) })
      .first();
    await expect(row.getByText(/Quedan? \d+ días?/)).toBeVisible();
    await row.getByRole('button', { name: /Acciones de la credencial/ }).click();
    await page.getByRole('menuitem', { name: 'Enviar enlace de renovación' }).click();
    const dialog = page.getByRole('dialog', { name: 'Renovar el consentimiento' });
    const email = dialog.getByLabel(/Correo del titular/);
    // Prefilled from the credential's identity; staff may change it (a unique address for this run).
    await expect(email).not.toHaveValue('');
    const address = `renewal-${Date.now()}@example.com`;
    await email.fill(address);
    await dialog.getByRole('button', { name: 'Enviar por correo' }).click();
    await expect(page.getByText(`Enlace de renovación enviado a ${address}`)).toBeVisible();

    // The holder opens the mailed link in a browser of their own and enters the bank's code.
    const url = await linkMailedTo(address, /https?:\/\/\S+\/es\/connect\/[A-Za-z0-9_-]+/);
    const holder = await browser.newContext({ storageState: { cookies: [], origins: [] } });
    const hosted = await holder.newPage();
    await hosted.goto(new URL(url).pathname);
    await expect(hosted.getByRole('heading', { name: 'Renueva tu autorización' })).toBeVisible();
    await hosted.getByLabel(/^Código de verificación/).fill('123456');
    await hosted.getByRole('button', { name: 'Renovar', exact: true }).click();
    await expect(hosted).toHaveURL(/\/es\/connect\/done$/);
    // Single use: the same link is dead now.
    await hosted.goto(new URL(url).pathname);
    await expect(hosted.getByRole('heading', { name: 'Renueva tu autorización' })).toHaveCount(0);
    await holder.close();

    // Staff see the consent's days left start again, with the same credentials token.
    await page.reload();
    const renewed = table
      .getByRole('row')
      .filter({ hasText: shortToken(credential.credentials_token) })
      .first();
    await expect(renewed.getByText(/Quedan (90|180) días/)).toBeVisible();
    const after = await callApi<Credential[]>(
      request,
      apiToken,
      '/platform/wealth/get-credentials-information',
      {
        bank: credential.bank,
      },
    );
    const same = after.find((item) => item.credentials_token === credential.credentials_token);
    expect(same?.consent_state).toBe('valid');
    expect([90, 180]).toContain(same?.consent_days_left);
  });
});
