/**
 * What a person types in a date field, read the way their language writes a date: "31/10/2026" in
 * Spanish and in British English (the order comes from Intl, so a month-first locale would read 10/31),
 * "31-10-26", "31 oct 2026" or "31 de octubre de 2026", and always the ISO "2026-10-31". The answer is the
 * ISO day the contract takes, or null when the text is no real day.
 */

type Part = 'day' | 'month' | 'year';

const orders = new Map<string, Part[]>();

/** The order of day, month and year in the locale's numeric dates (es-ES, en-GB: day, month, year). */
export function dateFieldOrder(locale: string): Part[] {
  let order = orders.get(locale);
  if (!order) {
    order = new Intl.DateTimeFormat(locale, { day: '2-digit', month: '2-digit', year: 'numeric' })
      .formatToParts(new Date(Date.UTC(2026, 9, 31)))
      .map((part) => part.type)
      .filter((type): type is Part => type === 'day' || type === 'month' || type === 'year');
    orders.set(locale, order);
  }
  return order;
}

const TOKENS: Record<Part, string> = { day: 'DD', month: 'MM', year: 'YYYY' };

/** The field's display format (dayjs tokens), what the person would type: DD/MM/YYYY for es and en-GB. */
export function dateInputFormat(locale: string): string {
  return dateFieldOrder(locale)
    .map((part) => TOKENS[part])
    .join('/');
}

const ISO_DAY = /^(\d{4})-(\d{1,2})-(\d{1,2})$/;
const NUMERIC_DAY = /^(\d{1,4})[/.\-\s](\d{1,2})[/.\-\s](\d{1,4})$/;
const NAMED_DAY = /^(\d{1,2})\s+(?:de\s+)?([\p{L}]+)\.?,?\s+(?:de\s+)?(\d{2}|\d{4})$/u;

/** Lower case, no accents, no dots: "Sept." and "sept", "Oct" and "oct" are the same month. */
function plain(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').replace(/\./g, '').toLowerCase().trim();
}

const monthNames = new Map<string, Map<string, number>>();

/** The locale's month names, long and short ("octubre", "oct"), to their number. */
function monthsOf(locale: string): Map<string, number> {
  let names = monthNames.get(locale);
  if (!names) {
    names = new Map();
    for (const month of ['long', 'short'] as const) {
      const format = new Intl.DateTimeFormat(locale, { month, timeZone: 'UTC' });
      for (let index = 0; index < 12; index += 1) {
        names.set(plain(format.format(new Date(Date.UTC(2026, index, 15)))), index + 1);
      }
    }
    // Spanish writes September's short form both ways.
    if (names.get('sept') === 9) names.set('sep', 9);
    monthNames.set(locale, names);
  }
  return names;
}

function fullYear(year: string): number {
  return year.length <= 2 ? 2000 + Number(year) : Number(year);
}

function isoDay(year: number, month: number, day: number): string | null {
  if (year < 1000 || year > 9999) return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) {
    return null;
  }
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

export function parseDateInput(text: string, locale: string): string | null {
  const value = text.trim();
  const iso = ISO_DAY.exec(value);
  if (iso) return isoDay(Number(iso[1]), Number(iso[2]), Number(iso[3]));

  const numeric = NUMERIC_DAY.exec(value);
  if (numeric) {
    const order = dateFieldOrder(locale);
    const found: Partial<Record<Part, string>> = {};
    order.forEach((part, index) => {
      found[part] = numeric[index + 1];
    });
    const { day, month, year } = found;
    if (!day || !month || !year || day.length > 2 || month.length > 2 || year.length === 3) return null;
    return isoDay(fullYear(year), Number(month), Number(day));
  }

  const named = NAMED_DAY.exec(value);
  if (named?.[1] && named[2] && named[3]) {
    const month = monthsOf(locale).get(plain(named[2]));
    return month ? isoDay(fullYear(named[3]), month, Number(named[1])) : null;
  }
  return null;
}
