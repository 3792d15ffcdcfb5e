import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  formatAccountReference,
  formatDate,
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
    expect(plain(formatMoney(1234.5, 'EUR', 'es-ES'))).toBe('1234,50 €');
    expect(plain(formatMoney(12345.5, 'EUR', 'es-ES'))).toBe('12.345,50 €');
    expect(formatMoney(1234.5, 'EUR', 'en-GB')).toBe('€1,234.50');
    expect(formatMoney(-20, 'USD', 'en-GB')).toBe('-US$20.00');
  });

  it('keeps an unknown currency code readable', () => {
    expect(formatMoney(10, 'NOT-A-CODE', 'en-GB')).toBe('10.00 NOT-A-CODE');
  });
});

describe('formatDecimal', () => {
  it('shows participations with up to 10 decimals, no padding', () => {
    expect(formatDecimal(1.123456789012, 'en-GB')).toBe('1.123456789');
    expect(formatDecimal(0.0000000001, 'en-GB')).toBe('0.0000000001');
    expect(formatDecimal(1234.5, 'es-ES')).toBe('1234,5');
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
    const expected = new Intl.NumberFormat('pt-PT').format(1234);
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
