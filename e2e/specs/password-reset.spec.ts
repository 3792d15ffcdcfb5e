import { expect, test } from '@playwright/test';

test('forgot password answers neutrally, whether or not the email exists', async ({ page }) => {
  await page.goto('/es/sesion/forgotPassword');
  await page.getByLabel('Email').fill('nobody@example.com');
  await page.getByRole('button', { name: 'Enviar enlace' }).click();
  await expect(page.getByRole('heading')).not.toHaveText('');
  await expect(page.getByLabel('Email')).toHaveCount(0);
});

test('a reset link that is not valid asks for a new one', async ({ page }) => {
  await page.goto('/en/sesion/resetPassword#not-a-real-token');
  // The token (in the fragment, which no server sees) leaves the address bar once read.
  await expect(page.getByLabel('New password')).toBeVisible();
  expect(new URL(page.url()).hash).toBe('');
  await page.getByLabel('New password').fill('Another-pass1');
  await page.getByLabel('Repeat the password').fill('Another-pass1');
  await page.getByRole('button', { name: 'Save password' }).click();
  await expect(page.getByText('request a new one', { exact: false })).toBeVisible();
});

test('the reset form applies the password policy before calling the server', async ({ page }) => {
  // A link mailed before the token moved to the fragment still works, and leaves the address bar too.
  await page.goto('/es/sesion/resetPassword?token=whatever');
  await expect(page.getByLabel('Contraseña nueva')).toBeVisible();
  expect(page.url()).not.toContain('token=');
  // Nor does switching the page's language bring it back.
  await page.getByRole('button', { name: 'Idioma' }).click();
  await page.getByRole('menuitem', { name: 'English' }).click();
  await expect(page).toHaveURL(/\/en\/sesion\/resetPassword$/);
  await page.getByRole('button', { name: 'Language' }).click();
  await page.getByRole('menuitem', { name: 'Español' }).click();
  await expect(page).toHaveURL(/\/es\/sesion\/resetPassword$/);
  await page.getByLabel('Contraseña nueva').fill('short');
  await page.getByLabel('Repite la contraseña').fill('different');
  await page.getByRole('button', { name: 'Guardar contraseña' }).click();
  await expect(
    page.getByText('La contraseña debe tener al menos 8 caracteres', { exact: false }),
  ).toBeVisible();
  await expect(page.getByText('Las contraseñas no coinciden')).toBeVisible();
});
