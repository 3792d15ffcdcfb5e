export interface CurrencyTotal {
  currency: string;
  total: number;
}

/**
 * Balances in different currencies cannot be added up, so a tab's total is one sum per currency,
 * the largest first. Sums are done in cents to avoid float drift over many rows.
 */
export function sumByCurrency(rows: readonly { balance: number; currency: string }[]): CurrencyTotal[] {
  const cents = new Map<string, number>();
  for (const { balance, currency } of rows) {
    cents.set(currency, (cents.get(currency) ?? 0) + Math.round(balance * 100));
  }
  return [...cents]
    .map(([currency, total]) => ({ currency, total: total / 100 }))
    .sort((a, b) => Math.abs(b.total) - Math.abs(a.total) || a.currency.localeCompare(b.currency));
}
