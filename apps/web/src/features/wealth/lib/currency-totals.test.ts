import { describe, expect, it } from 'vitest';
import { sumByCurrency } from './currency-totals';

describe('sumByCurrency', () => {
  it('sums per currency without float drift, largest first', () => {
    const rows = [
      { balance: 0.1, currency: 'EUR' },
      { balance: 0.2, currency: 'EUR' },
      { balance: 1000, currency: 'USD' },
      { balance: -50.55, currency: 'GBP' },
    ];
    expect(sumByCurrency(rows)).toEqual([
      { currency: 'USD', total: 1000 },
      { currency: 'GBP', total: -50.55 },
      { currency: 'EUR', total: 0.3 },
    ]);
  });

  it('is empty for no rows', () => {
    expect(sumByCurrency([])).toEqual([]);
  });
});
