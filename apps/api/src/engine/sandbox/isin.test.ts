import { describe, expect, it } from 'vitest';
import { isinCheckDigit, isValidIsin } from './isin';

describe('ISIN', () => {
  it('accepts well-known ISINs', () => {
    for (const isin of ['US0378331005', 'ES0113900J37', 'IE00B4L5Y983', 'NL0010273215', 'ES0144580Y14']) {
      expect(isValidIsin(isin)).toBe(true);
    }
  });

  it('computes the check digit', () => {
    expect(isinCheckDigit('US037833100')).toBe(5);
    expect(isinCheckDigit('ES0113900J3')).toBe(7);
  });

  it('rejects a wrong check digit, lower case and wrong lengths', () => {
    expect(isValidIsin('US0378331006')).toBe(false);
    expect(isValidIsin('us0378331005')).toBe(false);
    expect(isValidIsin('US037833100')).toBe(false);
    expect(() => isinCheckDigit('1S037833100')).toThrow();
  });
});
