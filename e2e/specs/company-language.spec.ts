import { callApi, signInByApi } from '../fixtures/api';
import { DEMO_USERS } from '../fixtures/demo';
import { expect, test } from '../fixtures/signed-in';

test.use({ signedInAs: DEMO_USERS.wealth });

test('an admin changes the company language on the Team page; it is kept, and said in a toast', async ({
  page,
  request,
}) => {
  const token = await signInByApi(request, DEMO_USERS.wealth);
  try {
    await page.goto('/es/team');
    const language = page.getByRole('combobox', { name: 'Idioma de la empresa' });
    await expect(language).toHaveValue('Español');
    await expect(page.getByText(/si no lo sabemos, en este/)).toBeVisible();
    await language.click();
    await page.getByRole('option', { name: 'English' }).click();
    await expect(page.getByText('Idioma de la empresa: English')).toBeVisible();
    await page.reload();
    await expect(page.getByRole('combobox', { name: 'Idioma de la empresa' })).toHaveValue('English');
    expect(await callApi(request, token, '/platform/team/company-language', {})).toEqual({ language: 'en' });

    await page.goto('/en/team');
    await expect(page.getByRole('heading', { name: 'Team', level: 1 })).toBeVisible();
    const english = page.getByRole('combobox', { name: 'Company language' });
    await expect(english).toHaveValue('English');
    await english.click();
    await page.getByRole('option', { name: 'Español' }).click();
    await expect(page.getByText('Company language: Español')).toBeVisible();
  } finally {
    // Other specs on this server expect the demo company's Spanish.
    await callApi(request, token, '/platform/team/set-company-language', { language: 'es' });
  }
});
