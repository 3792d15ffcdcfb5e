import { INVESTMENT_TYPES } from '@caudal/contract';
import { describe, expect, it } from 'vitest';
import { INSTRUMENT_GROUPS, INSTRUMENTS } from './instruments';
import { isValidIsin } from './isin';

describe('instrument catalogue', () => {
  it('holds only ISINs that pass the ISO 6166 check', () => {
    for (const instrument of INSTRUMENTS) {
      if (instrument.isin !== null) expect(isValidIsin(instrument.isin), instrument.name).toBe(true);
    }
  });

  it('has no ISIN for pension plans, crypto and cash, and one for everything else', () => {
    for (const instrument of INSTRUMENTS) {
      expect(instrument.isin === null, instrument.name).toBe(['PP', 'C', 'L'].includes(instrument.type));
    }
  });

  it('has unique keys and ISINs, known type codes and positive prices', () => {
    const keys = INSTRUMENTS.map((i) => i.key);
    const isins = INSTRUMENTS.flatMap((i) => (i.isin ? [i.isin] : []));
    expect(new Set(keys).size).toBe(keys.length);
    expect(new Set(isins).size).toBe(isins.length);
    for (const instrument of INSTRUMENTS) {
      expect(INVESTMENT_TYPES).toContain(instrument.type);
      expect(instrument.price).toBeGreaterThan(0);
    }
  });

  it('covers the breadth the demo needs', () => {
    expect(INSTRUMENTS.filter((i) => i.type === 'VI').length).toBeGreaterThanOrEqual(12);
    expect(INSTRUMENTS.filter((i) => i.type === 'ETF').length).toBeGreaterThanOrEqual(8);
    expect(INSTRUMENTS.filter((i) => i.type === 'F').length).toBeGreaterThanOrEqual(10);
    for (const group of Object.values(INSTRUMENT_GROUPS)) expect(group.length).toBeGreaterThan(0);
  });
});
