import { DEMO_USERS } from '../fixtures/demo';
import { expect, test } from '../fixtures/signed-in';

test.use({ signedInAs: DEMO_USERS.wealth });

/**
 * On a phone the section links scroll sideways: the active one is brought fully into view, also the
 * last one, and also after the pending badge arrives and widens the row (issue 9 item 12).
 */
test('the active section link is fully in view on a phone, even the last one', async ({ page }) => {
  // Audit is the last link (admins only).
  await page.goto('/es/audit');
  const nav = page.getByRole('navigation', { name: 'Navegación principal' });
  await expect(nav.getByRole('link', { name: /Pendientes/ })).toContainText(/\d/);
  const active = nav.getByRole('link', { name: 'Auditoría' });
  // Across the row, whole (the active underline may sit a pixel below it, so only the sides count).
  await expect
    .poll(async () => {
      const [row, link] = await Promise.all([nav.boundingBox(), active.boundingBox()]);
      if (!row || !link) return false;
      return link.x >= row.x - 1 && link.x + link.width <= row.x + row.width + 1;
    })
    .toBe(true);
});
