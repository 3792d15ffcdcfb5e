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
    await dialog(page)
      .getByRole('textbox', { name: /^Nombre/ })
      .press('Enter');
    // The form that had the focus is gone: the focus is on the secret shown once (its title is heard),
    // not on the page's body, and one Tab reaches its first field.
    const reveal = dialog(page).getByRole('region', { name: 'Copia el client secret ahora' });
    await expect(reveal).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(dialog(page).locator(':focus')).toHaveCount(1);
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

test.describe('the header menus keep the keyboard focus (staff)', () => {
  test.use({ signedInAs: DEMO_USERS.wealth });

  test('Tab walks the header without dropping to the page, and Esc returns to each menu button', async ({
    page,
  }) => {
    await page.goto('/es/audit');
    await expect(page.getByRole('heading', { name: 'Auditoría', level: 1 })).toBeVisible();
    const language = page.getByRole('button', { name: 'Idioma' });
    const account = page.getByRole('button', { name: 'Menú de la cuenta' });
    // Skip link, logo, language, account: never the page's body in between (the menus' code loading
    // on focus used to swap the focused button for another).
    const reached: string[] = [];
    for (let step = 0; step < 4; step++) {
      await page.keyboard.press('Tab');
      await page.waitForTimeout(150);
      reached.push(
        await page.evaluate(
          () => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.tagName ?? '',
        ),
      );
    }
    expect(reached).not.toContain('BODY');
    await expect(account).toBeFocused();

    for (const button of [account, language]) {
      await button.focus();
      await page.keyboard.press('Enter');
      await expect(page.getByRole('menu')).toBeVisible();
      await expect(page.getByRole('menuitem').first()).toBeFocused();
      await page.keyboard.press('Escape');
      await expect(page.getByRole('menu')).toHaveCount(0);
      await expect(button).toBeFocused();
    }
  });

  test('a dialog opened after tabbing over the menus keeps the focus', async ({ page }) => {
    await page.goto('/es/audit');
    const details = page.getByRole('button', { name: /^Ver el detalle del evento/ }).first();
    await expect(details).toBeVisible();
    for (let step = 0; step < 4; step++) await page.keyboard.press('Tab');
    await details.click();
    await expect(dialog(page)).toBeVisible();
    await page.waitForTimeout(500);
    for (let step = 0; step < 6; step++) {
      await page.keyboard.press(step === 3 ? 'Shift+Tab' : 'Tab');
      expect(await page.evaluate(() => document.activeElement?.closest('[role="dialog"]') !== null)).toBe(
        true,
      );
    }
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
