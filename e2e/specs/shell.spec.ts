import { expect, test } from '@playwright/test';
import { DEMO_USERS } from '../fixtures/demo';
import { signInThroughForm } from '../fixtures/session';

test.describe('locale detection', () => {
  test.use({ locale: 'es-ES' });

  test('a Spanish browser lands on the Spanish login', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/es\/(sesion|auth)\/login/);
  });
});

test.describe('locale detection (English browser)', () => {
  test.use({ locale: 'en-GB' });

  test('an English browser lands on the English login', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/en\/(sesion|auth)\/login/);
  });
});

test.describe('portal shell', () => {
  test('demo signs in in Spanish and sees every module, then follows English and keeps it on reload', async ({
    page,
  }) => {
    await signInThroughForm(page, DEMO_USERS.wealth, 'es');
    await expect(page).toHaveURL(/\/es\/wealth\/clients$/);

    const nav = page.getByRole('navigation', { name: 'Navegación principal' });
    for (const name of [
      'Resumen',
      'Clientes',
      'Pendientes',
      'Exportar',
      'Conexiones',
      'Usuarios',
      'Aplicaciones',
      'Links',
      'CSS personalizado',
      // The demo users are their companies' admins (issue 25).
      'Equipo',
    ]) {
      // "Pendientes" carries the pending count as a badge: its name continues after the label.
      await expect(nav.getByRole('link', { name: new RegExp(`^${name}( |$)`) })).toBeVisible();
    }
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');

    await page.getByRole('button', { name: 'Idioma' }).click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await expect(page).toHaveURL(/\/en\/wealth\/clients$/);
    const englishNav = page.getByRole('navigation', { name: 'Main navigation' });
    await expect(englishNav.getByRole('link', { name: 'Clients', exact: true })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');

    await page.reload();
    await expect(page).toHaveURL(/\/en\/wealth\/clients$/);
    await expect(englishNav.getByRole('link', { name: 'Summary', exact: true })).toBeVisible();

    // The cookie remembers the choice for paths without a prefix too.
    await page.goto('/summary');
    await expect(page).toHaveURL(/\/en\/summary$/);
  });

  test('the account menu shows the user and company and signs out to the success page', async ({ page }) => {
    await signInThroughForm(page, DEMO_USERS.wealth, 'es');
    await page.getByRole('button', { name: 'Menú de la cuenta' }).hover();
    const menu = page.getByRole('menu');
    await expect(menu).toContainText('demo');
    await expect(menu).toContainText('Demo Wealth');
    await menu.getByRole('menuitem', { name: 'Cerrar sesión' }).click();
    await expect(page).toHaveURL(/\/es\/auth\/logout\/success$/);
    await expect(page.getByText('Has cerrado sesión')).toBeVisible();

    // The session is over: protected pages send us back to the login.
    await page.goto('/es/wealth/clients');
    await expect(page).toHaveURL(/\/es\/(sesion|auth)\/login/);
  });

  test('a Demo Apps user sees only Applications, Links and (as admin) Team and Audit, and lands on applications', async ({
    page,
  }) => {
    await signInThroughForm(page, DEMO_USERS.apps, 'es');
    await expect(page).toHaveURL(/\/es\/applications$/);
    const links = page.getByRole('navigation', { name: 'Navegación principal' }).getByRole('link');
    await expect(links).toHaveText(['Aplicaciones', 'Links', 'Equipo', 'Auditoría']);
  });

  test('a wrong password is refused with the translated message and no hint about the account', async ({
    page,
  }) => {
    await page.goto('/en/sesion/login');
    await page.getByLabel(/^Username/).fill('demo');
    await page.getByLabel(/^Company/).fill('Demo Wealth');
    await page.getByLabel(/^Password/).fill('Wrong-password-1');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert')).toContainText('contact support');
    await expect(page).toHaveURL(/\/en\/sesion\/login/);
  });

  test('an empty sign-in is checked in the browser with the contract’s messages, before any call', async ({
    page,
  }) => {
    const logins: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/auth/v0/login')) logins.push(request.url());
    });
    await page.goto('/es/sesion/login');
    // The schema loads when the form is first used: the page itself does not carry it.
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();
    await expect(page.getByText('Este campo es requerido')).toHaveCount(3);
    await page.getByLabel(/^Usuario/).fill('demo');
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();
    await expect(page.getByText('Este campo es requerido')).toHaveCount(2);
    expect(logins).toEqual([]);
  });

  test('an unknown route shows the 404 page in both languages', async ({ page }) => {
    await page.goto('/en/this/does/not/exist');
    await expect(page.getByText('This page could not be found')).toBeVisible();
    await page.goto('/es/esto/no/existe');
    await expect(page.getByText('No se ha podido encontrar esta página')).toBeVisible();
  });

  test('a signed-out deep link comes back whole after sign-in: path, query and #fragment', async ({
    page,
  }) => {
    await page.goto('/es/team?x=1#invitaciones');
    await expect(page).toHaveURL(/\/es\/(sesion|auth)\/login\?redirect=/);
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/team?x=1#invitaciones');
    await page.getByLabel(/^Usuario/).fill(DEMO_USERS.wealth.username);
    await page.getByLabel(/^Compañía/).fill(DEMO_USERS.wealth.company);
    await page.getByLabel(/^Contraseña/).fill(DEMO_USERS.wealth.password);
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();
    await expect(page).toHaveURL(/\/es\/team\?x=1#invitaciones$/);
  });

  test('a forged token is treated as signed out', async ({ page }) => {
    await page.goto('/es/sesion/login');
    await page.evaluate(() =>
      localStorage.setItem('auth._token.local', 'eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.'),
    );
    await page.goto('/es/wealth/clients');
    await expect(page).toHaveURL(/\/es\/(sesion|auth)\/login/);
  });
});
