import { DEMO_USERS } from '../fixtures/demo';
import { expect, test } from '../fixtures/signed-in';

/** Spec section 9: an entity id with the suffix `-e` falls back to the base entity, in the portal too. */
test.use({ signedInAs: DEMO_USERS.wealth });

test('/wealth/connections/andbank-e shows Andbank, at its own address', async ({ page }) => {
  await page.goto('/es/wealth/connections/andbank-e');
  await expect(page).toHaveURL(/\/es\/wealth\/connections\/andbank$/);
  await expect(page.getByRole('heading', { level: 1, name: /Andbank/ })).toBeVisible();
  await expect(page.getByText('Entidad no encontrada')).toHaveCount(0);
});

test('an unknown id with the suffix is still not found', async ({ page }) => {
  await page.goto('/es/wealth/connections/no-existe-e');
  await expect(page.getByText('Entidad no encontrada')).toBeVisible();
});
