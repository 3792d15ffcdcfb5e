import type { LiabilityType } from '@caudal/contract';
import {
  type DayNumber,
  dayInMonth,
  dayOfMonth,
  daysInMonth,
  isoDate,
  monthOfDay,
  monthStart,
  nextBusinessDay,
} from './calendar';
import { applyMonth, byDay, type HistoryWindow, type Movement, monthsOf } from './history-window';
import { fromCents } from './money';
import { hashUnit, type Random } from './random';
import type { SnapshotLiability, SnapshotTransaction } from './snapshot-types';
import { CARD_MERCHANTS } from './spanish-merchants';

/**
 * Debts, as the outstanding amount (positive). Transactions are signed as the holder's statement
 * shows them: a card purchase or a drawdown is a charge (negative), a settlement or an instalment
 * repays the debt (positive); each transaction's `balance` is the debt outstanding after it, so
 * `balance = previous balance − amount`. Internally movements are changes to the debt (a purchase
 * adds to it) and are turned round once, in `asStatement`. Loans follow a French amortisation schedule in closed form, so the debt after any
 * instalment is known without replaying the loan; cards and credit lines are month-local
 * like accounts.
 */

interface Common {
  externalId: string;
  name: string;
  holderExternalIds: string[];
  openingDay: DayNumber;
  random: Random;
}

export interface LoanPlan extends Common {
  kind: 'loan';
  principalCents: number;
  annualRate: number;
  months: number;
}

export interface RevolvingPlan extends Common {
  kind: 'card' | 'credit-line' | 'confirming';
  limitCents: number;
}

export type LiabilityPlan = LoanPlan | RevolvingPlan;

/** Outstanding debt after k instalments, rounded to cents; exactly 0 after the last one. */
function loanBalance(plan: LoanPlan, k: number): number {
  if (k <= 0) return plan.principalCents;
  if (k >= plan.months) return 0;
  const i = plan.annualRate / 12;
  const growth = (1 + i) ** k;
  const payment = (plan.principalCents * i) / (1 - (1 + i) ** -plan.months);
  return Math.max(0, Math.round(plan.principalCents * growth - (payment * (growth - 1)) / i));
}

function loanHistory(
  plan: LoanPlan,
  window: HistoryWindow,
): { transactions: SnapshotTransaction[]; balanceCents: number } {
  const transactions: SnapshotTransaction[] = [];
  const openingMonth = monthOfDay(plan.openingDay);
  const payDay = Math.min(dayOfMonth(plan.openingDay), 28);
  const instalmentDay = (k: number) => dayInMonth(openingMonth + k, payDay);
  let balanceCents = plan.principalCents;
  for (let k = 1; k <= plan.months; k++) {
    const day = instalmentDay(k);
    if (day > window.asOf) break;
    const before = loanBalance(plan, k - 1);
    const after = loanBalance(plan, k);
    balanceCents = after;
    if (day < window.from) continue;
    const interest = Math.round((before * plan.annualRate) / 12);
    const principal = before - after;
    transactions.push({
      externalId: `tx_${plan.externalId}_${k}`,
      operationDate: isoDate(day),
      valueDate: isoDate(nextBusinessDay(day)),
      // Paying an instalment repays the debt: positive on the holder's statement.
      amount: fromCents(principal),
      balance: fromCents(after),
      description: `Cuota ${k}/${plan.months}: capital ${fromCents(principal).toFixed(2)} € + intereses ${fromCents(interest).toFixed(2)} €`,
    });
  }
  return { transactions, balanceCents };
}

/** Cards settle on the last day of the month, so every month opens at a zero balance. */
function cardMonth(month: number, r: Random): Movement[] {
  const first = monthStart(month);
  const purchases: Movement[] = [];
  for (let i = r.int(2, 12); i > 0; i--) {
    const merchant = r.weighted(CARD_MERCHANTS.map((m) => [m, m.weight] as const));
    const day = first + r.int(0, daysInMonth(month) - 2);
    const amount = Math.round(r.float(merchant.min, merchant.max) * 100);
    purchases.push({ day, valueDay: day, cents: amount, description: `Compra ${merchant.name}` });
  }
  const sorted = byDay(purchases, month);
  const total = sorted.reduce((sum, m) => sum + m.cents, 0);
  const last = dayInMonth(month, 31);
  sorted.push({
    day: last,
    valueDay: nextBusinessDay(last + 5),
    cents: -total,
    description: 'Liquidación mensual de la tarjeta',
  });
  return sorted;
}

/** Credit lines and confirming: the month opens at a drawn level and closes on the next one. */
function drawnCents(plan: RevolvingPlan, month: number): number {
  return Math.round(plan.limitCents * 0.75 * hashUnit(`${plan.externalId}|drawn|${month}`));
}

function lineMonth(plan: RevolvingPlan, month: number, r: Random): Movement[] {
  const first = monthStart(month);
  const opening = drawnCents(plan, month);
  const headroom = plan.limitCents - opening;
  const movements: Movement[] = [];
  const confirming = plan.kind === 'confirming';
  for (let i = r.int(1, 4); i > 0; i--) {
    const day = nextBusinessDay(first + r.int(0, daysInMonth(month) - 4));
    const amount = Math.round(headroom * r.float(0.02, 0.15));
    movements.push({
      day,
      valueDay: day,
      cents: amount,
      description: confirming
        ? `Remesa de confirming nº ${r.int(1000, 9999)} - pago a proveedores`
        : 'Disposición de póliza de crédito',
    });
  }
  const sorted = byDay(movements, month);
  const last = dayInMonth(month, 31);
  if ((month % 3 === 2 && !confirming) || (confirming && r.chance(0.5))) {
    const interest = Math.round((opening * 0.065) / 4) + 100;
    sorted.push({
      day: last,
      valueDay: last,
      cents: interest,
      description: confirming ? 'Comisión de gestión de confirming' : 'Liquidación de intereses de la póliza',
    });
  }
  const net = sorted.reduce((sum, m) => sum + m.cents, 0);
  const settle = drawnCents(plan, month + 1) - opening - net;
  if (settle !== 0) {
    const description = confirming
      ? settle < 0
        ? 'Vencimiento de remesas de confirming'
        : 'Anticipo de confirming a proveedores'
      : settle < 0
        ? 'Amortización parcial de la póliza'
        : 'Disposición de póliza de crédito';
    sorted.push({ day: last, valueDay: last, cents: settle, description });
  }
  return sorted;
}

function revolvingHistory(plan: RevolvingPlan, window: HistoryWindow) {
  const transactions: SnapshotTransaction[] = [];
  let balanceCents = 0;
  const from = Math.max(window.from, plan.openingDay);
  for (const month of monthsOf({ ...window, from })) {
    const r = plan.random.fork(`month-${month}`);
    const movements = plan.kind === 'card' ? cardMonth(month, r) : lineMonth(plan, month, r);
    const opening = plan.kind === 'card' ? 0 : drawnCents(plan, month);
    balanceCents = applyMonth(
      plan.externalId,
      month,
      opening,
      movements,
      { from, asOf: window.asOf },
      transactions,
    );
  }
  return { transactions: asStatement(transactions), balanceCents };
}

/** Changes to the debt, turned into the holder's view: what adds to the debt is money going out. */
function asStatement(transactions: SnapshotTransaction[]): SnapshotTransaction[] {
  // `0 - x` rather than `-x`: a zero movement stays 0, never -0.
  return transactions.map((transaction) => ({ ...transaction, amount: 0 - transaction.amount }));
}

const TYPE: Record<LiabilityPlan['kind'], LiabilityType> = {
  loan: 'Loan',
  card: 'Credit',
  'credit-line': 'Credit',
  confirming: 'Confirming',
};

/** Revolving products renew every year on their anniversary; the expiry is the next one. */
function nextAnniversary(openingDay: DayNumber, asOf: DayNumber): DayNumber {
  const openingMonth = monthOfDay(openingDay);
  let month = openingMonth + 12;
  while (dayInMonth(month, dayOfMonth(openingDay)) <= asOf) month += 12;
  return dayInMonth(month, dayOfMonth(openingDay));
}

/** null when the product was not yet opened on `asOf`. */
export function buildLiability(plan: LiabilityPlan, window: HistoryWindow): SnapshotLiability | null {
  if (plan.openingDay > window.asOf) return null;
  const isLoan = plan.kind === 'loan';
  const { transactions, balanceCents } = isLoan ? loanHistory(plan, window) : revolvingHistory(plan, window);
  const capitalInitial = isLoan ? plan.principalCents : plan.limitCents;
  const expiration = isLoan
    ? dayInMonth(monthOfDay(plan.openingDay) + plan.months, dayOfMonth(plan.openingDay))
    : nextAnniversary(plan.openingDay, window.asOf);
  return {
    externalId: plan.externalId,
    name: plan.name,
    type: TYPE[plan.kind],
    balance: fromCents(balanceCents),
    capitalInitial: fromCents(capitalInitial),
    capitalAvailable: isLoan ? 0 : fromCents(plan.limitCents - balanceCents),
    currency: 'EUR',
    openingDate: isoDate(plan.openingDay),
    expirationDate: isoDate(expiration),
    holderExternalIds: plan.holderExternalIds,
    transactions,
  };
}
