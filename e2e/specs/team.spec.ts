import type { APIRequestContext, Page } from '@playwright/test';
import { callApi, signInByApi } from '../fixtures/api';
import { DEMO_USERS } from '../fixtures/demo';
import { invitationLinkMailedTo } from '../fixtures/mail';
import { expect, NO_SESSION, test } from '../fixtures/signed-in';

test.use({ signedInAs: DEMO_USERS.wealth });

test('an admin invites a colleague with only Links; the colleague sets a password from the mail and sees only Links', async ({
  page,
  browser,
}) => {
  const suffix = Math.random().toString(36).slice(2, 8);
  const username = `links-${suffix}`;
  const email = `links-${suffix}@colleague.test`;

  await page.goto('/en/team');
  await expect(page.getByRole('heading', { name: 'Team', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Invite' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Invite someone' });
  await dialog.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await dialog.getByRole('textbox', { name: 'Username' }).fill(username);
  await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill('Linda Links');
  await dialog.getByRole('radio', { name: /Member/ }).check();
  // A member with no section to open is not invited: the form says what is missing.
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(dialog.getByText('Choose at least one section they can use')).toBeVisible();
  await dialog.getByRole('checkbox', { name: 'Links' }).check();
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText(`Invitation sent to ${email}`)).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await page.getByRole('searchbox', { name: 'Search people' }).fill(username);
  const row = page.getByRole('row').filter({ hasText: username });
  await expect(row).toContainText('Invited');
  await expect(row).toContainText('Member');
  // Nor may an edit leave the member with no section: said on the field, nothing saved.
  await row.getByRole('button', { name: `Actions for ${username}` }).click();
  await page.getByRole('menuitem', { name: 'Edit role and permissions' }).click();
  const edit = page.getByRole('dialog', { name: `Role and permissions of ${username}` });
  await edit.getByRole('checkbox', { name: 'Links' }).uncheck();
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit.getByText('Choose at least one section they can use')).toBeVisible();
  await edit.getByRole('button', { name: 'Cancel' }).click();
  await expect(edit).toHaveCount(0);

  // The colleague, in a browser of their own, opens the link of the mail (read from the outbox).
  const link = await invitationLinkMailedTo(email);
  expect(link).toContain('/en/sesion/invitation#');
  const context = await browser.newContext({ storageState: NO_SESSION });
  const colleague = await context.newPage();
  await colleague.goto(new URL(link).pathname + new URL(link).hash);
  await expect(colleague.getByText(`You were invited as ${username} to Demo Wealth`)).toBeVisible();
  // The token left the address bar once read.
  expect(new URL(colleague.url()).hash).toBe('');
  await colleague.getByLabel(/^Password/).fill('Colleague-Links1');
  await colleague.getByLabel('Repeat the password').fill('Colleague-Links1');
  await colleague.getByRole('button', { name: 'Save and sign in' }).click();

  // Signed in, on the one section they may use, with only Links in the navigation.
  await expect(colleague).toHaveURL(/\/en\/links$/);
  const nav = colleague.getByRole('navigation', { name: 'Main navigation' });
  await expect(nav.getByRole('link')).toHaveText(['Links']);

  // Wealth is not theirs: they are told why (not "page not found"), and they stay signed in.
  await colleague.goto('/en/wealth/clients');
  await expect(colleague.getByRole('heading', { name: 'No access to this section' })).toBeVisible();
  await expect(colleague.getByText('Your user has no permission for this section.')).toBeVisible();
  await expect(nav).toBeVisible();
  await colleague.goto('/en/team');
  await expect(colleague.getByRole('heading', { name: 'No access to this section' })).toBeVisible();
  await expect(
    colleague.getByText('Only your company’s administrators can open this section.'),
  ).toBeVisible();
  await colleague.goto('/en/links');
  await expect(colleague).toHaveURL(/\/en\/links$/);

  // The link worked once.
  const again = await browser.newContext({ storageState: NO_SESSION });
  const reused = await again.newPage();
  await reused.goto(new URL(link).pathname + new URL(link).hash);
  await expect(reused.getByRole('alert')).toContainText('This invitation link is not valid');

  // Back in the admin's list the colleague is active, with a last sign-in.
  await page.reload();
  await expect(page.getByRole('row').filter({ hasText: username })).toContainText('Active');
  await context.close();
  await again.close();
});

test('an edit from a stale dialog is refused with a warning, and a second save replaces the colleague’s', async ({
  page,
  request,
}) => {
  const { token, username, dialog } = await openStaleDialog(page, request, 'rol', 'Rita Rol');
  const storedMember = async () => {
    const found = await callApi<{ username: string; role: string; permissions: string[] }[]>(
      request,
      token,
      '/platform/team/list-staff',
      { search: username },
    );
    return found.find((member) => member.username === username);
  };
  // A colleague, in another tab, adds Links while the dialog is open.
  await callApi(request, token, '/platform/team/update-staff', {
    username,
    role: 'member',
    permissions: ['wealth', 'links'],
  });
  await dialog.getByRole('button', { name: 'Guardar', exact: true }).click();
  const warning = dialog
    .getByRole('alert')
    .filter({ hasText: `Otra persona ha cambiado el rol o los permisos de ${username}` });
  await expect(warning).toBeVisible();
  // It says what the colleague saved; the dialog keeps what was picked here, and nothing was written.
  await expect(warning).toContainText('con el rol Miembro y los permisos Clientes, Links');
  await expect(dialog.getByRole('radio', { name: /Administrador/ })).toBeChecked();
  await expect(dialog.getByRole('checkbox', { name: 'Links' })).not.toBeChecked();
  expect(await storedMember()).toMatchObject({ role: 'member', permissions: ['wealth', 'links'] });
  // Warned, the admin saves again: the dialog replaces the colleague's change.
  await dialog.getByRole('button', { name: 'Guardar', exact: true }).click();
  await expect(page.getByText(`Cambios guardados para ${username}`)).toBeVisible();
  await expect(dialog).toHaveCount(0);
  expect(await storedMember()).toMatchObject({ role: 'admin', permissions: ['wealth'] });
});

test('a member removed by a colleague while their dialog is open: the save says so and the dialog closes', async ({
  page,
  request,
}) => {
  const { token, username, dialog } = await openStaleDialog(page, request, 'ido', 'Ida Ido');
  await callApi(request, token, '/platform/team/delete-staff', { username });
  await dialog.getByRole('button', { name: 'Guardar', exact: true }).click();
  await expect(page.getByText(`${username} ya no forma parte del equipo`)).toBeVisible();
  await expect(dialog).toHaveCount(0);
  // The list refreshed on its own: the search now finds nobody.
  await expect(page.getByRole('heading', { name: `Nadie coincide con «${username}»` })).toBeVisible();
});

/**
 * A member invited through the API (Clientes only), their role dialog opened in the page and
 * Administrador picked, not yet saved: what a colleague then does makes the dialog stale.
 */
async function openStaleDialog(page: Page, request: APIRequestContext, prefix: string, name: string) {
  const token = await signInByApi(request, DEMO_USERS.wealth);
  const username = `${prefix}-${Math.random().toString(36).slice(2, 8)}`;
  await callApi(request, token, '/platform/team/invite-staff', {
    email: `${username}@colleague.test`,
    username,
    name,
    role: 'member',
    permissions: ['wealth'],
    language: 'es',
  });
  await page.goto('/es/team');
  await page.getByRole('searchbox', { name: 'Buscar personas' }).fill(username);
  const row = page.getByRole('row').filter({ hasText: username });
  await row.getByRole('button', { name: `Acciones de ${username}` }).click();
  await page.getByRole('menuitem', { name: 'Editar rol y permisos' }).click();
  const dialog = page.getByRole('dialog', { name: `Rol y permisos de ${username}` });
  await dialog.getByRole('radio', { name: /Administrador/ }).check();
  return { token, username, dialog };
}
