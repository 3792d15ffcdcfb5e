import { dayInMonth, daysInMonth, type MonthNumber, monthStart, nextBusinessDay, weekday } from './calendar';
import { applyMonth, byDay, type HistoryWindow, type Movement, monthsOf } from './history-window';
import { randomContactName } from './identity';
import { hashUnit, type Random } from './random';
import type { SnapshotTransaction } from './snapshot-types';
import { type BillTemplate, CARD_MERCHANTS, FREELANCE_CLIENTS } from './spanish-merchants';

/**
 * Account statements. Each month opens at a target balance that depends only on the
 * account and the month, and closes with an internal transfer that lands exactly on next
 * month's target. That keeps every month self-contained (so the window can start on any
 * day without replaying years of history) while the running balance stays consistent.
 */

export type AccountKind = 'current' | 'savings' | 'deposit' | 'broker-cash';

export interface Income {
  kind: 'salary' | 'pension' | 'freelance';
  /** Net monthly amount in cents around 2020; revalued yearly. */
  monthlyCents: number;
  payer: string;
  day: number;
}

export interface AccountPlan {
  externalId: string;
  kind: AccountKind;
  random: Random;
  /** The level the balance hovers around. */
  baseCents: number;
  income: Income | null;
  /** Annual gross rate paid on savings, deposits and broker cash. */
  interestRate: number;
  /** Scales card spending: 1 is a household on about 2,500 € a month. */
  lifestyle: number;
  bills: readonly BillTemplate[];
  city: string;
}

const WITHHOLDING = 0.19;

function cents(euros: number): number {
  return Math.round(euros * 100);
}

/** The balance a month opens with: around the base, never below a third of it. */
function targetCents(plan: AccountPlan, month: MonthNumber): number {
  if (plan.kind === 'deposit') return plan.baseCents;
  return Math.round(plan.baseCents * (0.7 + 0.6 * hashUnit(`${plan.externalId}|target|${month}`)));
}

/** Salaries are paid the last working day on or before the payday. */
function previousBusinessDay(day: number): number {
  const wd = weekday(day);
  return wd === 5 ? day - 1 : wd === 6 ? day - 2 : day;
}

function incomeMovements(income: Income, month: MonthNumber, r: Random): Movement[] {
  const yearsSince2020 = Math.floor(month / 12) - 2020;
  const revalued = income.monthlyCents * 1.025 ** yearsSince2020;
  const calendarMonth = (month % 12) + 1;
  const payday = previousBusinessDay(dayInMonth(month, income.day));
  const out: Movement[] = [];
  if (income.kind === 'freelance') {
    for (let i = r.int(1, 3); i > 0; i--) {
      const day = nextBusinessDay(monthStart(month) + r.int(0, daysInMonth(month) - 3));
      const client = r.pick(FREELANCE_CLIENTS);
      const amount = Math.round((revalued / 2) * r.float(0.5, 1.3));
      out.push({
        day,
        valueDay: day,
        cents: amount,
        description: `Transferencia recibida de ${client} - Factura`,
      });
    }
    return out;
  }
  const amount = Math.round(revalued * (income.kind === 'salary' ? r.float(0.99, 1.02) : 1));
  const what = income.kind === 'salary' ? `Nómina ${income.payer}` : 'Abono pensión INSS';
  out.push({ day: payday, valueDay: payday, cents: amount, description: what });
  const extraMonths = income.kind === 'salary' ? [6, 12] : [6, 11];
  if (extraMonths.includes(calendarMonth)) {
    out.push({ day: payday, valueDay: payday, cents: amount, description: `${what} - Paga extraordinaria` });
  }
  return out;
}

function householdMovements(plan: AccountPlan, month: MonthNumber, r: Random): Movement[] {
  const out: Movement[] = [];
  const first = monthStart(month);
  const length = daysInMonth(month);
  const anyDay = () => first + r.int(0, length - 1);

  for (const bill of plan.bills) {
    // Each bill has its own phase so bi-monthly and yearly bills don't all land together.
    const phase = Math.floor(hashUnit(`${plan.externalId}|${bill.description}`) * bill.every);
    if ((month + phase) % bill.every !== 0) continue;
    const day = nextBusinessDay(dayInMonth(month, bill.day));
    const amount = cents(bill.min === bill.max ? bill.min : r.float(bill.min, bill.max));
    out.push({ day, valueDay: day, cents: -amount, description: bill.description });
  }

  for (let i = r.int(10, 26); i > 0; i--) {
    const merchant = r.weighted(CARD_MERCHANTS.map((m) => [m, m.weight] as const));
    const day = anyDay();
    const amount = cents(Math.min(r.float(merchant.min, merchant.max) * plan.lifestyle, merchant.max * 3));
    const where = merchant.online ? merchant.name : `${merchant.name} ${plan.city.toUpperCase()}`;
    out.push({ day, valueDay: day + r.int(0, 2), cents: -amount, description: `Compra tarjeta ${where}` });
  }

  for (let i = r.int(0, 4); i > 0; i--) {
    const day = anyDay();
    const who = randomContactName(r);
    const concept = r.pick(['Cena', 'Regalo', 'Lotería', 'Pádel', 'Cumpleaños', 'Gasolina', 'Entradas']);
    const amount = cents(r.int(3, 60));
    if (r.chance(0.45))
      out.push({ day, valueDay: day, cents: amount, description: `Bizum de ${who} ${concept}` });
    else out.push({ day, valueDay: day, cents: -amount, description: `Bizum a ${who} ${concept}` });
  }

  for (let i = r.int(0, 2); i > 0; i--) {
    const day = anyDay();
    out.push({
      day,
      valueDay: day,
      cents: -r.int(1, 10) * 2000,
      description: `Reintegro cajero ${plan.city}`,
    });
  }

  if (r.chance(0.35)) {
    const day = nextBusinessDay(anyDay());
    const amount = cents(r.int(50, 600) * plan.lifestyle);
    out.push({ day, valueDay: day, cents: -amount, description: `Transferencia a ${randomContactName(r)}` });
  }
  return out;
}

function interestMovement(plan: AccountPlan, month: MonthNumber, description: string): Movement {
  const last = dayInMonth(month, 31);
  const gross = (targetCents(plan, month) * plan.interestRate) / 12;
  return { day: last, valueDay: last, cents: Math.round(gross * (1 - WITHHOLDING)), description };
}

function brokerCashMovements(plan: AccountPlan, month: MonthNumber, r: Random): Movement[] {
  const out: Movement[] = [];
  const first = monthStart(month);
  for (let i = r.int(0, 3); i > 0; i--) {
    const day = nextBusinessDay(first + r.int(0, daysInMonth(month) - 3));
    const amount = cents(r.int(2, 60) * 50);
    const buy = r.chance(0.6);
    out.push({
      day,
      valueDay: nextBusinessDay(day + 2),
      cents: buy ? -amount : amount,
      description: buy ? 'Liquidación compra de valores' : 'Liquidación venta de valores',
    });
  }
  if (r.chance(0.3)) {
    const day = nextBusinessDay(first + r.int(0, 20));
    out.push({ day, valueDay: day, cents: cents(r.int(5, 120)), description: 'Abono de dividendo' });
  }
  if (month % 3 === 2) out.push(interestMovement(plan, month, 'Remuneración del efectivo'));
  return out;
}

/**
 * Wealth clients rarely run an overdraft: when a month would dip below zero before payday,
 * money is moved in on its first day (the month-end transfer then takes it back).
 */
function topUpIfOverdrawn(plan: AccountPlan, month: MonthNumber, sorted: Movement[]): void {
  let running = targetCents(plan, month);
  let lowest = running;
  for (const movement of sorted) {
    running += movement.cents;
    lowest = Math.min(lowest, running);
  }
  if (lowest >= 0) return;
  const first = monthStart(month);
  const amount = Math.ceil((-lowest + 20_000) / 50_000) * 50_000;
  sorted.unshift({
    day: first,
    valueDay: first,
    cents: amount,
    description: 'Traspaso desde cuenta de ahorro',
  });
}

function monthMovements(plan: AccountPlan, month: MonthNumber): Movement[] {
  const r = plan.random.fork(`month-${month}`);
  let movements: Movement[];
  switch (plan.kind) {
    case 'current':
      movements = [
        ...(plan.income ? incomeMovements(plan.income, month, r) : []),
        ...householdMovements(plan, month, r),
      ];
      break;
    case 'savings':
      movements = [interestMovement(plan, month, 'Liquidación de intereses')];
      break;
    case 'deposit':
      movements =
        month % 3 === 2 ? [interestMovement(plan, month, 'Liquidación de intereses del depósito')] : [];
      break;
    case 'broker-cash':
      movements = brokerCashMovements(plan, month, r);
      break;
  }
  const sorted = byDay(movements, month);
  topUpIfOverdrawn(plan, month, sorted);
  const net = sorted.reduce((sum, m) => sum + m.cents, 0);
  const sweep = targetCents(plan, month + 1) - targetCents(plan, month) - net;
  if (sweep !== 0) {
    const last = dayInMonth(month, 31);
    const inbound = plan.kind === 'current' || plan.kind === 'broker-cash';
    const description =
      sweep > 0
        ? inbound
          ? 'Traspaso desde cuenta de ahorro'
          : 'Traspaso desde cuenta corriente'
        : plan.kind === 'deposit'
          ? 'Traspaso de intereses a cuenta vinculada'
          : inbound
            ? 'Traspaso a cuenta de ahorro'
            : 'Traspaso a cuenta corriente';
    sorted.push({ day: last, valueDay: last, cents: sweep, description });
  }
  return sorted;
}

export interface AccountHistory {
  transactions: SnapshotTransaction[];
  balanceCents: number;
}

export function accountHistory(plan: AccountPlan, window: HistoryWindow): AccountHistory {
  const transactions: SnapshotTransaction[] = [];
  let balanceCents = 0;
  for (const month of monthsOf(window)) {
    balanceCents = applyMonth(
      plan.externalId,
      month,
      targetCents(plan, month),
      monthMovements(plan, month),
      window,
      transactions,
    );
  }
  return { transactions, balanceCents };
}
