import { DEMO_USERS } from '../fixtures/demo';
import { expect, test } from '../fixtures/signed-in';

/**
 * Issue 22: in the two-column user form a field with a hint ("Usuario") sat lower than its neighbour
 * ("Nombre"); and a space in the username said "Carácter inválido" without naming it.
 */
test.use({ signedInAs: DEMO_USERS.wealth, viewport: { width: 1366, height: 800 } });

test('side-by-side inputs share one line, hint or not; a space is named in the error', async ({ page }) => {
  await page.goto('/es/portals/users/create');
  const username = page.getByRole('textbox', { name: /^Usuario/ });
  await username.fill('con espacio');
  await page.getByRole('button', { name: 'Crear usuario' }).click();
  await expect(page.getByText('Carácter inválido «espacio»')).toBeVisible();
  const pairs = [
    [username, page.getByRole('textbox', { name: /^Nombre/ })],
    [page.getByLabel(/^Contraseña/).first(), page.getByLabel(/^Repite la contraseña/)],
  ];
  for (const [left, right] of pairs) {
    const a = await left?.boundingBox();
    const b = await right?.boundingBox();
    expect(Math.abs((a?.y ?? 0) - (b?.y ?? -99))).toBeLessThan(1);
  }
});
