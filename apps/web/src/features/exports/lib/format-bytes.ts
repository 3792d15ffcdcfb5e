const UNITS = ['byte', 'kilobyte', 'megabyte', 'gigabyte'] as const;

/** 1,5 MB / 1.5 MB: sizes in the locale's numbers and units, 1 KB = 1024 bytes. */
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
    unitDisplay: 'short',
    // Grouped like every other number of the portal (1.023 B, not 1023 B).
    useGrouping: 'always',
    maximumFractionDigits: unit === 0 ? 0 : 1,
  }).format(value);
}
