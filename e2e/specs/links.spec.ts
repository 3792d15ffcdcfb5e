import { type Browser, devices, type Page } from '@playwright/test';
import { callApi, signInByApi } from '../fixtures/api';
import { pickInstitution, submitCredentials, submitScaCode } from '../fixtures/connect';
import { DEMO_USERS } from '../fixtures/demo';
import { expect, NO_SESSION, test } from '../fixtures/signed-in';

type Lang = 'es' | 'en';

const TEXT = {
  es: {
    newLink: 'Nuevo Link',
    name: 'Nombre',
    create: 'Crear Link',
    created: (name: string) => `Link «${name}» creado`,
    actions: (name: string) => `Acciones de ${name}`,
    pause: 'Pausar',
    resume: 'Reanudar',
    delete: 'Eliminar',
    deleteConfirm: 'Eliminar',
    deleted: (name: string) => `Link «${name}» eliminado`,
    paused: 'Este Link está en pausa',
    gone: 'Este Link no existe',
    success: 'Credencial añadida con éxito!',
    invalid: 'Código inválido',
    identity: 'Identidad de las credenciales',
    browserLocale: 'es-ES',
  },
  en: {
    newLink: 'New Link',
    name: 'Name',
    create: 'Create Link',
    created: (name: string) => `Link “${name}” created`,
    actions: (name: string) => `Actions for ${name}`,
    pause: 'Pause',
    resume: 'Resume',
    delete: 'Delete',
    deleteConfirm: 'Delete',
    deleted: (name: string) => `Link “${name}” deleted`,
    paused: 'This Link is paused',
    gone: 'This Link does not exist',
    success: 'Credential added successfully!',
    invalid: 'Invalid code',
    identity: 'Credentials identity',
    browserLocale: 'en-GB',
  },
} as const;

/** The identity table shows tokens shortened to their first 8 and last 4 characters. */
const shortToken = (token: string) => `${token.slice(0, 8)}…${token.slice(-4)}`;

interface Link {
  name: string;
  token: string;
  url: string;
  pending_code_count: number;
  active: boolean;
}

/** The end customer: a fresh browser (no staff session) on a phone, in the language of the Link's test. */
async function openVisitor(browser: Browser, lang: Lang, baseURL: string) {
  const context = await browser.newContext({
    ...devices['Pixel 7'],
    viewport: { width: 390, height: 844 },
    locale: TEXT[lang].browserLocale,
    baseURL,
    storageState: NO_SESSION,
  });
  return context.newPage();
}

async function rowOf(page: Page, name: string) {
  return page.getByRole('table').getByRole('row').filter({ hasText: name });
}

async function chooseAction(page: Page, lang: Lang, name: string, action: string) {
  await page.getByRole('button', { name: TEXT[lang].actions(name) }).click();
  await page.getByRole('menuitem', { name: new RegExp(`^${action}`) }).click();
}

const CASES = [
  {
    lang: 'es' as const,
    entity: 'Cajamar',
    bank: 'cajamar',
    sandbox: { username: 'demo-ok', password: 'demo' },
  },
  {
    lang: 'en' as const,
    // Not EVO: the connections spec counts EVO's credentials while this one runs beside it.
    entity: 'Bankinter',
    bank: 'bankinter',
    sandbox: { username: 'demo-sca', password: 'demo' },
  },
];

test.use({ signedInAs: DEMO_USERS.wealth });

for (const { lang, entity, bank, sandbox } of CASES) {
  test(`links (${lang}): a customer connects through a Link, the company exchanges the code, pause blocks the page`, async ({
    page,
    browser,
    request,
    baseURL,
  }) => {
    // One journey across two browsers; the shared machine can be slow.
    test.setTimeout(180_000);
    const t = TEXT[lang];
    const name = `E2E ${lang} ${Date.now().toString(36)}`;
    await page.goto(`/${lang}/links`);
    await page.getByRole('button', { name: t.newLink }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(new RegExp(`^${t.name}`)).fill(name);
    await dialog.getByRole('button', { name: t.create }).click();
    await expect(page.getByText(t.created(name))).toBeVisible();
    await expect(await rowOf(page, name)).toBeVisible();

    const staffToken = await signInByApi(request, DEMO_USERS.wealth);
    const [link] = await callApi<Link[]>(request, staffToken, '/platform/links/list-links', { search: name });
    expect(link?.url).toBe(`${baseURL}/link/${link?.token}`);
    if (!link) return;

    // The end customer opens the Link's language-neutral URL and gets their browser's language; the
    // integrator's `state` stays in the address and comes back beside the code.
    const state = `e2e-${lang}.${Date.now().toString(36)}`;
    const visitor = await openVisitor(browser, lang, baseURL ?? '');
    await visitor.goto(`${new URL(link.url).pathname}?state=${state}`);
    await expect(visitor).toHaveURL(new RegExp(`/${lang}/link/${link.token}\\?state=${state}$`));
    await expect(visitor.getByText('Demo Wealth').first()).toBeVisible();
    await pickInstitution(visitor, lang, entity);
    await submitCredentials(visitor, lang, sandbox);
    if (sandbox.username === 'demo-sca') await submitScaCode(visitor, lang, '123456');
    await expect(visitor).toHaveURL(new RegExp(`/${lang}/link-callback\\?code=`));
    await expect(visitor.getByRole('heading', { name: t.success })).toBeVisible();
    const callbackUrl = visitor.url();
    const code = new URL(callbackUrl).searchParams.get('code') ?? '';
    expect(code.length).toBeGreaterThanOrEqual(43);
    expect(new URL(callbackUrl).searchParams.get('state')).toBe(state);

    // Pending: counted, and the Link cannot be deleted until the code is exchanged.
    await page.reload();
    await expect((await rowOf(page, name)).getByRole('cell').nth(3)).toHaveText('1');
    await page.getByRole('button', { name: t.actions(name) }).click();
    await expect(page.getByRole('menuitem', { name: new RegExp(`^${t.delete}`) })).toBeDisabled();
    await page.keyboard.press('Escape');

    // The company exchanges the code (staff session) and sees the new credential in connections.
    const exchanged = await callApi<{ credentials_token: string; bank: string }>(
      request,
      staffToken,
      '/platform/links/exchange-code',
      { code },
    );
    expect(exchanged.bank).toBe(bank);
    await page.goto(`/${lang}/wealth/connections/${bank}`);
    await expect(
      page
        .getByRole('table', { name: t.identity })
        .getByRole('row')
        .filter({ hasText: shortToken(exchanged.credentials_token) })
        .first(),
    ).toBeVisible();

    // Pause: the public page is blocked; resume: it works again.
    await page.goto(`/${lang}/links`);
    await chooseAction(page, lang, name, t.pause);
    await expect((await rowOf(page, name)).getByText(lang === 'es' ? 'En pausa' : 'Paused')).toBeVisible();
    await visitor.goto(`/${lang}/link/${link.token}`);
    await expect(visitor.getByRole('heading', { name: t.paused })).toBeVisible();
    await chooseAction(page, lang, name, t.resume);
    await expect((await rowOf(page, name)).getByText(lang === 'es' ? 'Activo' : 'Active')).toBeVisible();
    await visitor.reload();
    await expect(visitor.getByRole('searchbox')).toBeVisible();

    // The code, once exchanged, is no longer valid for the landing page.
    await visitor.goto(callbackUrl);
    await expect(visitor.getByRole('heading', { name: t.invalid })).toBeVisible();

    // Nothing pending any more: delete, with confirmation; the URL is gone (404).
    await chooseAction(page, lang, name, t.delete);
    await page.getByRole('dialog').getByRole('button', { name: t.deleteConfirm }).click();
    await expect(page.getByText(t.deleted(name))).toBeVisible();
    const response = await visitor.goto(`/${lang}/link/${link.token}`);
    expect(response?.status()).toBe(404);
    await expect(visitor.getByRole('heading', { name: t.gone })).toBeVisible();
    await visitor.context().close();
  });
}

test('an edit from a stale form is refused with a warning, and a second save replaces the colleague’s', async ({
  page,
  request,
}) => {
  const token = await signInByApi(request, DEMO_USERS.wealth);
  const name = `E2E conflicto ${Date.now().toString(36)}`;
  const link = await callApi<Link>(request, token, '/platform/links/create-link', { name });
  await page.goto('/es/links');
  await chooseAction(page, 'es', name, 'Editar');
  const dialog = page.getByRole('dialog', { name: 'Editar Link' });
  await dialog.getByLabel(/^Nombre/).fill(`${name} (otoño)`);
  // A colleague adds the terms while the form is open.
  await callApi(request, token, '/platform/links/edit-link', {
    token: link.token,
    name,
    terms_and_conditions_url: 'https://example.com/terminos',
  });
  await dialog.getByRole('button', { name: 'Guardar cambios' }).click();
  await expect(
    dialog.getByRole('alert').filter({ hasText: 'Otra persona ha cambiado este Link' }),
  ).toBeVisible();
  await expect(dialog.getByLabel(/^Nombre/)).toHaveValue(`${name} (otoño)`);
  // Warned, the user saves again: the form replaces the colleague's change.
  await dialog.getByRole('button', { name: 'Guardar cambios' }).click();
  await expect(dialog).toHaveCount(0);
  const [stored] = await callApi<(Link & { terms_and_conditions_url: string | null })[]>(
    request,
    token,
    '/platform/links/list-links',
    { search: `${name} (otoño)` },
  );
  expect(stored).toMatchObject({ name: `${name} (otoño)`, terms_and_conditions_url: null });
});
