import type { Locator, Page } from '@playwright/test';
import { DEMO_USERS } from '../fixtures/demo';
import { expect, test } from '../fixtures/signed-in';

/**
 * Issue 22 (WCAG 2.4.3): when a dialog closes, by Esc, Cancel or its done button, keyboard focus is back
 * on the control that opened it, so a keyboard user carries on from where they were. From a row's menu
 * that control is the menu's button (the menu item is gone by then).
 */
const dialog = (page: Page) => page.getByRole('dialog');

async function expectFocusBackOn(page: Page, opener: Locator) {
  await expect(dialog(page)).toHaveCount(0);
  await expect(opener).toBeFocused();
}

test.describe('focus returns to the opener (staff)', () => {
  test.use({ signedInAs: DEMO_USERS.wealth });

  test('client edit (Esc) and delete (Cancel), opened with the keyboard', async ({ page }) => {
    await page.goto('/es/wealth/clients');
    const table = page.getByRole('table', { name: 'Listado de clientes' });
    const edit = table.getByRole('button', { name: /^Editar cliente / }).nth(1);
    await edit.focus();
    await page.keyboard.press('Enter');
    await expect(dialog(page)).toBeVisible();
    await page.keyboard.press('Escape');
    await expectFocusBackOn(page, edit);

    const remove = table.getByRole('button', { name: /^Eliminar cliente / }).nth(2);
    await remove.focus();
    await page.keyboard.press('Enter');
    await expect(dialog(page)).toBeVisible();
    await dialog(page).getByRole('button', { name: 'Cancelar' }).click();
    await expectFocusBackOn(page, remove);
  });

  test('new application: done on the secret dialog returns to "Nueva aplicación"', async ({ page }) => {
    await page.goto('/es/applications');
    const create = page.getByRole('button', { name: 'Nueva aplicación' }).first();
    await create.click();
    await dialog(page)
      .getByRole('textbox', { name: /^Nombre/ })
      .fill(`Foco ${Date.now().toString(36)}`);
    await dialog(page).getByRole('button', { name: 'Crear aplicación' }).click();
    await dialog(page).getByRole('button', { name: 'He copiado el secret' }).click();
    await expectFocusBackOn(page, create);
  });

  test('the account menu\'s "Cambiar mi contraseña": Cancel returns to the account button', async ({
    page,
  }) => {
    await page.goto('/es/wealth/clients');
    const account = page.getByRole('button', { name: 'Menú de la cuenta' });
    await account.click();
    await page.getByRole('menuitem', { name: 'Cambiar mi contraseña' }).click();
    await expect(dialog(page)).toBeVisible();
    await expect(dialog(page).getByLabel(/^Contraseña actual/)).toBeFocused();
    await dialog(page).getByRole('button', { name: 'Cancelar' }).click();
    await expectFocusBackOn(page, account);
  });
});

test.describe('focus returns to the opener (Links)', () => {
  test.use({ signedInAs: DEMO_USERS.apps });

  test("a row menu's Edit, closed with Esc, returns to the row's menu button", async ({ page }) => {
    await page.goto('/es/links');
    const actions = page.getByRole('button', { name: /^Acciones de / }).first();
    await actions.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('menuitem', { name: 'Editar' }).click();
    await expect(dialog(page)).toBeVisible();
    await page.keyboard.press('Escape');
    await expectFocusBackOn(page, actions);
  });
});
