import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  formatAccountReference,
  formatDate,
  formatDateTime,
  formatDecimal,
  formatIban,
  formatInteger,
  formatMoney,
  prepareFormatters,
} from './format';

// Intl output uses narrow/normal no-break spaces depending on the locale; compare on plain spaces.
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('formatMoney', () => {
  it('formats per locale with the currency', () => {
    expect(plain(formatMoney(1234.5, 'EUR', 'es-ES'))).toBe('1.234,50 €');
    expect(plain(formatMoney(12345.5, 'EUR', 'es-ES'))).toBe('12.345,50 €');
    expect(formatMoney(1234.5, 'EUR', 'en-GB')).toBe('€1,234.50');
    expect(formatMoney(-20, 'USD', 'en-GB')).toBe('-US$20.00');
  });

  it('groups a four-digit amount as it groups a five-digit one, in one column of Spanish amounts', () => {
    // Spanish Intl leaves 4 digits bare by default: "6440,29 €" beside "21.360,51 €" (issue 22).
    expect(plain(formatMoney(6440.29, 'EUR', 'es-ES'))).toBe('6.440,29 €');
    expect(plain(formatMoney(21360.51, 'EUR', 'es-ES'))).toBe('21.360,51 €');
    expect(plain(formatMoney(-6440.29, 'EUR', 'es-ES'))).toBe('-6.440,29 €');
    expect(formatMoney(6440.29, 'EUR', 'en-GB')).toBe('€6,440.29');
    expect(plain(formatMoney(999.5, 'EUR', 'es-ES'))).toBe('999,50 €');
  });

  it('keeps an unknown currency code readable, grouped the same way', () => {
    expect(formatMoney(10, 'NOT-A-CODE', 'en-GB')).toBe('10.00 NOT-A-CODE');
    expect(formatMoney(1234, 'NOT-A-CODE', 'es-ES')).toBe('1.234,00 NOT-A-CODE');
  });
});

describe('formatDecimal', () => {
  it('shows participations with up to 10 decimals, no padding', () => {
    expect(formatDecimal(1.123456789012, 'en-GB')).toBe('1.123456789');
    expect(formatDecimal(0.0000000001, 'en-GB')).toBe('0.0000000001');
    expect(formatDecimal(1234.5, 'es-ES')).toBe('1.234,5');
    expect(formatDecimal(12, 'en-GB')).toBe('12');
  });
});

describe('formatDate', () => {
  const originalTz = process.env.TZ;
  afterEach(() => {
    // Assigning undefined would store the string 'undefined' (files share a worker's process).
    if (originalTz === undefined) delete process.env.TZ;
    else process.env.TZ = originalTz;
  });

  it('formats an ISO calendar date per locale', () => {
    expect(formatDate('2024-03-05', 'en-GB')).toBe('5 Mar 2024');
    expect(formatDate('2024-03-05', 'es-ES')).toBe('5 mar 2024');
  });

  it('never shifts a calendar date to the day before west of UTC', () => {
    process.env.TZ = 'America/Los_Angeles';
    expect(formatDate('2024-01-01', 'en-GB')).toBe('1 Jan 2024');
    process.env.TZ = 'Pacific/Kiritimati';
    expect(formatDate('2024-12-31', 'en-GB')).toBe('31 Dec 2024');
  });

  it('leaves unparseable text as it is', () => {
    expect(formatDate('not a date', 'en-GB')).toBe('not a date');
  });
});

describe('formatInteger', () => {
  it('groups every count of four digits or more', () => {
    expect(formatInteger(2290, 'es-ES')).toBe('2.290');
    expect(formatInteger(999, 'es-ES')).toBe('999');
    expect(formatInteger(2290, 'en-GB')).toBe('2,290');
  });
});

describe('formatDateTime', () => {
  const originalTz = process.env.TZ;
  afterEach(() => {
    if (originalTz === undefined) delete process.env.TZ;
    else process.env.TZ = originalTz;
  });

  it('writes the day as formatDate does, then the local time to the minute', () => {
    process.env.TZ = 'Europe/Madrid';
    expect(plain(formatDateTime('2026-11-26T04:42:00Z', 'es-ES'))).toBe('26 nov 2026, 5:42');
    expect(plain(formatDateTime('2026-11-26T04:42:00Z', 'en-GB'))).toBe('26 Nov 2026, 05:42');
    expect(formatDateTime('2026-11-26T04:42:00Z', 'es-ES')).toContain(formatDate('2026-11-26', 'es-ES'));
  });

  it('leaves unparseable text as it is', () => {
    expect(formatDateTime('soon', 'es-ES')).toBe('soon');
  });
});

describe('formatIban', () => {
  it('groups in fours, upper case, whatever the input spacing', () => {
    expect(formatIban('es9121000418450200051332')).toBe('ES91 2100 0418 4502 0005 1332');
    expect(formatIban('ES91 2100 0418 45020005 1332')).toBe('ES91 2100 0418 4502 0005 1332');
    expect(formatIban('DE89370400440532013000')).toBe('DE89 3704 0044 0532 0130 00');
  });
});

describe('formatAccountReference', () => {
  it('groups an IBAN in fours, as everywhere else (Cuenta asociada included)', () => {
    expect(formatAccountReference('ES9121000418450200051332')).toBe('ES91 2100 0418 4502 0005 1332');
  });

  it('leaves any other account reference as it is', () => {
    expect(formatAccountReference('0049-1500-05-1234567890')).toBe('0049-1500-05-1234567890');
    expect(formatAccountReference('Cuenta valores 12')).toBe('Cuenta valores 12');
  });
});

describe('prepareFormatters', () => {
  it("builds the list's integer and date formatters ahead, so the first render builds none", () => {
    // A locale no other test here formats with: its formatters are not cached yet.
    prepareFormatters('pt-PT');
    const expected = new Intl.NumberFormat('pt-PT', { useGrouping: 'always' }).format(1234);
    const numberFormat = vi.spyOn(Intl, 'NumberFormat');
    const dateFormat = vi.spyOn(Intl, 'DateTimeFormat');
    try {
      expect(formatInteger(1234, 'pt-PT')).toBe(expected);
      expect(formatDate('2026-03-09', 'pt-PT')).toContain('2026');
      expect(numberFormat).not.toHaveBeenCalled();
      expect(dateFormat).not.toHaveBeenCalled();
    } finally {
      numberFormat.mockRestore();
      dateFormat.mockRestore();
    }
  });
});
