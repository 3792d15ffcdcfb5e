import { describe, expect, it } from 'vitest';
import {
  changeDays,
  chartDays,
  hasTwins,
  percentShares,
  pointHolding,
  seriesLabels,
  shareLabel,
} from './chart-data';

describe('chart data', () => {
  it('lists the first day, the days any column changed, and the last', () => {
    expect(
      changeDays(
        [
          [1, 1, 2, 2, 2, 2],
          [5, 5, 5, 5, 6, 6],
        ],
        6,
      ),
    ).toEqual([0, 2, 4, 5]);
    expect(changeDays([[null, null, 3]], 3)).toEqual([0, 2]);
    expect(changeDays([], 0)).toEqual([]);
  });

  it('gives whole percentages that add up to 100, liabilities by their size', () => {
    expect(percentShares([1, 1, 1])).toEqual([34, 33, 33]);
    expect(percentShares([500, -500])).toEqual([50, 50]);
    expect(percentShares([0, 0])).toEqual([0, 0]);
  });
});

describe('chart days', () => {
  it('draws every day of a short range, and evenly spaced days plus the last of a long one', () => {
    expect(chartDays(3)).toEqual([0, 1, 2]);
    const long = chartDays(1000, 400);
    expect(long.length).toBeLessThanOrEqual(401);
    expect(long[0]).toBe(0);
    expect(long.at(-1)).toBe(999);
  });
});

describe('shareLabel', () => {
  it('never shows a slice that holds something as 0 %', () => {
    const values = [250_000, 900];
    const shares = percentShares(values);
    expect(shares).toEqual([100, 0]);
    expect(values.map((value, index) => shareLabel(shares[index] ?? 0, value))).toEqual(['100', '<1']);
    expect(shareLabel(0, 0)).toBe('0');
  });
});

describe('pointHolding', () => {
  it('puts a day on the first point on or after it (a week’s Sunday, then today), and nowhere after the last', () => {
    const weeks = ['2030-01-06', '2030-01-13', '2030-01-15'];
    expect(pointHolding(weeks, '2029-12-31')).toBe('2030-01-06');
    expect(pointHolding(weeks, '2030-01-06')).toBe('2030-01-06');
    expect(pointHolding(weeks, '2030-01-07')).toBe('2030-01-13');
    expect(pointHolding(weeks, '2030-01-14')).toBe('2030-01-15');
    expect(pointHolding(weeks, '2030-01-16')).toBeUndefined();
    expect(pointHolding([], '2030-01-16')).toBeUndefined();
  });
});

describe('series labels', () => {
  const banks: Record<string, string> = { b1: 'Banco Uno', b2: 'Banco Dos' };
  const entityName = (id: string) => banks[id] ?? id;

  it('keeps a name no other series has', () => {
    expect(seriesLabels([{ name: 'Cuenta Nómina', entity: 'b1' }], entityName)).toEqual(['Cuenta Nómina']);
  });

  it('adds the institution to a name two series share, then the reference, then a number', () => {
    expect(
      seriesLabels(
        [
          { name: 'Cuenta Online', entity: 'b1' },
          { name: 'Cuenta Nómina', entity: 'b1' },
          { name: 'Cuenta Online', entity: 'b2' },
          { name: 'Visa', entity: 'b2' },
          { name: 'Visa', entity: 'b2' },
          { name: 'Ahorro', entity: 'b1', reference: '…\u20605348' },
          { name: 'Ahorro', entity: 'b1', reference: '…\u20600550' },
        ],
        entityName,
      ),
    ).toEqual([
      'Cuenta Online\u00a0· Banco Uno',
      'Cuenta Nómina',
      'Cuenta Online\u00a0· Banco Dos',
      'Visa\u00a0· Banco Dos (1)',
      'Visa\u00a0· Banco Dos (2)',
      'Ahorro\u00a0· Banco Uno\u00a0· …\u20605348',
      'Ahorro\u00a0· Banco Uno\u00a0· …\u20600550',
    ]);
  });

  it('knows when two lines share a name and an institution', () => {
    expect(
      hasTwins([
        { name: 'Visa', entity: 'b1' },
        { name: 'Visa', entity: 'b2' },
      ]),
    ).toBe(false);
    expect(
      hasTwins([
        { name: 'Visa', entity: 'b1' },
        { name: 'Visa ', entity: 'b1' },
      ]),
    ).toBe(true);
  });

  it('names a product without a name by its institution', () => {
    expect(seriesLabels([{ name: ' ', entity: 'b2' }], entityName)).toEqual(['Banco Dos']);
  });
});
