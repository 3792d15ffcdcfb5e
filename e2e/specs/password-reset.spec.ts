import { expect, test } from '@playwright/test';

test('forgot password answers neutrally, whether or not the email exists', async ({ page }) => {
  await page.goto('/es/sesion/forgotPassword');
  await page.getByLabel('Email').fill('nobody@example.com');
  await page.getByRole('button', { name: 'Enviar enlace' }).click();
  await expect(page.getByRole('heading')).not.toHaveText('');
  await expect(page.getByLabel('Email')).toHaveCount(0);
});

test('a reset link that is not valid asks for a new one', async ({ page }) => {
  await page.goto('/en/sesion/resetPassword?token=not-a-real-token');
  await page.getByLabel('New password').fill('Another-pass1');
  await page.getByLabel('Repeat the password').fill('Another-pass1');
  await page.getByRole('button', { name: 'Save password' }).click();
  await expect(page.getByText('request a new one', { exact: false })).toBeVisible();
});

test('the reset form applies the password policy before calling the server', async ({ page }) => {
  await page.goto('/es/sesion/resetPassword?token=whatever');
  await page.getByLabel('Contraseña nueva').fill('short');
  await page.getByLabel('Repite la contraseña').fill('different');
  await page.getByRole('button', { name: 'Guardar contraseña' }).click();
  await expect(
    page.getByText('La contraseña debe tener al menos 8 caracteres', { exact: false }),
  ).toBeVisible();
  await expect(page.getByText('Las contraseñas no coinciden')).toBeVisible();
});
