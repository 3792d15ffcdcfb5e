import { expect, test } from '@playwright/test';
import { callApi, signInByApi } from '../fixtures/api';
import { CONNECT_TEXT, pickInstitution, submitCredentials } from '../fixtures/connect';
import { DEMO_USERS } from '../fixtures/demo';

const TEXT = {
  es: {
    title: 'Conexión completada',
    text: /Ya puedes cerrar esta página/,
    // A connect link has no terms or privacy policy to link to: the holder allows the reading itself.
    consent: 'Autorizo a Demo Wealth a consultar mis datos de Unicaja Banco, solo en modo de lectura',
  },
  en: {
    title: 'Connection complete',
    text: /You can close this page/,
    consent: 'I allow Demo Wealth to read my data at Unicaja Banco, read-only',
  },
} as const;

for (const lang of ['es', 'en'] as const) {
  test(`an account holder finishing a sent link lands on a confirmation page in their language (${lang})`, async ({
    browser,
    request,
  }) => {
    // Staff generate the link ('Generar enlace'); the holder opens it in a browser with no session.
    const token = await signInByApi(request, DEMO_USERS.wealth);
    const { url } = await callApi<{ url: string }>(request, token, '/platform/wealth/create-connect-link', {
      redirect_uri: `/${lang}/wealth/connections?fromlink=true`,
      client_id: null,
      language: lang,
    });
    const holder = await browser.newContext();
    const page = await holder.newPage();
    await page.goto(new URL(url).pathname);
    await pickInstitution(page, lang, 'Unicaja Banco');
    await expect(page.getByRole('checkbox', { name: TEXT[lang].consent })).toBeVisible();
    // A password the bank refuses is said, and not kept in its field; the username stays.
    await submitCredentials(page, lang, { username: 'demo-wrong', password: 'not-my-password' });
    await expect(page.getByRole('alert')).toContainText(CONNECT_TEXT[lang].invalidAccess);
    await expect(page.getByLabel(new RegExp(`^${CONNECT_TEXT[lang].password}`))).toHaveValue('');
    await expect(page.getByLabel(new RegExp(`^${CONNECT_TEXT[lang].username}`))).toHaveValue('demo-wrong');
    await submitCredentials(page, lang, { username: `holder-${lang}`, password: 'demo' });

    await expect(page).toHaveURL(new RegExp(`/${lang}/connect/done$`));
    await expect(page.getByRole('heading', { name: TEXT[lang].title })).toBeVisible();
    await expect(page.getByText(TEXT[lang].text)).toBeVisible();
    expect(page.url()).not.toMatch(/token|fromlink/);
    // Not the staff login, and a reload keeps the page.
    await page.reload();
    await expect(page.getByRole('heading', { name: TEXT[lang].title })).toBeVisible();
    await holder.close();
  });
}
