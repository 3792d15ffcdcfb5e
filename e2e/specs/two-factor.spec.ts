import type { Page } from '@playwright/test';
import { signInByApi } from '../fixtures/api';
import { signInThroughForm } from '../fixtures/session';
import { expect, signedInStorage, test } from '../fixtures/signed-in';
import { createColleague, currentTotpCode, nextTotpCode } from '../fixtures/two-factor';

type User = Awaited<ReturnType<typeof createColleague>>;

async function openSecurityFromMenu(page: Page) {
  await page.getByRole('button', { name: /Account menu/ }).hover();
  await page.getByRole('menu').getByRole('menuitem', { name: 'Security' }).click();
  await expect(page.getByRole('heading', { name: 'Security', level: 1 })).toBeVisible();
}

async function signOut(page: Page) {
  // From elsewhere first: a pointer already resting on the button (under a toast) sends no new hover.
  await page.mouse.move(0, 0);
  await page.getByRole('button', { name: /Account menu/ }).hover();
  await page.getByRole('menu').getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/en\/auth\/logout\/success$/);
}

async function passwordStep(page: Page, user: User) {
  await page.goto('/en/sesion/login');
  await page.getByLabel(/^Username/).fill(user.username);
  await page.getByLabel(/^Company/).fill(user.company);
  await page.getByLabel(/^Password/).fill(user.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Two-step verification' })).toBeVisible();
}

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' });

test('enrol two-factor from the account menu, then sign in with password and code, and with a recovery code', async ({
  page,
  request,
}) => {
  const user = await createColleague(request, 'totp');
  await signInThroughForm(page, user, 'en');
  await openSecurityFromMenu(page);
  await page.getByRole('button', { name: 'Turn on two-step verification' }).click();
  await expect(
    page.getByRole('img', { name: 'QR code with the key for your authenticator app' }),
  ).toBeVisible();
  const key = (await page.getByTestId('totp-key').textContent()) ?? '';
  expect(key.replace(/\s+/g, '')).toMatch(/^[A-Z2-7]{32}$/);
  await page.getByRole('textbox', { name: 'Code shown by the app' }).fill(await currentTotpCode(key));
  await page.getByRole('button', { name: 'Turn on', exact: true }).click();

  // The ten recovery codes, shown this once.
  // Read once they are on screen: allTextContents does not wait, and the answer can still be on its way.
  const codeItems = page.getByTestId('recovery-codes').getByRole('listitem');
  await expect(codeItems).toHaveCount(10);
  const codes = await codeItems.allTextContents();
  await expect(page.getByRole('button', { name: 'Continue' })).toBeDisabled();
  await page.getByRole('checkbox', { name: 'I have saved my recovery codes' }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('You have 10 recovery codes left.')).toBeVisible();
  await signOut(page);

  // The password alone is no longer enough: the code from the app.
  await passwordStep(page, user);
  await page.getByRole('textbox', { name: 'Verification code' }).fill('000000');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('alert')).toContainText('The code is not valid, or it was already used');
  // A code a step later than the enrolment's: the enrolment's own step is spent.
  await page.getByRole('textbox', { name: 'Verification code' }).fill(await nextTotpCode(key));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(mainNav(page)).toBeVisible();
  await signOut(page);

  // Phone lost: a recovery code, once.
  const recovery = codes[0] ?? '';
  await passwordStep(page, user);
  await page.getByRole('button', { name: 'Use a recovery code' }).click();
  await page.getByRole('textbox', { name: 'Recovery code' }).fill(recovery);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(mainNav(page)).toBeVisible();
  await signOut(page);
  await passwordStep(page, user);
  await page.getByRole('button', { name: 'Use a recovery code' }).click();
  await page.getByRole('textbox', { name: 'Recovery code' }).fill(recovery);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('alert')).toContainText('The code is not valid, or it was already used');
});

test('end another session from the account menu: that browser is signed out at its next call', async ({
  browser,
  request,
  baseURL,
}) => {
  const user = await createColleague(request, 'sessions');
  const origin = new URL(baseURL ?? '').origin;
  const mine = await browser.newContext({
    storageState: signedInStorage(origin, await signInByApi(request, user)),
  });
  // The other browser signs in through the form, as Firefox on Linux: the row the list names so.
  const theirs = await browser.newContext({
    userAgent: 'Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0',
  });
  const other = await theirs.newPage();
  await signInThroughForm(other, user, 'en');

  const page = await mine.newPage();
  await page.goto('/en/links');
  await expect(mainNav(page)).toBeVisible();
  await openSecurityFromMenu(page);
  // This one, the other browser's, and the one the invitation opened.
  const rows = page.getByTestId('session-row');
  await expect(rows).toHaveCount(3);
  await expect(rows.filter({ hasText: 'This session' })).toHaveCount(1);
  const otherRow = rows.filter({ hasText: 'Firefox on Linux' });
  await expect(otherRow).toContainText('Address: 127.0.0.1');
  await otherRow.getByRole('button', { name: /End the session of/ }).click();
  const dialog = page.getByRole('dialog', { name: 'End this session' });
  await dialog.getByRole('button', { name: 'End session' }).click();
  await expect(page.getByText('Session ended')).toBeVisible();
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: 'Firefox on Linux' })).toHaveCount(0);

  // The other browser's next call is refused: it is back at the login.
  await other.reload();
  await expect(other).toHaveURL(/\/en\/(sesion|auth)\/login/);
  // This one carries on.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Security', level: 1 })).toBeVisible();
  await mine.close();
  await theirs.close();
});
