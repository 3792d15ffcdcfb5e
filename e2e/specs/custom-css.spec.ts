import type { Page } from '@playwright/test';
import { callApi, signInByApi } from '../fixtures/api';
import {
  ALPHABET,
  attackCss,
  connectLink,
  downloadPathsPerCharacter,
  expectNoTokenSpent,
  expectOnlyThePagesOwnRequests,
  openHostedPage,
  recordRequests,
  typeOnHostedPage,
} from '../fixtures/css-side-channel';
import { DEMO_USERS } from '../fixtures/demo';
import { expect, test } from '../fixtures/signed-in';

/** A light colour, so the accessibility sweep of the hosted page (same server) is never hurt by it. */
const BRAND_BACKGROUND = 'rgb(240, 248, 255)';
/** Dark enough to keep the hosted page's text contrast. */
const BRAND_INK = 'rgb(11, 61, 46)';
const CSS = [
  `body { background-color: ${BRAND_BACKGROUND} !important; }`,
  '@import url("https://evil.example/x.css");',
  '.mantine-Paper-root { background-image: url(https://evil.example/p.png); }',
  // A stable hook (css-hooks.ts), and a plain element selector that the component library's classes
  // used to beat: both must show (the library's styles sit in a cascade layer).
  `.caudal-title { color: ${BRAND_INK}; }`,
  `input { border-color: ${BRAND_INK}; }`,
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

// One company's CSS is one shared setting: every test that saves or clears Demo Wealth's CSS is in this
// file, one after another, so no test finds the page wearing another test's CSS (or none, cleared).
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
    await expect(visitor.locator('.caudal-title')).toHaveCSS('color', BRAND_INK);
    await expect(visitor.getByRole('searchbox')).toHaveCSS('border-top-color', BRAND_INK);
    expect(offSite).toEqual([]);
    await visitor.close();
  });

  test('a save over a colleague’s is refused with a warning; the text stays, and a second save replaces theirs', async ({
    page,
    request,
  }) => {
    const mine = 'body { color: rgb(20, 30, 40); }';
    await page.goto('/es/custom-css');
    await replaceEditorText(page, mine);
    // A colleague saves their CSS while this editor is open.
    const token = await signInByApi(request, DEMO_USERS.wealth);
    const theirs = '.colega { color: rgb(200, 0, 0); }';
    await callApi(request, token, '/platform/custom-css/set-custom-css', {
      file: Buffer.from(theirs).toString('base64'),
    });
    await page.getByRole('button', { name: 'Guardar' }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'Otra persona ha guardado el CSS mientras lo editabas' }),
    ).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'CSS personalizado' })).toContainText(mine);
    await expect(page.getByText('Cambios sin guardar', { exact: true })).toBeVisible();
    let stored = await callApi<{ css: string }>(request, token, '/platform/custom-css/get-custom-css', {});
    expect(stored.css).toBe(theirs);

    await page.getByRole('button', { name: 'Guardar' }).click();
    await expect(page.getByText('CSS guardado', { exact: true })).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: 'Otra persona' })).toHaveCount(0);
    stored = await callApi<{ css: string }>(request, token, '/platform/custom-css/get-custom-css', {});
    expect(stored.css).toBe(mine);
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

test.describe('the custom-CSS side channel on the hosted connect page', () => {
  test.describe.configure({ timeout: 120_000 });
  test.afterAll(async ({ request }) => {
    // Leave the demo as it was: other specs on this server open the hosted pages too.
    const token = await signInByApi(request, DEMO_USERS.wealth);
    await callApi(request, token, '/platform/custom-css/set-custom-css', { file: '' });
  });

  test('saved CSS with a font per character: nothing leaves the page and no token is spent', async ({
    browser,
    request,
  }) => {
    const token = await signInByApi(request, DEMO_USERS.wealth);
    const paths = await downloadPathsPerCharacter(request, token);
    const saved = await callApi<{ removed: { reason: string }[] }>(
      request,
      token,
      '/platform/custom-css/set-custom-css',
      { file: Buffer.from(attackCss(paths), 'utf8').toString('base64') },
    );
    // Every font's URL and range, and the fields' selector, are reported removed.
    const reasons = saved.removed.map((removal) => removal.reason);
    expect(reasons.filter((reason) => reason === 'url')).toHaveLength(ALPHABET.length);
    expect(reasons).toContain('attribute_selector');

    const { url } = await connectLink(request, token);
    const visitor = await browser.newContext();
    const page = await visitor.newPage();
    const requests = recordRequests(page);
    await openHostedPage(page, url);
    await typeOnHostedPage(page);
    expect(requests.refusedByCsp.map((request) => request.url())).toEqual([]);
    const injected = (await page.locator('style[data-caudal-custom-css]').textContent()) ?? '';
    expect(injected).not.toMatch(/export-file|unicode-range|autocomplete/);
    expectOnlyThePagesOwnRequests(requests.sent, new URL(url).origin);
    await visitor.close();
    await expectNoTokenSpent(request, paths);
  });

  test('the same CSS put on the page by hand (as if the sanitiser missed it) loads nothing: the CSP', async ({
    browser,
    request,
  }) => {
    const token = await signInByApi(request, DEMO_USERS.wealth);
    const paths = await downloadPathsPerCharacter(request, token);
    const { url } = await connectLink(request, token);
    const visitor = await browser.newContext();
    const page = await visitor.newPage();
    const requests = recordRequests(page);
    await openHostedPage(page, url);
    await page.evaluate((css) => {
      const style = document.createElement('style');
      style.textContent = css;
      document.head.append(style);
    }, attackCss(paths));
    await typeOnHostedPage(page);
    expectOnlyThePagesOwnRequests(requests.sent, new URL(url).origin);
    // The probe is live: the typed characters' fonts were asked for, and the browser refused to send
    // them (font-src has no API path).
    const refused = requests.refusedByCsp.map((request) => new URL(request.url()).pathname);
    expect(refused.length).toBeGreaterThan(0);
    expect(refused.every((path) => path.includes('/export-file/'))).toBe(true);
    await visitor.close();
    await expectNoTokenSpent(request, paths);
  });
});
