import type { InvestmentType } from '@caudal/contract';

/**
 * Real instruments a Spanish wealth client plausibly holds. Every ISIN here is a real one
 * that passes the ISO 6166 check (see instruments.test.ts); anything we could not vouch for
 * was left out rather than given an invented check digit. Prices are rough reference levels
 * around early 2025 — the sandbox moves them along a synthetic path (prices.ts), so they are
 * only there to keep orders of magnitude believable.
 */

export type Currency = 'EUR' | 'USD' | 'CHF';

export interface Instrument {
  /** Our short key, stable across catalogue edits; seeds price paths and ids. */
  key: string;
  /** null for products that have none: Spanish pension plans, crypto, cash. */
  isin: string | null;
  name: string;
  type: InvestmentType;
  currency: Currency;
  /** Reference price per unit in `currency`, as of PRICE_REFERENCE_DATE. */
  price: number;
  /** Annual volatility used by the synthetic price path. */
  volatility: number;
  /** Cash distribution per year as a fraction of price (dividends, or interest for cash). */
  yield: number;
  /** How many distributions a year: 0 for accumulating products. */
  payoutsPerYear: number;
  /** Decimals of a participation: 0 for shares, 6 for fund units, 8 for crypto. */
  unitDecimals: number;
}

export const PRICE_REFERENCE_DATE = '2025-01-01';

type Row = [key: string, isin: string | null, name: string, price: number, yieldPct: number, payouts: number];

function rows(
  type: InvestmentType,
  currency: Currency,
  volatility: number,
  unitDecimals: number,
  list: readonly Row[],
): Instrument[] {
  return list.map(([key, isin, name, price, yieldPct, payoutsPerYear]) => ({
    key,
    isin,
    name,
    type,
    currency,
    price,
    volatility,
    yield: yieldPct / 100,
    payoutsPerYear,
    unitDecimals,
  }));
}

const SPANISH_AND_EUROPEAN_STOCKS = rows('VI', 'EUR', 0.24, 0, [
  ['san', 'ES0113900J37', 'Banco Santander, S.A.', 4.6, 4, 2],
  ['bbva', 'ES0113211835', 'Banco Bilbao Vizcaya Argentaria, S.A.', 9.8, 6, 2],
  ['itx', 'ES0148396007', 'Industria de Diseño Textil, S.A. (Inditex)', 49.5, 3, 2],
  ['ibe', 'ES0144580Y14', 'Iberdrola, S.A.', 13.3, 4.5, 2],
  ['tef', 'ES0178430E18', 'Telefónica, S.A.', 3.9, 7, 2],
  ['rep', 'ES0173516115', 'Repsol, S.A.', 11.7, 7, 2],
  ['cabk', 'ES0140609019', 'CaixaBank, S.A.', 5.2, 6.5, 2],
  ['ama', 'ES0109067019', 'Amadeus IT Group, S.A.', 68, 2, 2],
  ['clnx', 'ES0105066007', 'Cellnex Telecom, S.A.', 30.5, 0, 0],
  ['ele', 'ES0130670112', 'Endesa, S.A.', 20.8, 5.5, 2],
  ['ntgy', 'ES0116870314', 'Naturgy Energy Group, S.A.', 23.4, 6, 2],
  ['fer', 'NL0015001FS8', 'Ferrovial SE', 40.6, 2, 2],
  ['asml', 'NL0010273215', 'ASML Holding N.V.', 680, 1, 4],
  ['mc', 'FR0000121014', 'LVMH Moët Hennessy Louis Vuitton SE', 635, 2, 2],
  ['sap', 'DE0007164600', 'SAP SE', 236, 1, 1],
  ['tte', 'FR0000120271', 'TotalEnergies SE', 53.4, 5.5, 4],
  ['sie', 'DE0007236101', 'Siemens AG', 188, 2.8, 1],
]);

const SWISS_STOCKS = rows('VI', 'CHF', 0.16, 0, [['nesn', 'CH0038863350', 'Nestlé S.A.', 75, 3.6, 1]]);

const US_STOCKS = rows('VI', 'USD', 0.28, 0, [
  ['aapl', 'US0378331005', 'Apple Inc.', 243, 0.45, 4],
  ['msft', 'US5949181045', 'Microsoft Corporation', 421, 0.8, 4],
  ['googl', 'US02079K3059', 'Alphabet Inc. Class A', 189, 0.4, 4],
  ['amzn', 'US0231351067', 'Amazon.com, Inc.', 219, 0, 0],
  ['nvda', 'US67066G1040', 'NVIDIA Corporation', 134, 0.03, 4],
  ['tsla', 'US88160R1014', 'Tesla, Inc.', 403, 0, 0],
  ['brkb', 'US0846707026', 'Berkshire Hathaway Inc. Class B', 453, 0, 0],
  ['ko', 'US1912161007', 'The Coca-Cola Company', 62, 3.1, 4],
  ['jnj', 'US4781601046', 'Johnson & Johnson', 145, 3.3, 4],
]);

const ETFS = rows('ETF', 'EUR', 0.15, 0, [
  ['eunl', 'IE00B4L5Y983', 'iShares Core MSCI World UCITS ETF USD (Acc)', 101, 0, 0],
  ['sxr8', 'IE00B5BMR087', 'iShares Core S&P 500 UCITS ETF USD (Acc)', 568, 0, 0],
  ['vwce', 'IE00BK5BQT80', 'Vanguard FTSE All-World UCITS ETF USD Accumulating', 129, 0, 0],
  ['vwrl', 'IE00B3RBWM25', 'Vanguard FTSE All-World UCITS ETF USD Distributing', 124, 1.8, 4],
  ['vusa', 'IE00B3XXRP09', 'Vanguard S&P 500 UCITS ETF USD Distributing', 104, 1.2, 4],
  ['eimi', 'IE00BKM4GZ66', 'iShares Core MSCI EM IMI UCITS ETF USD (Acc)', 32.5, 0, 0],
  ['xdwd', 'IE00BJ0KDQ92', 'Xtrackers MSCI World UCITS ETF 1C', 109, 0, 0],
  ['exw1', 'IE0008471009', 'iShares Core EURO STOXX 50 UCITS ETF EUR (Dist)', 50.2, 3, 4],
  ['cw8', 'LU1681043599', 'Amundi MSCI World Swap UCITS ETF EUR Acc', 540, 0, 0],
  ['spyi', 'IE00B3YLTY66', 'SPDR MSCI ACWI IMI UCITS ETF', 225, 0, 0],
  ['eqqq', 'IE0032077012', 'Invesco EQQQ Nasdaq-100 UCITS ETF', 495, 0.5, 4],
]);

const BOND_ETFS = rows('ETF', 'EUR', 0.05, 0, [
  ['aggh', 'IE00BDBRDM35', 'iShares Core Global Aggregate Bond UCITS ETF EUR Hedged (Acc)', 4.7, 0, 0],
  ['eunh', 'IE00B4WXJJ64', 'iShares Core € Govt Bond UCITS ETF (Dist)', 114, 2.4, 2],
  ['erne', 'IE00BCRY6557', 'iShares € Ultrashort Bond UCITS ETF (Dist)', 100.6, 3, 2],
]);

const EQUITY_FUNDS = rows('F', 'EUR', 0.15, 6, [
  ['vgsi', 'IE00B03HD191', 'Vanguard Global Stock Index Fund EUR Acc', 46.2, 0, 0],
  ['vus500', 'IE0032126645', 'Vanguard U.S. 500 Stock Index Fund EUR Acc', 71.8, 0, 0],
  ['vem', 'IE0031786696', 'Vanguard Emerging Markets Stock Index Fund EUR Acc', 254, 0, 0],
  ['vsmall', 'IE00B42W4L06', 'Vanguard Global Small-Cap Index Fund EUR Acc', 356, 0, 0],
  ['veuro', 'IE0008248803', 'Vanguard Eurozone Stock Index Fund EUR Acc', 318, 0, 0],
  ['amworld', 'LU0996182563', 'Amundi Index MSCI World AE-C', 342, 0, 0],
  ['amem', 'LU0996177134', 'Amundi Index MSCI Emerging Markets AE-C', 151, 0, 0],
  ['fidworld', 'IE00BYX5NX33', 'Fidelity MSCI World Index Fund P-ACC-EUR', 14.6, 0, 0],
  ['ishdev', 'IE00BD0NCM55', 'iShares Developed World Index Fund (IE) D Acc EUR', 20.3, 0, 0],
  ['cobasint', 'ES0119199000', 'Cobas Internacional FI Clase C', 137, 0, 0],
  ['cobassel', 'ES0124037005', 'Cobas Selección FI Clase C', 143, 0, 0],
  ['azvint', 'ES0112611001', 'azValor Internacional FI', 345, 0, 0],
  ['fundsmith', 'LU0690375182', 'Fundsmith Equity Fund SICAV T EUR Acc', 61.5, 0, 0],
  ['carmpat', 'FR0010135103', 'Carmignac Patrimoine A EUR Acc', 705, 0, 0],
]);

const BOND_FUNDS = rows('FI', 'EUR', 0.05, 6, [
  ['vgbond', 'IE00B18GC888', 'Vanguard Global Bond Index Fund EUR Hedged Acc', 117, 0, 0],
  ['vegov', 'IE0007472990', 'Vanguard Euro Government Bond Index Fund EUR Acc', 205, 0, 0],
  ['xeon', 'LU0290358497', 'Xtrackers II EUR Overnight Rate Swap UCITS ETF 1C', 141, 0, 0],
]);

/**
 * Spanish pension plans are registered with the DGSFP, not given ISINs. The N9xxx codes
 * below are deliberately fictitious sandbox codes, not real registrations.
 */
const PENSION_PLANS = rows('PP', 'EUR', 0.1, 6, [
  ['ppglobal', null, 'Plan de Pensiones Indexado Renta Variable Global (DGS N9101)', 14.2, 0, 0],
  ['ppmixto', null, 'Plan de Pensiones Renta Fija Mixta (DGS N9102)', 9.7, 0, 0],
  ['ppconserv', null, 'Plan de Pensiones Conservador Renta Fija (DGS N9103)', 11.4, 0, 0],
  ['ppsp500', null, 'Plan de Pensiones Indexado S&P 500 (DGS N9104)', 17.9, 0, 0],
]);

const CRYPTO = rows('C', 'EUR', 0.6, 8, [
  ['btc', null, 'Bitcoin (BTC)', 90_000, 0, 0],
  ['eth', null, 'Ether (ETH)', 3_200, 0, 0],
]);

/** Uninvested cash inside a portfolio; its "price" is 1 and it earns monthly interest (code 34). */
const LIQUIDITY = rows('L', 'EUR', 0, 2, [['cash', null, 'Liquidez en euros', 1, 2, 12]]);

export const INSTRUMENTS: readonly Instrument[] = [
  ...SPANISH_AND_EUROPEAN_STOCKS,
  ...SWISS_STOCKS,
  ...US_STOCKS,
  ...ETFS,
  ...BOND_ETFS,
  ...EQUITY_FUNDS,
  ...BOND_FUNDS,
  ...PENSION_PLANS,
  ...CRYPTO,
  ...LIQUIDITY,
];

/** Groups the generator draws from when it decides what a portfolio holds. */
export const INSTRUMENT_GROUPS = {
  spanishStocks: SPANISH_AND_EUROPEAN_STOCKS.filter((i) => i.isin?.startsWith('ES')),
  europeanStocks: [...SPANISH_AND_EUROPEAN_STOCKS.filter((i) => !i.isin?.startsWith('ES')), ...SWISS_STOCKS],
  usStocks: US_STOCKS,
  etfs: ETFS,
  bondEtfs: BOND_ETFS,
  indexFunds: EQUITY_FUNDS.filter(
    (i) => !['cobasint', 'cobassel', 'azvint', 'fundsmith', 'carmpat'].includes(i.key),
  ),
  activeFunds: EQUITY_FUNDS.filter((i) =>
    ['cobasint', 'cobassel', 'azvint', 'fundsmith', 'carmpat'].includes(i.key),
  ),
  bondFunds: BOND_FUNDS,
  pensionPlans: PENSION_PLANS,
  crypto: CRYPTO,
  liquidity: LIQUIDITY,
} as const satisfies Record<string, readonly Instrument[]>;

export type InstrumentGroup = keyof typeof INSTRUMENT_GROUPS;

/** Rough fixed EUR value of one unit of each currency, for portfolio totals in euros. */
export const EUR_PER_UNIT: Record<Currency, number> = { EUR: 1, USD: 0.93, CHF: 1.05 };
