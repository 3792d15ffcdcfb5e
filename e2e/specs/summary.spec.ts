import type { APIRequestContext, Page } from '@playwright/test';
import { callApi, connectCredential, holderCount, signInByApi } from '../fixtures/api';
import { DEMO_USERS } from '../fixtures/demo';
import { expect, test } from '../fixtures/signed-in';

interface Summary {
  counts: { total: number; blocked: number; pending: number; sca: number; down: number; ok: number };
  entities: { id: string; total: number; blocked: number; sca_token: number }[];
  last_credentials: { credentials_token: string; bank: string; state: string }[];
}

const TEXT = {
  es: {
    states: 'Credenciales por estado',
    total: (n: number) => (n === 1 ? 'Credencial' : 'Credenciales'),
    blocked: (n: number) => (n === 1 ? 'Bloqueada' : 'Bloqueadas'),
    pending: 'Actualizando',
    sca: 'SCA',
    last: 'Últimas credenciales conectadas',
    chart: 'Gráfico de credenciales por entidad: total, bloqueadas y SCA',
    table: 'Ver como tabla',
    entityTable: 'Credenciales por entidad',
  },
  en: {
    states: 'Credentials by state',
    total: (n: number) => (n === 1 ? 'Credential' : 'Credentials'),
    blocked: () => 'Blocked',
    pending: 'Updating',
    sca: 'SCA',
    last: 'Latest connected credentials',
    chart: 'Chart of credentials by institution: total, blocked and SCA',
    table: 'Show as table',
    entityTable: 'Credentials by institution',
  },
} as const;

const shortToken = (token: string) => `${token.slice(0, 8)}…${token.slice(-4)}`;

/** The first look at a page waits longer: the e2e server shares two busy cores with its browser. */
const FIRST_LOAD = { timeout: 30_000 };

async function expectFigure(page: Page, list: string, label: string, value: number) {
  const card = page.getByRole('list', { name: list }).getByRole('listitem', { name: label, exact: true });
  await expect(card).toContainText(String(value), FIRST_LOAD);
}

test.use({ signedInAs: DEMO_USERS.wealth });

/** A healthy credential of the test's own, at an institution no other spec (or test) counts. */
async function ownCredential(request: APIRequestContext, token: string, bank: string) {
  return connectCredential(request, token, { bank, username: `e2e-summary-${bank}` });
}

const entityTotal = (summary: Summary, bank: string) =>
  summary.entities.find((entity) => entity.id === bank)?.total ?? 0;

test.describe('summary', () => {
  for (const lang of ['es', 'en'] as const) {
    test(`shows the demo figures (${lang})`, async ({ page, request }) => {
      const token = await signInByApi(request, DEMO_USERS.wealth);
      const seeded = await callApi<Summary>(request, token, '/platform/summary/get-summary');
      // The demo seed has a stale SCA, a blocked one and an invalid access (both blocked) and one down;
      // other specs share this server and may repair the invalid access, so only "at least one" holds.
      expect(seeded.counts.blocked).toBeGreaterThanOrEqual(1);
      expect(seeded.counts).toMatchObject({ sca: 1, down: 1 });
      const t = TEXT[lang];
      // Other specs connect and delete credentials meanwhile: the page must show exactly what the
      // server answered it, so the figures are read from that answer.
      const answer = page.waitForResponse('**/platform/summary/get-summary');
      await page.goto(`/${lang}/summary`);
      const summary = (await (await answer).json()) as Summary;
      expect(summary.counts).toMatchObject({ sca: 1, down: 1 });
      await expectFigure(page, t.states, t.total(summary.counts.total), summary.counts.total);
      await expectFigure(page, t.states, t.blocked(summary.counts.blocked), summary.counts.blocked);
      await expectFigure(page, t.states, t.sca, 1);
      await expectFigure(page, t.states, t.pending, summary.counts.pending);
      await expect(page.getByRole('img', { name: t.chart })).toBeVisible();
      await expect(
        page.getByRole('img', { name: t.chart }).locator('.recharts-bar-rectangle').first(),
      ).toBeVisible();

      // The same figures per institution, as a table.
      await page.getByText(t.table).click();
      const table = page.getByRole('table', { name: t.entityTable });
      await expect(table.getByRole('row')).toHaveCount(summary.entities.length + 1);
      const last = page.getByRole('table', { name: t.last });
      await expect(last.getByRole('row')).toHaveCount(summary.last_credentials.length + 1);
    });
  }

  test('a credential deleted on the summary disappears from connections', async ({ page, request }) => {
    const token = await signInByApi(request, DEMO_USERS.wealth);
    const victim = await ownCredential(request, token, 'mediolanum');
    const short = shortToken(victim);
    // One row per holder of the credential (a bare row while it has none).
    const rows = Math.max(1, await holderCount(request, token, victim));

    // Connections first, so its answer is cached: the delete must refresh it, not just the summary.
    await page.goto('/es/wealth/connections/mediolanum');
    const identity = page.getByRole('table', { name: 'Identidad de las credenciales' });
    await expect(identity.getByRole('row').filter({ hasText: short })).toHaveCount(rows, FIRST_LOAD);
    const answer = page.waitForResponse('**/platform/summary/get-summary');
    await page
      .getByRole('navigation', { name: 'Navegación principal' })
      .getByRole('link', { name: 'Resumen' })
      .click();
    await expect(page).toHaveURL(/\/es\/summary$/);
    const before = (await (await answer).json()) as Summary;
    expect(before.last_credentials.map((item) => item.credentials_token)).toContain(victim);

    await page.getByRole('button', { name: `Eliminar las credenciales ${short}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Eliminar credenciales' });
    await expect(dialog).toContainText('Esta acción no se puede deshacer');
    const refreshed = page.waitForResponse('**/platform/summary/get-summary');
    await dialog.getByRole('button', { name: 'Eliminar' }).click();
    await expect(page.getByText('Credenciales eliminadas')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('button', { name: `Eliminar las credenciales ${short}` })).toHaveCount(0);
    // The figures drop by this one credential: its institution's count is exact (no other spec uses
    // it), the company's total is whatever the refreshed answer says, as others come and go meanwhile.
    const after = (await (await refreshed).json()) as Summary;
    expect(after.last_credentials.map((item) => item.credentials_token)).not.toContain(victim);
    expect(entityTotal(after, 'mediolanum')).toBe(entityTotal(before, 'mediolanum') - 1);
    await expectFigure(page, TEXT.es.states, TEXT.es.total(after.counts.total), after.counts.total);

    await page.goBack();
    await expect(page).toHaveURL(/\/es\/wealth\/connections\/mediolanum$/);
    await expect(identity.getByRole('row').filter({ hasText: short })).toHaveCount(0);
    const remaining = await callApi<{ credentials_token: string }[]>(
      request,
      token,
      '/platform/wealth/get-credentials-information',
    );
    expect(remaining.some((item) => item.credentials_token === victim)).toBe(false);
  });

  test('a failed delete says so with the spec text', async ({ page, request }) => {
    const token = await signInByApi(request, DEMO_USERS.wealth);
    const victim = await ownCredential(request, token, 'andbank');
    await page.goto('/es/summary');
    const button = page.getByRole('button', { name: `Eliminar las credenciales ${shortToken(victim)}` });
    await expect(button).toBeVisible(FIRST_LOAD);
    // Someone else deletes it first: this delete answers NotFound.
    await callApi(request, token, '/platform/summary/delete-credentials', { credentials_token: victim });
    await button.click();
    await page.getByRole('dialog').getByRole('button', { name: 'Eliminar' }).click();
    await expect(page.getByText('No se han podido eliminar las credenciales')).toBeVisible();
  });
});
