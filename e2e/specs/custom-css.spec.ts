import type { Page } from '@playwright/test';
import { callApi, signInByApi } from '../fixtures/api';
import { DEMO_USERS } from '../fixtures/demo';
import { expect, test } from '../fixtures/signed-in';

/** A light colour, so the accessibility sweep of the hosted page (same server) is never hurt by it. */
const BRAND_BACKGROUND = 'rgb(240, 248, 255)';
const CSS = [
  `body { background-color: ${BRAND_BACKGROUND} !important; }`,
  '@import url("https://evil.example/x.css");',
  '.mantine-Paper-root { background-image: url(https://evil.example/p.png); }',
  '',
].join('\n');

/** The first look at a page waits longer: the e2e server shares two busy cores with its browser. */
const FIRST_LOAD = { timeout: 30_000 };

async function replaceEditorText(page: Page, text: string) {
  const editor = page.getByRole('textbox', { name: /CSS personalizado|Custom CSS/ });
  await expect(editor).toBeVisible(FIRST_LOAD);
  await editor.click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('Delete');
  await page.keyboard.insertText(text);
}

test.describe.configure({ mode: 'serial', timeout: 60_000 });

test.describe('custom CSS', () => {
  test.use({ signedInAs: DEMO_USERS.wealth });

  test.afterAll(async ({ request }) => {
    // Leave the demo as it was: other specs on this server open the hosted pages too.
    const token = await signInByApi(request, DEMO_USERS.wealth);
    await callApi(request, token, '/platform/custom-css/set-custom-css', { file: '' });
  });

  test('saved CSS reaches the hosted connect page; @import and off-site url() are stripped and reported', async ({
    page,
    request,
  }) => {
    await page.goto('/es/custom-css');
    await replaceEditorText(page, CSS);
    await expect(page.getByText('Cambios sin guardar')).toBeVisible();
    await page.getByRole('button', { name: 'Guardar' }).click();
    await expect(page.getByText('CSS guardado. Se han eliminado 2 reglas no permitidas')).toBeVisible();

    const report = page.getByRole('list', { name: 'Eliminado de las páginas públicas' });
    await expect(report.getByRole('listitem')).toHaveCount(2);
    await expect(report.getByRole('listitem').nth(0)).toContainText('@import no está permitido');
    await expect(report.getByRole('listitem').nth(0)).toContainText('Línea 2, columna 1');
    await expect(report.getByRole('listitem').nth(1)).toContainText(
      'Solo se permiten imágenes y fuentes data:',
    );
    await expect(report.getByRole('listitem').nth(1)).toContainText('Línea 3, columna 23');
    // The marks sit in the editor's gutter too.
    await expect(page.locator('.cm-lint-marker-warning')).toHaveCount(2);

    // After a reload the editor shows the CSS as written, and the report again, in English too.
    await page.goto('/en/custom-css');
    await expect(page.getByRole('textbox', { name: 'Custom CSS' })).toContainText('@import url', FIRST_LOAD);
    await expect(
      page.getByRole('list', { name: 'Removed from the public pages' }).getByRole('listitem'),
    ).toHaveCount(2);
    await expect(page.getByText('@import is not allowed: it would load another stylesheet')).toBeVisible();

    // The hosted connect page wears it, without the stripped parts, and loads nothing off-site.
    const token = await signInByApi(request, DEMO_USERS.wealth);
    const link = await callApi<{ url: string }>(request, token, '/platform/wealth/create-connect-link', {
      redirect_uri: '/es/wealth/connections',
      language: 'es',
    });
    const offSite: string[] = [];
    const visitor = await page.context().browser()?.newPage();
    if (!visitor) throw new Error('no browser');
    visitor.on('request', (req) => {
      if (!req.url().startsWith(new URL(link.url).origin)) offSite.push(req.url());
    });
    await visitor.goto(link.url);
    await expect(visitor.getByRole('searchbox')).toBeVisible(FIRST_LOAD);
    const style = visitor.locator('style[data-caudal-custom-css]');
    await expect(style).toHaveCount(1);
    const injected = (await style.textContent()) ?? '';
    expect(injected).toContain('background-color');
    expect(injected).not.toContain('@import');
    expect(injected).not.toContain('evil.example');
    expect(await visitor.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe(
      BRAND_BACKGROUND,
    );
    expect(offSite).toEqual([]);
    await visitor.close();
  });

  test('a save that fails says so with the spec text', async ({ page }) => {
    await page.goto('/es/custom-css');
    await page.route('**/platform/custom-css/set-custom-css', (route) =>
      route.fulfill({ status: 500, json: { error: { code: 'UnexpectedError', message: 'boom' } } }),
    );
    await replaceEditorText(page, 'a { color: red }');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await expect(page.getByText('Ha habido un error actualizando el CSS')).toBeVisible();
  });
});
