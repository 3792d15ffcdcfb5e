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
    const chunk = /\/assets\/(client-route|client-tabs-route|accounts-tab-route)-[\w-]+\.js$/.exec(
      url.pathname,
    );
    if (chunk) order.push(`${chunk[1]}.js`);
  });

  await page.goto('/es/wealth/clients');
  await expect(page.getByRole('table')).toBeVisible();
  // Identity, institutions and the list page leave together: the list does not wait for the frame.
  expect(order.slice(0, 3).sort()).toEqual([
    '/platform/list-entities',
    '/platform/me',
    '/platform/wealth/client-list',
  ]);
  expect(events.indexOf('list asked')).toBeLessThan(events.indexOf('me answered'));
  const prefetched = ['client-route.js', 'client-tabs-route.js', 'accounts-tab-route.js'];
  await expect.poll(() => prefetched.every((file) => order.includes(file)), { timeout: 10_000 }).toBe(true);

  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  await page.getByRole('table').getByRole('link').first().click();
  await expect(page).toHaveURL(/\/es\/wealth\/clients\/[^/]+\/accounts$/);
  await expect(page.getByRole('tab', { selected: true })).toBeVisible();
  expect(scripts.filter((url) => /client-(route|tabs-route)|accounts-tab-route/.test(url))).toEqual([]);
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
