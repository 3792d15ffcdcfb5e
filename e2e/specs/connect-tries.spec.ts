import { devices } from '@playwright/test';
import { callApi, signInByApi } from '../fixtures/api';
import { CONNECT_TEXT, pickInstitution, submitCredentials } from '../fixtures/connect';
import { DEMO_USERS } from '../fixtures/demo';
import { expect, NO_SESSION, test } from '../fixtures/signed-in';

/** The caps on wrong passwords (connect-flow.ts): five on one visit stop it, with no form left to try. */
const PASSWORD_TRIES_PER_TOKEN = 5;

const TEXT = {
  es: {
    locale: 'es-ES',
    title: 'Conexión detenida',
    // The login's own cap (10 an hour) is not spent: a new visit may try again at once.
    reopen: 'Vuelve a abrir el enlace para intentarlo de nuevo.',
  },
  en: { locale: 'en-GB', title: 'Connection stopped', reopen: 'Open the link again to try once more.' },
} as const;

for (const lang of ['es', 'en'] as const) {
  test(`connect (${lang}): five wrong passwords stop the visit, saying what to do, with no form left`, async ({
    browser,
    request,
    baseURL,
  }) => {
    const staff = await signInByApi(request, DEMO_USERS.wealth);
    const name = `Tries ${lang} ${Date.now().toString(36)}`;
    const link = await callApi<{ url: string }>(request, staff, '/platform/links/create-link', { name });
    const context = await browser.newContext({
      ...devices['Pixel 7'],
      viewport: { width: 390, height: 844 },
      locale: TEXT[lang].locale,
      baseURL,
      storageState: NO_SESSION,
    });
    const visitor = await context.newPage();
    await visitor.goto(new URL(link.url).pathname);
    await pickInstitution(visitor, lang, 'Cajamar');
    // A login of its own: the cap per login (per company and bank) must not reach other tests' logins.
    const login = { username: `e2e-tries-${lang}-${Date.now().toString(36)}`, password: 'wrong' };
    for (let attempt = 1; attempt < PASSWORD_TRIES_PER_TOKEN; attempt++) {
      await submitCredentials(visitor, lang, login);
      await expect(visitor.getByRole('alert').getByText(CONNECT_TEXT[lang].invalidAccess)).toBeVisible();
    }
    await submitCredentials(visitor, lang, login);
    await expect(visitor.getByRole('heading', { name: TEXT[lang].title, level: 1 })).toBeVisible();
    await expect(visitor.getByRole('alert')).toContainText(TEXT[lang].reopen);
    await expect(visitor.getByLabel(new RegExp(`^${CONNECT_TEXT[lang].password}`))).toHaveCount(0);
    await expect(visitor.getByRole('button', { name: CONNECT_TEXT[lang].connect, exact: true })).toHaveCount(
      0,
    );
    await visitor.screenshot({ path: test.info().outputPath(`tries-${lang}.png`) });
    await context.close();
  });
}
