import { DEMO_USERS } from '../fixtures/demo';
import { expect, NO_SESSION, test } from '../fixtures/signed-in';

test.use({ signedInAs: DEMO_USERS.wealth });

/**
 * Issue 9 items 4 and 9, as the browser sees them: the list's first data is asked for with the page's
 * code (its route loader), not after the frame has rendered; once the list has settled, the code of a
 * client's page is fetched before any click (spec section 9), and opening a client then needs no script
 * that was not already there.
 */
test('the list starts its data with its code, then prefetches the client page before the click', async ({
  page,
}) => {
  const order: string[] = [];
  const events: string[] = [];
  page.on('requestfinished', (request) => {
    const path = new URL(request.url()).pathname;
    if (path === '/platform/me') events.push('me answered');
  });
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/platform/wealth/client-list') events.push('list asked');
    const url = new URL(request.url());
    if (url.pathname.startsWith('/platform/')) order.push(url.pathname);
    // The client's page (its route, tabs and accounts tab) is built as two chunks (decision 0022).
    const chunk = /\/assets\/(client-page-shared|client-page)-[\w-]{8}\.js$/.exec(url.pathname);
    if (chunk) order.push(`${chunk[1]}.js`);
  });

  // A returning user (the session's access is remembered): a first visit's list waits for the identity,
  // so a user without the module never asks for it (issue 22).
  await page.goto('/es/me');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  order.length = 0;
  events.length = 0;
  await page.goto('/es/wealth/clients');
  await expect(page.getByRole('table')).toBeVisible();
  // Identity, institutions and the list page leave together: the list does not wait for the frame.
  expect(order.slice(0, 3).sort()).toEqual([
    '/platform/list-entities',
    '/platform/me',
    '/platform/wealth/client-list',
  ]);
  expect(events.indexOf('list asked')).toBeLessThan(events.indexOf('me answered'));
  const prefetched = ['client-page.js', 'client-page-shared.js'];
  await expect.poll(() => prefetched.every((file) => order.includes(file)), { timeout: 10_000 }).toBe(true);

  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  await page.getByRole('table').getByRole('link').first().click();
  await expect(page).toHaveURL(/\/es\/wealth\/clients\/[^/]+\/overview$/);
  await expect(page.getByRole('tab', { selected: true })).toBeVisible();
  expect(scripts.filter((url) => /\/client-page/.test(url))).toEqual([]);
});

/**
 * The server names a first screen's files with index.html (Link preloads, apps/api first-screen-preloads):
 * each must be the very request the page then uses, in the same mode, or it downloads twice.
 */
for (const path of ['/es/wealth/clients', '/en/sesion/login']) {
  test(`no file of ${path} is downloaded twice`, async ({ page, browser }) => {
    const context = path.includes('sesion') ? await browser.newContext({ storageState: NO_SESSION }) : null;
    const tab = context ? await context.newPage() : page;
    const assets: string[] = [];
    tab.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/assets/'))
        assets.push(new URL(request.url()).pathname);
    });
    const response = await tab.goto(path);
    expect(response?.headers().link).toContain('rel=modulepreload');
    await expect(tab.getByRole(path.includes('sesion') ? 'button' : 'table').first()).toBeVisible();
    await tab.waitForLoadState('networkidle');
    expect(assets.filter((asset, index) => assets.indexOf(asset) !== index)).toEqual([]);
    await context?.close();
  });
}

/**
 * The early entry (apps/web/src/early-start.ts): on a slow network the first data is asked for while
 * React's chunk is still on its way, and the app takes those answers instead of asking again.
 */
// A search, a page size and a hand-edited page in the address: the early call must build the very body
// the app builds, or the app asks a second time.
for (const path of ['/es/wealth/clients', '/en/wealth/clients?q=a&size=50&sort=alias&order=desc&page=x']) {
  test(`the first data of ${path} leaves while the app code downloads, and is asked for once`, async ({
    page,
  }) => {
    const events: string[] = [];
    await page.route(/\/assets\/react-[\w-]+\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      await route.continue();
    });
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname.startsWith('/platform/')) events.push(`asked ${pathname}`);
    });
    page.on('requestfinished', (request) => {
      if (/\/assets\/react-[\w-]+\.js$/.test(new URL(request.url()).pathname)) events.push('react loaded');
    });

    // A returning user: the early entry starts a module's call only when this session's last identity
    // said the user may make it (issue 22: a 403 signs out).
    await page.goto('/es/me');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    events.length = 0;
    await page.goto(path);
    await expect(page.getByRole('table').getByRole('link').first()).toBeVisible();
    const reactLoaded = events.indexOf('react loaded');
    expect(reactLoaded).toBeGreaterThan(-1);
    for (const call of ['/platform/me', '/platform/list-entities', '/platform/wealth/client-list']) {
      expect(events.filter((event) => event === `asked ${call}`)).toHaveLength(1);
      expect(events.indexOf(`asked ${call}`)).toBeLessThan(reactLoaded);
    }
  });
}

test('a visitor without a session makes no call before the login page', async ({ browser }) => {
  const context = await browser.newContext({ storageState: NO_SESSION });
  const page = await context.newPage();
  const calls: string[] = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (path.startsWith('/platform/')) calls.push(path);
  });
  await page.goto('/es/wealth/clients');
  await expect(page).toHaveURL(/\/es\/auth\/login|\/es\/sesion\/login/);
  await expect(page.getByRole('button').first()).toBeVisible();
  expect(calls).toEqual([]);
  await context.close();
});

test.describe('a user without the wealth module at the client list', () => {
  test.use({ signedInAs: DEMO_USERS.apps });

  test('is told the company has no such section, with no client-list call, first visit or returning, and stays signed in', async ({
    page,
  }) => {
    const listCalls: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/platform/wealth/client-list') listCalls.push(request.url());
    });
    for (const visit of ['first', 'returning']) {
      await page.goto('/es/wealth/clients');
      await expect(page.getByRole('heading', { name: 'Sin acceso a esta sección' })).toBeVisible();
      await expect(page.getByText('Tu compañía no tiene esta sección activada')).toBeVisible();
      await page.waitForLoadState('networkidle');
      await expect(page, visit).toHaveURL(/\/es\/wealth\/clients$/);
      expect(listCalls, visit).toEqual([]);
    }
    await page.goto('/es/links');
    await expect(page.getByRole('heading', { level: 1, name: 'Links' })).toBeVisible();
  });
});
