import type { Page } from '@playwright/test';
import { DEMO_USERS } from '../fixtures/demo';
import { expect, test } from '../fixtures/signed-in';

type Lang = 'es' | 'en';

const TEXT = {
  es: {
    newApplication: 'Nueva aplicación',
    name: 'Nombre',
    create: 'Crear aplicación',
    created: (name: string) => `Aplicación «${name}» creada`,
    secretTitle: 'Copia el client secret ahora',
    copySecret: 'Copiar el client secret',
    copied: 'Copiado al portapapeles',
    done: 'He copiado el secret',
    duplicated: 'Ya existe una aplicación con este nombre',
    deleteOf: (name: string) => `Eliminar la aplicación ${name}`,
    confirmDelete: 'Eliminar',
    deleted: (name: string) => `Aplicación «${name}» eliminada`,
    reference: 'Referencia de la API',
  },
  en: {
    newApplication: 'New application',
    name: 'Name',
    create: 'Create application',
    created: (name: string) => `Application “${name}” created`,
    secretTitle: 'Copy the client secret now',
    copySecret: 'Copy the client secret',
    copied: 'Copied to the clipboard',
    done: "I've copied the secret",
    duplicated: 'An application with this name already exists',
    deleteOf: (name: string) => `Delete the application ${name}`,
    confirmDelete: 'Delete',
    deleted: (name: string) => `Application “${name}” deleted`,
    reference: 'API reference',
  },
} as const;

async function createApplication(page: Page, lang: Lang, name: string) {
  const t = TEXT[lang];
  await page.getByRole('button', { name: t.newApplication }).first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(new RegExp(`^${t.name}`)).fill(name);
  await dialog.getByRole('button', { name: t.create }).click();
  return dialog;
}

function requestToken(page: Page, clientId: string, secret: string) {
  return page.request.post('/api/v1/oauth/token', {
    form: { grant_type: 'client_credentials' },
    headers: { authorization: `Basic ${Buffer.from(`${clientId}:${secret}`).toString('base64')}` },
  });
}

test.use({ signedInAs: DEMO_USERS.wealth });

for (const lang of ['es', 'en'] as const) {
  test(`applications (${lang}): create and copy the secret once, refuse a duplicate, delete`, async ({
    page,
    context,
  }) => {
    test.setTimeout(90_000);
    const t = TEXT[lang];
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const name = `E2E ${lang} ${Date.now().toString(36)}`;
    await page.goto(`/${lang}/applications`);

    const dialog = await createApplication(page, lang, name);
    await expect(dialog.getByRole('heading', { name: t.secretTitle })).toBeVisible();
    await expect(page.getByText(t.created(name))).toBeVisible();
    const secret = await dialog.getByRole('textbox', { name: 'Client secret' }).inputValue();
    const clientId = await dialog.getByRole('textbox', { name: 'Client ID' }).inputValue();
    expect(secret).toMatch(/^caudal_sk_[A-Za-z0-9_-]{43}$/);
    await dialog.getByRole('button', { name: t.copySecret }).click();
    await expect(dialog.getByText(t.copied).first()).toBeAttached();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    // The dialog cannot be dismissed by accident while it holds the secret.
    await page.keyboard.press('Escape');
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: t.done }).click();
    await expect(dialog).toBeHidden();

    const row = page.getByRole('row').filter({ hasText: name });
    await expect(row).toContainText(clientId);
    // The secret works at the token endpoint...
    expect((await requestToken(page, clientId, secret)).status()).toBe(200);
    // ...and is gone from the portal for good.
    await page.reload();
    await expect(page.getByRole('row').filter({ hasText: name })).toBeVisible();
    expect(await page.content()).not.toContain(secret);

    // The spec's text for a duplicated name (any case).
    const again = await createApplication(page, lang, name.toUpperCase());
    await expect(again.getByText(t.duplicated)).toBeVisible();
    await again.getByRole('button', { name: lang === 'es' ? 'Cancelar' : 'Cancel' }).click();

    await page.getByRole('button', { name: t.deleteOf(name) }).click();
    await page.getByRole('dialog').getByRole('button', { name: t.confirmDelete }).click();
    await expect(page.getByText(t.deleted(name))).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: name })).toHaveCount(0);
    expect((await requestToken(page, clientId, secret)).status()).toBe(401);
  });
}

test.describe('applications of the apps company', () => {
  test.use({ signedInAs: DEMO_USERS.apps });

  test('applications: the API reference page renders the OpenAPI description from our own origin', async ({
    page,
    context,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const origin = new URL(baseURL ?? '').origin;
    const foreign: string[] = [];
    const problems: string[] = [];
    context.on('request', (request) => {
      const url = request.url();
      if (!url.startsWith(`${origin}/`) && !url.startsWith('data:')) foreign.push(url);
    });
    // A CSP refusal shows as a console error on the reference page.
    context.on('console', (message) => {
      if (message.type() === 'error' && message.page()?.url().includes('/api/v1/docs')) {
        problems.push(message.text());
      }
    });
    await page.goto('/es/applications');
    const popup = page.waitForEvent('popup');
    await page.getByRole('link', { name: TEXT.es.reference }).click();
    const reference = await popup;
    // Swagger UI renders the whole document in the browser: allow it time on two busy cores.
    await expect(reference.getByText('Caudal data API').first()).toBeVisible({ timeout: 30_000 });
    await expect(reference.getByText('/api/v1/oauth/token')).toBeVisible();
    await expect(reference.getByText('/api/v1/clients', { exact: true })).toBeVisible();
    expect(problems).toEqual([]);
    expect(foreign).toEqual([]);
  });
});

test('an application that does not exist is said not to, with the way back (not an unexpected error)', async ({
  page,
}) => {
  await page.goto('/es/applications/caudal_ci_no_existe/webhooks');
  await expect(page.getByRole('heading', { name: 'Aplicación no encontrada' })).toBeVisible();
  await expect(page.getByText('Esta aplicación no existe o ya no está disponible')).toBeVisible();
  await expect(page.getByText('Ha ocurrido un error inesperado')).toHaveCount(0);
  await page.getByRole('link', { name: 'Volver a aplicaciones' }).click();
  await expect(page).toHaveURL(/\/es\/applications$/);
});
