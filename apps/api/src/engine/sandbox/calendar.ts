/**
 * Pure UTC date arithmetic on whole days. The generator works with day numbers (days since
 * 1970-01-01) and month numbers (year * 12 + month - 1) so that time zones and the host's
 * clock can never leak into the output.
 */

const MS_PER_DAY = 86_400_000;

export type DayNumber = number;
export type MonthNumber = number;

export function dayOf(date: Date): DayNumber {
  return Math.floor(date.getTime() / MS_PER_DAY);
}

export function dayFromYmd(year: number, month: number, day: number): DayNumber {
  return Math.floor(Date.UTC(year, month - 1, day) / MS_PER_DAY);
}

export function isoDate(day: DayNumber): string {
  return new Date(day * MS_PER_DAY).toISOString().slice(0, 10);
}

export function monthOfDay(day: DayNumber): MonthNumber {
  const date = new Date(day * MS_PER_DAY);
  return date.getUTCFullYear() * 12 + date.getUTCMonth();
}

export function dayOfMonth(day: DayNumber): number {
  return new Date(day * MS_PER_DAY).getUTCDate();
}

export function monthStart(month: MonthNumber): DayNumber {
  return dayFromYmd(Math.floor(month / 12), (month % 12) + 1, 1);
}

export function daysInMonth(month: MonthNumber): number {
  return monthStart(month + 1) - monthStart(month);
}

/** The given day of a month, clamped so that "the 31st" means the last day in short months. */
export function dayInMonth(month: MonthNumber, dayOfMonthWanted: number): DayNumber {
  return monthStart(month) + Math.min(dayOfMonthWanted, daysInMonth(month)) - 1;
}

/** Same calendar day `years` earlier (29 February falls back to the 28th). */
export function yearsBefore(day: DayNumber, years: number): DayNumber {
  const month = monthOfDay(day) - years * 12;
  return dayInMonth(month, dayOfMonth(day));
}

/** 0 = Monday … 6 = Sunday; 1970-01-01 was a Thursday. */
export function weekday(day: DayNumber): number {
  return (((day + 3) % 7) + 7) % 7;
}

/** Moves a Saturday or Sunday to the next Monday, as banks book value dates. */
export function nextBusinessDay(day: DayNumber): DayNumber {
  const wd = weekday(day);
  if (wd === 5) return day + 2;
  if (wd === 6) return day + 1;
  return day;
}
