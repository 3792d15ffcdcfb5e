const UNITS = ['byte', 'kilobyte', 'megabyte', 'gigabyte'] as const;

/**
 * 1,5 kB / 1.5 kB, 121 bytes / 1 byte: sizes in the locale's numbers and units, 1 kB = 1024 bytes.
 * Bytes are spelt out (`long`): English's short form of `byte` has no plural ("121 byte"); the larger
 * units keep their short symbols, which have no plural to get wrong.
 */
export function formatBytes(bytes: number, locale: string): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return new Intl.NumberFormat(locale, {
    style: 'unit',
    unit: UNITS[unit],
    unitDisplay: unit === 0 ? 'long' : 'short',
    // Grouped like every other number of the portal (1.023 bytes, not 1023 bytes).
    useGrouping: 'always',
    maximumFractionDigits: unit === 0 ? 0 : 1,
  }).format(value);
}
