import type { PortfolioType } from '@caudal/contract';
import {
  type DayNumber,
  dayInMonth,
  isoDate,
  type MonthNumber,
  monthOfDay,
  monthStart,
  nextBusinessDay,
  weekday,
} from './calendar';
import { EUR_PER_UNIT, type Instrument } from './instruments';
import { round } from './money';
import { priceCurve } from './prices';
import { hashHex, type Random } from './random';
import type {
  SnapshotInvestment,
  SnapshotInvestmentTransaction,
  SnapshotPortfolio,
  SnapshotValuation,
} from './snapshot-types';

/**
 * Positions and their movements. Unlike statements, a position's whole history is returned:
 * it is sparse (a few dozen movements) and only the full history lets the participations
 * add up to the position. Units are integers in the instrument's smallest step so that
 * the sum is exact.
 */

export interface InvestmentPlan {
  externalId: string;
  instrument: Instrument;
  openingDay: DayNumber;
  /** Cash of the first purchase, in cents of the instrument's currency. */
  initialCents: number;
  /** Periodic contribution; 0 for none. */
  monthlyCents: number;
  contributionDay: number;
  sellChancePerMonth: number;
  /** Broker-style commission on each trade, in cents; funds and plans charge none. */
  commissionCents: number;
  refAccount: string | null;
  random: Random;
}

export interface PortfolioPlan {
  externalId: string;
  name: string;
  type: PortfolioType;
  holderExternalIds: string[];
  investments: InvestmentPlan[];
}

const WITHHOLDING = 0.19;

/** Codes outside buy/sell/dividend/interest, always with no change in participations. */
const OTHER_CODES: readonly (readonly [code: number, description: string, sign: -1 | 0 | 1])[] = [
  [1, 'Devolución parcial de comisión de gestión', 1],
  [2, 'Retención a cuenta IRPF', -1],
  [44, 'Comisión de custodia', -1],
  [81, 'Operación corporativa: canje informativo', 0],
  [90, 'Regularización fiscal de retención en origen', 1],
];

type Planned =
  | { day: DayNumber; kind: 'buy'; cents: number; initial: boolean }
  | { day: DayNumber; kind: 'sell'; fraction: number }
  | { day: DayNumber; kind: 'payout' }
  | { day: DayNumber; kind: 'other'; code: number; description: string; cents: number };

function verbs(instrument: Instrument): { buy: string; sell: string } {
  switch (instrument.type) {
    case 'F':
    case 'FI':
      return { buy: 'Suscripción', sell: 'Reembolso' };
    case 'PP':
      return { buy: 'Aportación', sell: 'Movilización' };
    case 'L':
      return { buy: 'Ingreso de efectivo', sell: 'Retirada de efectivo' };
    default:
      return { buy: 'Compra', sell: 'Venta' };
  }
}

function planMonth(plan: InvestmentPlan, month: MonthNumber): Planned[] {
  const r = plan.random.fork(`month-${month}`);
  const { instrument } = plan;
  const planned: Planned[] = [];
  if (month === monthOfDay(plan.openingDay)) {
    planned.push({ day: plan.openingDay, kind: 'buy', cents: plan.initialCents, initial: true });
  } else if (plan.monthlyCents > 0) {
    const day = nextBusinessDay(dayInMonth(month, plan.contributionDay));
    const jitter = instrument.type === 'VI' || instrument.type === 'ETF' ? r.float(0.85, 1.15) : 1;
    planned.push({ day, kind: 'buy', cents: Math.round(plan.monthlyCents * jitter), initial: false });
  } else if (instrument.type !== 'L' && r.chance(0.06)) {
    const day = nextBusinessDay(monthStart(month) + r.int(0, 24));
    planned.push({
      day,
      kind: 'buy',
      cents: Math.round(plan.initialCents * r.float(0.1, 0.4)),
      initial: false,
    });
  }
  if (r.chance(plan.sellChancePerMonth)) {
    planned.push({
      day: nextBusinessDay(monthStart(month) + r.int(0, 24)),
      kind: 'sell',
      fraction: r.float(0.1, 0.4),
    });
  }
  const payouts = instrument.payoutsPerYear;
  if (payouts > 0 && (month % 12) % Math.round(12 / payouts) === 0) {
    const day =
      instrument.type === 'L' ? dayInMonth(month, 31) : nextBusinessDay(dayInMonth(month, 10 + r.int(0, 15)));
    planned.push({ day, kind: 'payout' });
  }
  if (r.chance(0.025)) {
    const [code, description, sign] = r.pick(OTHER_CODES);
    const day = nextBusinessDay(monthStart(month) + r.int(0, 24));
    planned.push({ day, kind: 'other', code, description, cents: sign * r.int(100, 2500) });
  }
  return planned.sort((a, b) => a.day - b.day);
}

/** null when the position was opened after `asOf`. */
export function buildInvestment(plan: InvestmentPlan, asOf: DayNumber): SnapshotInvestment | null {
  if (plan.openingDay > asOf) return null;
  const { instrument } = plan;
  const scale = 10 ** instrument.unitDecimals;
  const price = priceCurve(instrument);
  const verb = verbs(instrument);
  const transactions: SnapshotInvestmentTransaction[] = [];
  let units = 0;

  for (let month = monthOfDay(plan.openingDay); month <= monthOfDay(asOf); month++) {
    planMonth(plan, month).forEach((event, index) => {
      if (event.day > asOf) return;
      const p = price(event.day);
      let deltaUnits = 0;
      let netCents = 0;
      let type: number;
      let description: string;
      if (event.kind === 'buy') {
        deltaUnits = Math.max(Math.floor((event.cents / 100 / p) * scale), event.initial ? 1 : 0);
        if (deltaUnits === 0) return;
        netCents = -(Math.round((deltaUnits / scale) * p * 100) + plan.commissionCents);
        type = 8;
        description = `${verb.buy} ${instrument.name}`;
      } else if (event.kind === 'sell') {
        if (instrument.type === 'PP') return; // plans are illiquid until retirement
        deltaUnits = -Math.floor(units * event.fraction);
        if (deltaUnits === 0) return;
        netCents = Math.round((-deltaUnits / scale) * p * 100) - plan.commissionCents;
        type = 9;
        description = `${verb.sell} ${instrument.name}`;
      } else if (event.kind === 'payout') {
        if (units === 0) return;
        const gross = (units / scale) * p * (instrument.yield / instrument.payoutsPerYear) * 100;
        netCents = Math.round(gross * (1 - WITHHOLDING));
        if (netCents <= 0) return;
        type = instrument.type === 'L' ? 34 : 33;
        description =
          type === 34
            ? 'Liquidación de intereses'
            : `Dividendo ${instrument.name} (bruto ${(gross / 100).toFixed(2)}, retención 19%)`;
      } else {
        if (units === 0) return;
        netCents = event.cents;
        type = event.code;
        description = event.description;
      }
      units += deltaUnits;
      transactions.push({
        externalId: `itx_${hashHex(`${plan.externalId}|${month}|${index}`)}`,
        operationDate: isoDate(event.day),
        valueDate: isoDate(nextBusinessDay(event.day + (type === 8 || type === 9 ? 2 : 0))),
        amount: deltaUnits / scale,
        netCash: netCents / 100,
        type,
        description,
      });
    });
  }

  return {
    externalId: plan.externalId,
    name: instrument.name,
    invested: investedOf(transactions),
    valuations: weeklyValuations(plan.openingDay, asOf, scale, transactions, (day, scaledUnits) =>
      round((scaledUnits / scale) * price(day), 2),
    ),
    isin: instrument.isin,
    type: instrument.type,
    amount: units / scale,
    balance: round((units / scale) * price(asOf), 2),
    currency: instrument.currency,
    refAccount: plan.refAccount,
    transactions,
  };
}

const eurPerUnit = (investment: SnapshotInvestment) =>
  EUR_PER_UNIT[investment.currency as keyof typeof EUR_PER_UNIT];

/** Net cash put in: what buys cost minus what sells brought (dividends and fees are returns, not capital). */
function investedOf(transactions: readonly SnapshotInvestmentTransaction[]): number {
  const cents = transactions
    .filter((t) => t.type === 8 || t.type === 9)
    .reduce((sum, t) => sum - Math.round(t.netCash * 100), 0);
  return cents / 100;
}

/**
 * A valuation every Friday of the last 13 weeks before `asOf`, then every fourth Friday (by absolute
 * week number, so a later read picks the same ones) back to two years: what the charts' ranges need
 * without doubling the demo book (weekly for two years was 90,000 rows beside its 108,000 movements).
 */
const BACKFILL_WEEKS = 104;
const WEEKLY_WEEKS = 13;
const isBackfillFriday = (friday: DayNumber, week: number) =>
  week < WEEKLY_WEEKS || Math.floor(friday / 7) % 4 === 0;
const FRIDAY = 4;

/**
 * The weekly backfill of one holding: units held on each Friday before `asOf` (replaying its movements in
 * whole steps of the instrument, so they add up exactly) times the price curve that day. Fridays are fixed
 * weekdays, so a read on a later day gives the same past dates and values.
 */
function weeklyValuations(
  openingDay: DayNumber,
  asOf: DayNumber,
  scale: number,
  transactions: readonly SnapshotInvestmentTransaction[],
  priceUnits: (day: DayNumber, scaledUnits: number) => number,
): SnapshotValuation[] {
  const fridays: DayNumber[] = [];
  let friday = asOf - 1 - ((weekday(asOf - 1) - FRIDAY + 7) % 7);
  for (let week = 0; week < BACKFILL_WEEKS && friday >= openingDay; week++, friday -= 7) {
    if (isBackfillFriday(friday, week)) fridays.push(friday);
  }
  fridays.reverse();
  const out: SnapshotValuation[] = [];
  let next = 0;
  let units = 0;
  let investedCents = 0;
  for (const day of fridays) {
    const date = isoDate(day);
    for (let movement = transactions[next]; movement && movement.operationDate <= date; ) {
      units += Math.round(movement.amount * scale);
      if (movement.type === 8 || movement.type === 9) investedCents -= Math.round(movement.netCash * 100);
      next += 1;
      movement = transactions[next];
    }
    out.push({ date, balance: priceUnits(day, units), invested: investedCents / 100, amount: units / scale });
  }
  return out;
}

/** null when none of its positions existed yet on `asOf`. */
export function buildPortfolio(plan: PortfolioPlan, asOf: DayNumber): SnapshotPortfolio | null {
  const investments = plan.investments.flatMap((i) => buildInvestment(i, asOf) ?? []);
  if (investments.length === 0) return null;
  const euros = investments.reduce(
    (sum, i) => sum + i.balance * EUR_PER_UNIT[i.currency as keyof typeof EUR_PER_UNIT],
    0,
  );
  const toEuros = (investment: SnapshotInvestment, value: (v: SnapshotValuation) => number) =>
    (investment.valuations ?? []).map((v) => ({ date: v.date, euros: value(v) * eurPerUnit(investment) }));
  const byDate = new Map<string, { balance: number; invested: number }>();
  for (const investment of investments) {
    const values = toEuros(investment, (v) => v.balance);
    const invested = toEuros(investment, (v) => v.invested);
    values.forEach((point, index) => {
      const sum = byDate.get(point.date) ?? { balance: 0, invested: 0 };
      sum.balance += point.euros;
      sum.invested += invested[index]?.euros ?? 0;
      byDate.set(point.date, sum);
    });
  }
  return {
    externalId: plan.externalId,
    name: plan.name,
    type: plan.type,
    currency: 'EUR',
    balance: round(euros, 2),
    invested: round(
      investments.reduce((sum, i) => sum + (i.invested ?? 0) * eurPerUnit(i), 0),
      2,
    ),
    valuations: [...byDate]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([date, sum]) => ({ date, balance: round(sum.balance, 2), invested: round(sum.invested, 2) })),
    holderExternalIds: plan.holderExternalIds,
    investments,
  };
}
