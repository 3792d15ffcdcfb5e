/**
 * Type codes of the spec (section 3). They are shown as translated names under
 * `wealthCodes.<group>.<code>`; a code outside these lists is shown as "Other (code N)".
 */
export const PORTFOLIO_TYPES = ['C', 'F', 'FI', 'M', 'MIX', 'PP', 'S', 'UM'] as const;
export type PortfolioType = (typeof PORTFOLIO_TYPES)[number];

export const INVESTMENT_TYPES = ['F', 'VI', 'PP', 'FI', 'C', 'ETF', 'CFD', 'L', 'O'] as const;
export type InvestmentType = (typeof INVESTMENT_TYPES)[number];

export const LIABILITY_TYPES = ['Confirming', 'Credit', 'Loan'] as const;
export type LiabilityType = (typeof LIABILITY_TYPES)[number];

/** Investment transaction codes are 1–55, 81–86 and 90. Only these four have a meaning in the spec. */
export const NAMED_TRANSACTION_CODES = { 8: 'buy', 9: 'sell', 33: 'dividends', 34: 'interest' } as const;

export function isInvestmentTransactionCode(code: number): boolean {
  return Number.isInteger(code) && ((code >= 1 && code <= 55) || (code >= 81 && code <= 86) || code === 90);
}

export function isKnownCode<T extends string>(list: readonly T[], code: string): code is T {
  return (list as readonly string[]).includes(code);
}

/** Participations show up to 10 decimals (spec section 9). */
export const PARTICIPATION_DECIMALS = 10;
