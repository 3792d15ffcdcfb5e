import { DEMO_USERS } from '../fixtures/demo';
import { expect, test } from '../fixtures/signed-in';

test.describe('a portal user at a staff section', () => {
  test.use({ signedInAs: DEMO_USERS.portal });

  test('is told the section is not for portal users (not "page not found"), and stays signed in', async ({
    page,
  }) => {
    for (const path of ['/es/links', '/es/team', '/es/wealth/unmatched']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: 'Sin acceso a esta sección' }), path).toBeVisible();
      await expect(
        page.getByText('Esta sección no está disponible para los usuarios de portal.'),
      ).toBeVisible();
      await expect(page.getByRole('navigation', { name: 'Navegación principal' })).toBeVisible();
    }
  });
});
