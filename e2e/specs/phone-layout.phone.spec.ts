import { expect, type Locator, type Page } from '@playwright/test';
import { callApi, signInByApi } from '../fixtures/api';
import { pickInstitution } from '../fixtures/connect';
import { DEMO_USERS } from '../fixtures/demo';
import { test } from '../fixtures/signed-in';

/**
 * Issue 22 item 3: on a phone a list shows every row whole (the balance and the row's actions are not
 * past the right edge), and the hosted connect steps and sandbox credentials fit a 360 px phone.
 */

/**
 * Every box of `locator` lies across the viewport, left edge to right edge. The boxes are read in one
 * pass, so a row another spec deletes meanwhile (the demo companies are shared) cannot vanish mid-check.
 * Read again until they hold, for a few seconds: a list React has rendered but still hides (a part of
 * the page still loading) has cells with no box yet (a zero-sized "state #0" failed once that way);
 * a row that stays past the edge still fails.
 */
async function expectWithinViewport(page: Page, locator: Locator, what: string) {
  const width = page.viewportSize()?.width ?? 0;
  await expect(async () => {
    const boxes = await locator.evaluateAll((elements) =>
      elements.map((element) => {
        const rect = element.getBoundingClientRect();
        return { x: rect.x, width: rect.width, isLaidOut: rect.width > 0 || rect.height > 0 };
      }),
    );
    expect(boxes.length, `${what}: there is something to check`).toBeGreaterThan(0);
    for (const [index, box] of boxes.entries()) {
      expect(box.isLaidOut, `${what} #${index} is laid out`).toBe(true);
      expect(box.x, `${what} #${index} starts inside the screen`).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, `${what} #${index} ends inside the ${width} px screen`).toBeLessThanOrEqual(
        width + 0.5,
      );
    }
  }).toPass({ timeout: 5_000 });
}

/** The body cells of the column headed `header` (its name is what labels them on a phone). */
function cellsOf(table: Locator, header: string) {
  return table.locator(`tbody td[data-label="${header}"]`);
}

test.describe('phone lists at 390 px', () => {
  test.use({ signedInAs: DEMO_USERS.wealth });

  test('an account list shows each balance and each row’s actions inside the screen', async ({
    page,
    request,
  }) => {
    const token = await signInByApi(request, DEMO_USERS.wealth);
    const clients = await callApi<{ id: string }[]>(request, token, '/platform/wealth/client-list', {
      sort: 'name',
    });
    let clientId: string | undefined;
    for (const client of clients) {
      const accounts = await callApi<unknown[]>(request, token, '/platform/wealth/client-account-list', {
        client_id: client.id,
      });
      if (accounts.length > 0) {
        clientId = client.id;
        break;
      }
    }
    expect(clientId, 'a demo client holds accounts').toBeDefined();
    await page.goto(`/es/wealth/clients/${clientId}/accounts`);
    const table = page.getByRole('table', { name: /cuentas/i });
    await expect(table.locator('tbody tr').first()).toBeVisible();
    await expectWithinViewport(page, cellsOf(table, 'Saldo'), 'balance');
    await expectWithinViewport(page, table.locator('tbody button'), 'row action');
  });

  test('the client list shows every cell, the row’s edit and delete buttons included', async ({ page }) => {
    await page.goto('/en/wealth/clients');
    const table = page.getByRole('table', { name: 'Client list' });
    await expect(table.locator('tbody tr a').first()).toBeVisible();
    const firstRow = table.locator('tbody tr').first();
    await expectWithinViewport(page, firstRow.locator('td'), 'cell of the first row');
    await expectWithinViewport(page, firstRow.getByRole('button'), 'row action');
    // Each value says what it is: the cells are labelled with their column's name.
    await expect(cellsOf(table, 'Created').first()).toBeVisible();
    // Sorting stays at hand on a phone.
    await expect(table.getByRole('button', { name: /^Name/ })).toBeInViewport();
  });
});

test.describe('phone lists of the Apps company at 390 px', () => {
  test.use({ signedInAs: DEMO_USERS.apps });

  test('the Links list shows each Link’s state and its actions menu inside the screen', async ({ page }) => {
    await page.goto('/es/links');
    const table = page.getByRole('table').first();
    await expect(table.locator('tbody tr').first()).toBeVisible();
    await expectWithinViewport(page, cellsOf(table, 'Estado'), 'state');
    await expectWithinViewport(page, table.getByRole('button', { name: /^Acciones de / }), 'actions menu');
  });
});

test.describe('hosted connect at 360 px', () => {
  test.use({ viewport: { width: 360, height: 740 }, screen: { width: 360, height: 740 } });

  for (const lang of ['es', 'en'] as const) {
    test(`the steps stay on one line and every sandbox "Use" is whole (${lang})`, async ({
      page,
      request,
    }) => {
      const token = await signInByApi(request, DEMO_USERS.wealth);
      const { url } = await callApi<{ url: string }>(request, token, '/platform/wealth/create-connect-link', {
        redirect_uri: `/${lang}/wealth/connections`,
        client_id: null,
        language: lang,
      });
      const link = new URL(url);
      await page.goto(`${link.pathname}${link.search}`);
      await pickInstitution(page, lang, 'Cajamar');

      const steps = page.getByTestId('connect-progress').locator('li');
      await expect(steps).toHaveCount(3);
      const tops = await steps.evaluateAll((items) =>
        items.map((item) => Math.round(item.getBoundingClientRect().top)),
      );
      expect(new Set(tops).size, `the three steps share one line: ${tops.join(', ')}`).toBe(1);
      // Each step's name is one line, not cut (no ellipsis needed at 360 px).
      const names = await steps.evaluateAll((items) =>
        items.map((item) => {
          const name = item.lastElementChild?.lastElementChild as HTMLElement;
          return { text: name.textContent, whole: name.scrollWidth <= name.clientWidth };
        }),
      );
      for (const name of names) expect(name.whole, `“${name.text}” is shown whole`).toBe(true);
      await expectWithinViewport(page, steps, 'step');

      const use = page.getByRole('button', {
        name: lang === 'es' ? /^Usar credenciales/ : /^Use credentials/,
      });
      await expect(use).toHaveCount(5);
      await expectWithinViewport(page, use, '"Use" button');
    });
  }
});
