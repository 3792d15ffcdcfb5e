import { type APIRequestContext, expect, type Page, type Request, test } from '@playwright/test';
import { callApi, signInByApi } from '../fixtures/api';
import { pickInstitution } from '../fixtures/connect';
import { DEMO_USERS } from '../fixtures/demo';

/**
 * Issue 21's probe, in Chromium: CSS with one @font-face per character, each with `unicode-range` set
 * to that character and `src` on a single-use download URL, worn by the hosted connect page's username,
 * password and one-time-code fields. Typing on the page must make no request beyond the page's own,
 * and spend no token: before the fix, the tokens spent spelled out the characters typed.
 */
const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789.-_@';
const TYPED = 'ana.garcia-7';
const FIELDS = '[autocomplete="username"], [autocomplete="current-password"], [autocomplete="one-time-code"]';
const FIRST_LOAD = { timeout: 30_000 };

interface Client {
  id: string;
  entities: string[];
}

/** A ready export of the demo tenant, and a fresh single-use download path per character. */
async function downloadPathsPerCharacter(request: APIRequestContext, token: string) {
  const clients = await callApi<Client[]>(request, token, '/platform/wealth/client-list', { sort: 'name' });
  const client = clients.find((candidate) => candidate.entities.length > 0);
  if (!client) throw new Error('no demo client with an institution');
  const { id } = await callApi<{ id: string }>(request, token, '/platform/wealth/export-generate', {
    type: 'positions',
    format: 'csv',
    client_ids: [client.id],
    entity_ids: client.entities,
    language: 'es',
  });
  await expect
    .poll(
      async () =>
        (
          await callApi<{ status: string }>(request, token, '/platform/wealth/export-status', {
            export_id: id,
          })
        ).status,
      { timeout: 45_000 },
    )
    .toBe('ready');
  const paths = new Map<string, string>();
  for (const char of ALPHABET) {
    const link = await callApi<{ path: string }>(request, token, '/platform/wealth/export-download-link', {
      export_id: id,
    });
    paths.set(char, link.path);
  }
  return paths;
}

/** The attack: a font per character, on the fields a visitor types into. */
function attackCss(paths: Map<string, string>): string {
  const fonts = [...paths].map(
    ([char, path]) =>
      `@font-face { font-family: Probe; src: url(${path}); unicode-range: U+${char.charCodeAt(0).toString(16).padStart(4, '0')}; }`,
  );
  return [...fonts, `${FIELDS} { font-family: Probe, sans-serif; }`].join('\n');
}

/**
 * Every request the visitor's page sent, from before it opens to the last key typed: those answered,
 * and those that failed for any reason but the browser's own refusal to send them (the CSP).
 */
function recordRequests(page: Page): { sent: Request[]; refusedByCsp: Request[] } {
  const sent: Request[] = [];
  const refusedByCsp: Request[] = [];
  page.on('requestfinished', (request) => sent.push(request));
  page.on('requestfailed', (request) => {
    const reason = request.failure()?.errorText ?? '';
    (/^csp$|BLOCKED_BY_CSP/i.test(reason) ? refusedByCsp : sent).push(request);
  });
  return { sent, refusedByCsp };
}

async function openHostedPage(page: Page, url: string) {
  await page.goto(new URL(url).pathname);
  await expect(page.getByRole('searchbox')).toBeVisible(FIRST_LOAD);
}

/** On the open hosted connect page: picks a bank and types into the credentials' fields. */
async function typeOnHostedPage(page: Page) {
  await pickInstitution(page, 'es', 'Unicaja Banco');
  const username = page.getByLabel(/^Usuario/);
  await expect(username).toBeVisible(FIRST_LOAD);
  await username.pressSequentially(TYPED, { delay: 30 });
  await page.getByLabel(/^Contraseña/).pressSequentially('s3cret', { delay: 30 });
  // Room for any font load the typing triggered to go out.
  await page.waitForTimeout(1_000);
}

/** Only the page's own requests: same origin, files from /assets/ and the favicon, API calls by script. */
function expectOnlyThePagesOwnRequests(requests: Request[], origin: string) {
  expect(requests.length).toBeGreaterThan(0);
  for (const request of requests) {
    const url = new URL(request.url());
    expect(url.origin, request.url()).toBe(origin);
    expect(url.pathname, request.url()).not.toContain('/export-file/');
    if (['font', 'image', 'stylesheet', 'media'].includes(request.resourceType())) {
      expect(url.pathname.startsWith('/assets/') || url.pathname === '/favicon.svg', request.url()).toBe(
        true,
      );
    }
  }
}

/** No token was spent: each one still downloads its file (and is spent now, by this check). */
async function expectNoTokenSpent(request: APIRequestContext, paths: Map<string, string>) {
  for (const [char, path] of paths) {
    const response = await request.get(path);
    expect(response.status(), `the token for "${char}"`).toBe(200);
  }
}

async function connectLink(request: APIRequestContext, token: string) {
  return callApi<{ url: string }>(request, token, '/platform/wealth/create-connect-link', {
    redirect_uri: '/es/wealth/connections',
    language: 'es',
  });
}

test.describe.configure({ mode: 'serial', timeout: 120_000 });

test.describe('the custom-CSS side channel on the hosted connect page', () => {
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
