import { type DayNumber, isoDate, type MonthNumber, monthOfDay, monthStart } from './calendar';
import { fromCents } from './money';
import { hashHex } from './random';
import type { SnapshotTransaction } from './snapshot-types';

/**
 * Shared machinery for month-by-month histories. Every month is generated whole from its
 * own random stream and only then cut at `asOf`, so moving `asOf` forward never changes a
 * movement that was already visible — it only reveals more of the same month.
 */

export interface HistoryWindow {
  /** First day shown (inclusive). */
  from: DayNumber;
  /** The day the snapshot is taken (inclusive). */
  asOf: DayNumber;
}

export interface Movement {
  day: DayNumber;
  valueDay: DayNumber;
  cents: number;
  description: string;
}

export function monthsOf(window: HistoryWindow): MonthNumber[] {
  const months: MonthNumber[] = [];
  for (let m = monthOfDay(window.from); m <= monthOfDay(window.asOf); m++) months.push(m);
  return months;
}

/**
 * Sorts by day, keeping generation order within a day (Array.prototype.sort is stable).
 * A weekend shift can push a debit past month end; it is booked on the last day instead so
 * each month stays self-contained.
 */
export function byDay(movements: Movement[], month: MonthNumber): Movement[] {
  const last = monthStart(month + 1) - 1;
  for (const movement of movements) if (movement.day > last) movement.day = last;
  return movements.sort((a, b) => a.day - b.day);
}

/**
 * Applies one month's movements to its opening balance, keeping those inside the window.
 * Ids come from the product id, the month and the position within the whole month.
 */
export function applyMonth(
  productId: string,
  month: MonthNumber,
  openingCents: number,
  movements: Movement[],
  window: HistoryWindow,
  out: SnapshotTransaction[],
): number {
  let balance = openingCents;
  movements.forEach((movement, index) => {
    if (movement.day > window.asOf) return;
    balance += movement.cents;
    if (movement.day < window.from) return;
    out.push({
      externalId: `tx_${hashHex(`${productId}|${month}|${index}`)}`,
      operationDate: isoDate(movement.day),
      valueDate: isoDate(movement.valueDay),
      amount: fromCents(movement.cents),
      balance: fromCents(balance),
      description: movement.description,
    });
  });
  return balance;
}
