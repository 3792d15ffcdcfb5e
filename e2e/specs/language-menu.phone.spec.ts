import { DEMO_USERS } from '../fixtures/demo';
import { expect, test } from '../fixtures/signed-in';

test.use({ signedInAs: DEMO_USERS.wealth, hasTouch: true });

/**
 * The language menu's code loads when the button is first reached, and its button replaces the one
 * painted with the first screen: a tap must open it whenever the swap happens, and a touch that ends
 * off the button (a scroll, a drag away) must open nothing, then or at the next tap elsewhere.
 */
test('a tap opens the language menu; a press that ends off the button opens nothing', async ({ page }) => {
  await page.goto('/es/wealth/clients');
  const button = page.getByRole('button', { name: 'Idioma' });
  const box = await button.boundingBox();
  if (!box) throw new Error('no language button');

  // Pressed on the button, released well below it: no menu, and the next tap elsewhere opens none.
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2, box.y + 300, { steps: 5 });
  await page.mouse.up();
  await page.getByRole('heading', { level: 1 }).first().tap();
  await expect(page.getByRole('menuitem', { name: 'English' })).toHaveCount(0);

  await button.tap();
  await expect(page.getByRole('menuitem', { name: 'English' })).toBeVisible();
  await page.getByRole('menuitem', { name: 'English' }).tap();
  await expect(page).toHaveURL(/\/en\/wealth\/clients$/);
});
