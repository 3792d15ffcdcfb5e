import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { callApi, findClientsWithFullBook, signInByApi } from '../fixtures/api';
import { DEMO_USERS } from '../fixtures/demo';
import { expect, test } from '../fixtures/signed-in';

/** Issue 31: a demo client's overview, in both languages, on a desktop and on a phone. */
const SHOTS = process.env.SHOTS_DIR ?? '/work/shots/overview';
mkdirSync(SHOTS, { recursive: true });

const TEXT = {
  es: {
    tab: 'Resumen',
    net: (currency: string) => `Posición neta en ${currency}`,
    kind: 'Por tipo de producto',
    history: 'Evolución del saldo',
    historyChart: /^Evolución del saldo en EUR/,
    table: 'Tabla',
    showHistory: 'Mostrar Evolución del saldo como',
    range: 'Periodo',
    year: '12 meses',
    value: 'Valor a lo largo del tiempo',
    movements: 'Operaciones del periodo',
  },
  en: {
    tab: 'Overview',
    net: (currency: string) => `Net position in ${currency}`,
    kind: 'By product kind',
    history: 'Balance history',
    historyChart: /^Balance history in EUR/,
    table: 'Table',
    showHistory: 'Show Balance history as',
    range: 'Period',
    year: '12 months',
    value: 'Value over time',
    movements: 'Movements in the period',
  },
} as const;

const FIRST_LOAD = { timeout: 30_000 };

interface Overview {
  positions: { currency: string; accounts: number; portfolios: number; liabilities: number; net: number }[];
}

/** "−1.457,57 €" and "-€1,457.57" both read as -145757 cents. */
const cents = (text: string) => {
  const digits = Number(text.replace(/[^0-9]/g, ''));
  return /[-−]/.test(text) ? -digits : digits;
};

test.use({ signedInAs: DEMO_USERS.wealth });
// Two full-page screenshots and a range change per test, on two shared cores.
test.describe.configure({ timeout: 120_000 });

async function demoBook(page: Page) {
  const request = page.request;
  const token = await signInByApi(request, DEMO_USERS.wealth);
  const [book] = await findClientsWithFullBook(request, token);
  if (!book) throw new Error('the demo has a client with accounts, portfolios and liabilities');
  const overview = await callApi<Overview>(request, token, '/platform/wealth/client-overview', {
    client_id: book.client.id,
  });
  return { book, overview, token };
}

for (const lang of ['es', 'en'] as const) {
  for (const width of [1366, 390]) {
    test(`a demo client's overview (${lang}, ${width} px)`, async ({ page }) => {
      const t = TEXT[lang];
      await page.setViewportSize({ width, height: width > 500 ? 800 : 844 });
      const { book, overview } = await demoBook(page);

      // The client's page opens on the overview, with its own path.
      await page.goto(`/${lang}/wealth/clients/${book.client.id}`);
      await expect(page).toHaveURL(new RegExp(`/${lang}/wealth/clients/${book.client.id}/overview$`));
      await expect(page.getByRole('tab', { name: t.tab, selected: true })).toBeVisible(FIRST_LOAD);

      // Net position per currency, to the cent of the API's (which the API tests tie to the tabs).
      for (const position of overview.positions) {
        const card = page.getByRole('region', { name: t.net(position.currency) });
        await expect(card).toBeVisible(FIRST_LOAD);
        const figure = await card.getByTestId(`net-${position.currency}`).textContent();
        expect(cents(figure ?? '')).toBe(Math.round(position.net * 100));
      }
      // The charts arrive with their own code: a donut and the history, each a labelled image.
      await expect(page.getByRole('heading', { name: t.kind })).toBeVisible(FIRST_LOAD);
      await expect(page.getByRole('img', { name: t.historyChart })).toBeVisible(FIRST_LOAD);
      await expect(page.locator('.recharts-surface').first()).toBeVisible();
      // No sideways scroll on either width.
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await page.screenshot({ path: `${SHOTS}/overview-${lang}-${width}.png`, fullPage: true });

      // A longer period keeps the address; the figures are a table for keyboard and screen-reader users.
      await page.getByRole('radiogroup', { name: t.range }).getByText(t.year).click();
      await expect(page).toHaveURL(/range=12m/);
      await page.getByRole('radiogroup', { name: t.showHistory }).getByText(t.table).click();
      const table = page.getByRole('table', { name: t.history });
      await expect(table).toBeVisible();
      await expect(table.getByRole('row').nth(1)).toBeVisible();
      await table.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SHOTS}/overview-table-${lang}-${width}.png`, fullPage: true });
    });
  }

  test(`a portfolio's value and an investment's timeline (${lang})`, async ({ page }) => {
    const t = TEXT[lang];
    await page.setViewportSize({ width: 1366, height: 800 });
    const { book, token } = await demoBook(page);
    const portfolio = book.portfolios[0];
    if (!portfolio) throw new Error('the book has a portfolio');
    await page.goto(`/${lang}/wealth/clients/${book.client.id}/portfolios/${portfolio.id}?range=12m`);
    await expect(page.getByRole('heading', { name: t.value })).toBeVisible(FIRST_LOAD);
    await expect(page.locator('.recharts-surface').first()).toBeVisible(FIRST_LOAD);
    await page.screenshot({ path: `${SHOTS}/portfolio-${lang}.png`, fullPage: true });

    const [investment] = await callApi<{ id: string }[]>(
      page.request,
      token,
      '/platform/wealth/portfolio-investment-list',
      { client_id: book.client.id, portfolio_id: portfolio.id },
    );
    if (!investment) throw new Error('the portfolio holds an investment');
    await page.goto(
      `/${lang}/wealth/clients/${book.client.id}/portfolios/${portfolio.id}/${investment.id}?range=all`,
    );
    await expect(page.getByRole('heading', { name: t.value })).toBeVisible(FIRST_LOAD);
    await expect(page.getByRole('region', { name: t.movements })).toBeVisible(FIRST_LOAD);
    await page.screenshot({ path: `${SHOTS}/investment-${lang}.png`, fullPage: true });
  });
}

// A portal user sees the overview of a client assigned to them, as staff do, and not another's.
test.describe('as a portal user', () => {
  test.use({ signedInAs: DEMO_USERS.portal });
  for (const lang of ['es', 'en'] as const) {
    for (const width of [1366, 390]) {
      test(`an assigned client's overview (${lang}, ${width} px)`, async ({ page }) => {
        const t = TEXT[lang];
        await page.setViewportSize({ width, height: width > 500 ? 800 : 844 });
        const token = await signInByApi(page.request, DEMO_USERS.portal);
        const [mine] = await callApi<{ id: string }[]>(page.request, token, '/platform/wealth/client-list', {
          sort: 'name',
        });
        if (!mine) throw new Error('the demo portal user has clients assigned');
        const overview = await callApi<Overview>(page.request, token, '/platform/wealth/client-overview', {
          client_id: mine.id,
        });
        await page.goto(`/${lang}/wealth/clients/${mine.id}/overview?range=all`);
        await expect(page.getByRole('tab', { name: t.tab, selected: true })).toBeVisible(FIRST_LOAD);
        for (const position of overview.positions) {
          await expect(page.getByRole('region', { name: t.net(position.currency) })).toBeVisible(FIRST_LOAD);
        }
        await expect(page.getByRole('heading', { name: t.history })).toBeVisible(FIRST_LOAD);
        await expect(page.locator('.recharts-surface').first()).toBeVisible(FIRST_LOAD);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow).toBeLessThanOrEqual(0);
        await page.screenshot({ path: `${SHOTS}/overview-portal-${lang}-${width}.png`, fullPage: true });
      });
    }
  }
});
