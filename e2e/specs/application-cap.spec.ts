import { callApi, signInByApi } from '../fixtures/api';
import { DEMO_USERS } from '../fixtures/demo';
import { expect, test } from '../fixtures/signed-in';

const TEXT = {
  es: {
    newApplication: 'Nueva aplicación',
    name: 'Nombre',
    create: 'Crear aplicación',
    atLimit:
      'Tu empresa ha alcanzado el máximo de aplicaciones. Elimina alguna que ya no uses para crear otra',
  },
  en: {
    newApplication: 'New application',
    name: 'Name',
    create: 'Create application',
    atLimit:
      'Your company has reached the maximum number of applications. Delete one you no longer use to create another',
  },
} as const;

/** The API's default cap (APPLICATIONS_MAX_PER_COMPANY). */
const MAX_APPLICATIONS = 20;

test.use({ signedInAs: DEMO_USERS.wealth });

test('applications: at the company’s cap the create dialog says so (es, en), and nothing is created', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const token = await signInByApi(request, DEMO_USERS.wealth);
  const existing = await callApi<{ client_id: string }[]>(
    request,
    token,
    '/platform/applications/list-applications',
  );
  // Up to the cap through the API (set-up); removed again at the end.
  const added: string[] = [];
  for (let index = existing.length; index < MAX_APPLICATIONS; index += 1) {
    const created = await callApi<{ client_id: string }>(
      request,
      token,
      '/platform/applications/create-application',
      { name: `Cap ${index} ${Date.now().toString(36)}` },
    );
    added.push(created.client_id);
  }
  try {
    for (const lang of ['es', 'en'] as const) {
      const t = TEXT[lang];
      await page.goto(`/${lang}/applications`);
      await page.getByRole('button', { name: t.newApplication }).first().click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel(new RegExp(`^${t.name}`)).fill(`One too many ${lang}`);
      await dialog.getByRole('button', { name: t.create }).click();
      await expect(dialog.getByRole('alert')).toHaveText(t.atLimit);
      await page.screenshot({ path: `test-results/application-cap-${lang}.png` });
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
    }
    const after = await callApi<{ name: string }[]>(
      request,
      token,
      '/platform/applications/list-applications',
    );
    expect(after).toHaveLength(MAX_APPLICATIONS);
    expect(after.some((application) => application.name.startsWith('One too many'))).toBe(false);
  } finally {
    for (const clientId of added) {
      await callApi(request, token, '/platform/applications/delete-application', { client_id: clientId });
    }
  }
});
