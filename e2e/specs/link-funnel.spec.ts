import { type APIRequestContext, devices } from '@playwright/test';
import { callApi, signInByApi } from '../fixtures/api';
import { pickInstitution, submitCredentials } from '../fixtures/connect';
import { DEMO_USERS } from '../fixtures/demo';
import { expect, NO_SESSION, test } from '../fixtures/signed-in';

const TEXT = {
  es: {
    actions: (name: string) => `Acciones de ${name}`,
    funnel: 'Ver embudo',
    title: (name: string) => `Embudo de ${name}`,
    lastDay: '1 día',
    table: 'Ver como tabla',
    success: 'Credencial añadida con éxito!',
    conversion: '50 %',
    steps: {
      opened: 'Abierto',
      chosen: 'Entidad elegida',
      sent: 'Credenciales enviadas',
      connected: 'Conectada',
      abandoned: 'Abandonada',
    },
    browserLocale: 'es-ES',
  },
  en: {
    actions: (name: string) => `Actions for ${name}`,
    funnel: 'View funnel',
    title: (name: string) => `Funnel of ${name}`,
    lastDay: '1 day',
    table: 'Show as table',
    success: 'Credential added successfully!',
    conversion: '50%',
    steps: {
      opened: 'Opened',
      chosen: 'Institution chosen',
      sent: 'Credentials sent',
      connected: 'Connected',
      abandoned: 'Abandoned',
    },
    browserLocale: 'en-GB',
  },
} as const;

interface Link {
  name: string;
  token: string;
  url: string;
}

/**
 * A visit that opens the Link and picks an institution, then stops: set up through the hosted pages' own
 * calls. The e2e server idles visits out after FUNNEL_IDLE_SECONDS (3 s; 30 min by default), which pass
 * while the completed visit runs in the browser.
 */
async function leaveAVisit(request: APIRequestContext, link: Link) {
  const started = await request.post('/v0/links/start-session', { data: { token: link.token } });
  expect(started.status()).toBe(200);
  const { connect_token: token } = await started.json();
  const chosen = await request.post('/v0/connect/choose-institution', {
    data: { token, entity_id: 'cajamar' },
  });
  expect(chosen.status()).toBe(200);
}

test.use({ signedInAs: DEMO_USERS.wealth });

for (const lang of ['es', 'en'] as const) {
  test(`link funnel (${lang}): a completed and an abandoned visit show in the Link's funnel`, async ({
    page,
    browser,
    request,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const t = TEXT[lang];
    const staff = await signInByApi(request, DEMO_USERS.wealth);
    const name = `Funnel ${lang} ${Date.now().toString(36)}`;
    const link = await callApi<Link>(request, staff, '/platform/links/create-link', { name });

    await leaveAVisit(request, link);

    // The completed visit: a customer's own browser through the hosted Link page.
    const visitorContext = await browser.newContext({
      ...devices['Pixel 7'],
      viewport: { width: 390, height: 844 },
      locale: t.browserLocale,
      baseURL,
      storageState: NO_SESSION,
    });
    const visitor = await visitorContext.newPage();
    await visitor.goto(new URL(link.url).pathname);
    await pickInstitution(visitor, lang, 'Cajamar');
    await submitCredentials(visitor, lang, { username: 'demo-ok', password: 'demo' });
    await expect(visitor.getByRole('heading', { name: t.success })).toBeVisible();
    await visitorContext.close();

    // Staff open the funnel from the Link's row.
    await page.goto(`/${lang}/links?q=${encodeURIComponent(name)}`);
    await page.getByRole('button', { name: t.actions(name) }).click();
    await page.getByRole('menuitem', { name: t.funnel }).click();
    await expect(page.getByRole('heading', { level: 1, name: t.title(name) })).toBeVisible();
    await page.getByRole('radiogroup').first().getByText(t.lastDay, { exact: true }).click();
    await expect(page).toHaveURL(/days=1/);
    await expect(page.getByTestId('funnel-conversion')).toHaveText(t.conversion);
    await expect(page.getByTestId('funnel-chart')).toBeVisible();

    await page.getByText(t.table).click();
    const table = page.getByTestId('funnel-table');
    const visits = (step: string) =>
      table
        .getByRole('row')
        .filter({ hasText: new RegExp(`^${step}`) })
        .getByRole('cell')
        .nth(1);
    await expect(visits(t.steps.opened)).toHaveText('2');
    await expect(visits(t.steps.chosen)).toHaveText('2');
    await expect(visits(t.steps.sent)).toHaveText('1');
    await expect(visits(t.steps.connected)).toHaveText('1');
    await expect(visits(t.steps.abandoned)).toHaveText('1');
  });
}
