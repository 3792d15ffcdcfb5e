import type { Page } from '@playwright/test';
import { findClientsWithFullBook, signInByApi } from '../fixtures/api';
import { DEMO_USERS } from '../fixtures/demo';
import { expect, test } from '../fixtures/signed-in';

/**
 * Issue 22: a new page opened scrolled down, its name and buttons off-screen. A new page starts at the
 * top; Back and Forward return to where the user was on that page.
 */
const scrollY = (page: Page) => page.evaluate(() => Math.round(window.scrollY));

async function scrollToBottom(page: Page) {
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect.poll(() => scrollY(page)).toBeGreaterThan(200);
  return scrollY(page);
}

const nav = (page: Page) => page.getByRole('navigation', { name: 'Navegación principal' });

test.describe('scroll position', () => {
  test.use({ signedInAs: DEMO_USERS.wealth, viewport: { width: 1366, height: 800 } });

  test('list → client opens at the top; Back returns to the row, Forward to the top again', async ({
    page,
  }) => {
    await page.goto('/es/wealth/clients');
    const rows = page.getByRole('table', { name: 'Listado de clientes' }).getByRole('link');
    await expect(rows.first()).toBeVisible();
    const listY = await scrollToBottom(page);

    const last = rows.last();
    const name = (await last.textContent()) ?? '';
    await last.click();
    await expect(page.getByRole('heading', { level: 1, name })).toBeInViewport();
    expect(await scrollY(page)).toBe(0);

    await page.goBack();
    await expect(rows.last()).toBeVisible();
    await expect.poll(() => scrollY(page)).toBe(listY);

    await page.goForward();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect.poll(() => scrollY(page)).toBe(0);
  });

  test('a scrolled account page → Conexiones, and a scrolled list → Pendientes, open at the top', async ({
    page,
    request,
  }) => {
    const token = await signInByApi(request, DEMO_USERS.wealth);
    const [book] = await findClientsWithFullBook(request, token);
    const account = book?.accounts[0];
    if (!book || !account) throw new Error('the demo book has a client with an account');
    await page.goto(`/es/wealth/clients/${book.client.id}/accounts/${account.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await page.setViewportSize({ width: 1366, height: 400 });
    await scrollToBottom(page);
    await nav(page)
      .getByRole('link', { name: /^Conexiones/ })
      .click();
    await expect(page).toHaveURL(/\/es\/wealth\/connections$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeInViewport();
    expect(await scrollY(page)).toBe(0);

    await page.setViewportSize({ width: 1366, height: 800 });
    await page.goto('/es/wealth/clients');
    await expect(
      page.getByRole('table', { name: 'Listado de clientes' }).getByRole('link').first(),
    ).toBeVisible();
    await scrollToBottom(page);
    await nav(page)
      .getByRole('link', { name: /^Pendientes/ })
      .click();
    await expect(page).toHaveURL(/\/es\/wealth\/unmatched$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeInViewport();
    expect(await scrollY(page)).toBe(0);
  });

  test('creating a portal user from the bottom of its form lands at the top of the list', async ({
    page,
  }) => {
    const username = `scroll-${Date.now().toString(36)}`;
    // A short window: the form's submit button is well below the fold.
    await page.setViewportSize({ width: 1366, height: 420 });
    await page.goto('/es/portals/users/create');
    const field = (label: string) => page.getByRole('textbox', { name: new RegExp(`^${label}`) });
    await field('Usuario').fill(username);
    await field('Nombre').fill('Usuario Scroll');
    await field('Email').fill(`${username}@caudal.test`);
    await page
      .getByLabel(/^Contraseña/)
      .first()
      .fill('Portal-Prueba1');
    await page.getByLabel(/^Repite la contraseña/).fill('Portal-Prueba1');
    const submit = page.getByRole('button', { name: 'Crear usuario' });
    await submit.scrollIntoViewIfNeeded();
    expect(await scrollY(page)).toBeGreaterThan(0);
    await submit.click();
    await expect(page).toHaveURL(/\/es\/portals\/users$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Usuarios de portal' })).toBeInViewport();
    expect(await scrollY(page)).toBe(0);
  });

  test('a tab or a sort keeps the window where it is', async ({ page }) => {
    await page.goto('/es/wealth/clients');
    const table = page.getByRole('table', { name: 'Listado de clientes' });
    await expect(table.getByRole('link').first()).toBeVisible();
    await page.setViewportSize({ width: 1366, height: 500 });
    await page.evaluate(() => window.scrollTo(0, 120));
    await expect.poll(() => scrollY(page)).toBe(120);
    await table
      .getByRole('button', { name: /Nombre/ })
      .first()
      .click();
    await expect(page).toHaveURL(/order=desc/);
    await expect.poll(() => scrollY(page)).toBe(120);
  });

  test('a short page does not scroll (the footer sits at the bottom of the screen)', async ({ page }) => {
    for (const viewport of [
      { width: 1366, height: 800 },
      { width: 390, height: 844 },
    ]) {
      await page.setViewportSize(viewport);
      await page.goto('/es/me');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByRole('contentinfo')).toBeInViewport();
      const overflow = await page.evaluate(
        () => document.documentElement.scrollHeight - document.documentElement.clientHeight,
      );
      expect(overflow, `${viewport.width} px`).toBeLessThanOrEqual(0);
    }
  });
});
