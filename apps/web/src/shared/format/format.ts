/**
 * Locale-aware formatting of the numbers and dates the portal shows. Every function takes the locale's
 * BCP 47 tag (`es-ES`, `en-GB`) so it stays pure and testable; `useFormatters` binds the current one.
 */

const cache = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();

function numberFormat(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `n|${locale}|${JSON.stringify(options)}`;
  let format = cache.get(key) as Intl.NumberFormat | undefined;
  if (!format) {
    format = new Intl.NumberFormat(locale, options);
    cache.set(key, format);
  }
  return format;
}

function dateFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `d|${locale}|${JSON.stringify(options)}`;
  let format = cache.get(key) as Intl.DateTimeFormat | undefined;
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options);
    cache.set(key, format);
  }
  return format;
}

/**
 * Thousands are always grouped: Spanish's default leaves a four-digit number bare ("6440,29 €" beside
 * "21.360,51 €" in one column); with 'always' every amount and count reads the same way.
 */
const GROUPED = { useGrouping: 'always' } as const;

/** An amount in its own currency. A code Intl does not know is shown after a plain number. */
export function formatMoney(value: number, currency: string, locale: string): string {
  try {
    return numberFormat(locale, { ...GROUPED, style: 'currency', currency }).format(value);
  } catch {
    return `${numberFormat(locale, { ...GROUPED, minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(value)} ${currency}`;
  }
}

/** A plain quantity, e.g. fund participations: as many decimals as it has, up to `maxDecimals`. */
export function formatDecimal(value: number, locale: string, maxDecimals = 10): string {
  return numberFormat(locale, { ...GROUPED, maximumFractionDigits: maxDecimals }).format(value);
}

export function formatInteger(value: number, locale: string): string {
  return numberFormat(locale, { ...GROUPED, maximumFractionDigits: 0 }).format(value);
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * A calendar date (`yyyy-mm-dd`) is a day, not an instant: it is built in UTC and formatted in UTC, so
 * no browser time zone can move it to the day before. Timestamps are instants and use the local zone.
 */
export function formatDate(value: string, locale: string): string {
  const parts = ISO_DATE.exec(value);
  if (parts) {
    const date = new Date(Date.UTC(Number(parts[1]), Number(parts[2]) - 1, Number(parts[3])));
    if (Number.isNaN(date.getTime())) return value;
    return dateFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(date);
  }
  const instant = new Date(value);
  if (Number.isNaN(instant.getTime())) return value;
  return dateFormat(locale, { dateStyle: 'medium' }).format(instant);
}

/**
 * An instant to the minute ("26 nov 2026, 5:42"): the day as `formatDate` writes it, then the local time.
 * Every date-time of the portal (exports, connections, applications, the summary) goes through here.
 */
export function formatDateTime(value: string, locale: string): string {
  const instant = new Date(value);
  if (Number.isNaN(instant.getTime())) return value;
  return dateFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(instant);
}

/**
 * A language's first Intl formatter loads that language's locale data, some 20 ms on a phone. The
 * bootstrap calls this when the browser is idle while the first screen waits for its data, so that cost
 * is not paid inside the first render of a list of amounts and dates.
 */
export function prepareFormatters(locale: string): void {
  formatInteger(0, locale);
  formatDate('2000-01-01', locale);
}

/** IBANs are read and compared in groups of four characters. */
export function formatIban(iban: string): string {
  const compact = iban.replace(/\s+/g, '').toUpperCase();
  return compact.replace(/(.{4})(?=.)/g, '$1 ');
}

/** An account reference that is an IBAN is grouped like one; any other reference is shown as it is. */
export function formatAccountReference(reference: string): string {
  const compact = reference.replace(/\s+/g, '').toUpperCase();
  return /^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/.test(compact) ? formatIban(compact) : reference;
}
