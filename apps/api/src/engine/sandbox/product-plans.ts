import type { PortfolioType } from '@caudal/contract';
import type { AccountKind, AccountPlan } from './account-history';
import { type DayNumber, dayFromYmd } from './calendar';
import { type Household, householdAccountTraits } from './household';
import { buildSpanishIban } from './iban';
import type { InstitutionProfile } from './institutions';
import { INSTRUMENT_GROUPS, type Instrument } from './instruments';
import type { LiabilityPlan } from './liability-history';
import type { PortfolioPlan } from './portfolio-history';
import { hashHex, type Random } from './random';

/**
 * Decides which products a login has at an institution. Plans depend only on the seed —
 * never on `asOf` — and use absolute calendar dates for openings, so a refresh sees the
 * same products; a product opened after `asOf` simply does not exist yet.
 */

export interface AccountSlot {
  plan: AccountPlan;
  name: string;
  alias: string | null;
  iban: string | null;
  holderExternalIds: string[];
}

export interface ProductPlans {
  accounts: AccountSlot[];
  liabilities: LiabilityPlan[];
  portfolios: PortfolioPlan[];
}

export interface HolderIds {
  titular: string;
  cotitular: string | null;
  autorizado: string | null;
}

function dayBetween(r: Random, from: [number, number, number], to: [number, number, number]): DayNumber {
  const start = dayFromYmd(...from);
  return start + r.int(0, dayFromYmd(...to) - start);
}

function id(prefix: string, seed: string, slot: string): string {
  return `${prefix}_${hashHex(`${seed}|${slot}`)}`;
}

function holdersFor(r: Random, holders: HolderIds, withAuthorised: boolean): string[] {
  const ids = [holders.titular];
  if (holders.cotitular && r.chance(0.7)) ids.push(holders.cotitular);
  if (withAuthorised && holders.autorizado) ids.push(holders.autorizado);
  return ids;
}

function planAccounts(
  root: Random,
  profile: InstitutionProfile,
  household: Household,
  holders: HolderIds,
): AccountSlot[] {
  const r = root.fork('accounts');
  const branch = String(r.int(1, 9999)).padStart(4, '0');
  const slots: AccountSlot[] = [];
  const add = (
    slot: string,
    kind: AccountKind,
    name: string,
    alias: string | null,
    baseCents: number,
    withIncome: boolean,
  ) => {
    const ar = r.fork(slot);
    const accountNumber = String(ar.int(0, 9_999_999_999)).padStart(10, '0');
    const externalId = id('acc', root.seed, slot);
    slots.push({
      name,
      alias,
      iban: profile.bankCode ? buildSpanishIban(profile.bankCode, branch, accountNumber) : null,
      holderExternalIds: holdersFor(ar, holders, kind === 'current'),
      plan: {
        externalId,
        kind,
        random: ar.fork('history'),
        baseCents,
        interestRate: kind === 'current' ? 0 : ar.float(0.005, 0.03),
        ...householdAccountTraits(household, withIncome),
      },
    });
  };
  const monthly = household.income.monthlyCents;
  if (profile.kind === 'broker') {
    add('cash', 'broker-cash', r.pick(profile.currentAccountNames), null, r.int(20, 400) * 10_000, false);
    return slots;
  }
  const salaryHere = r.chance(0.75);
  add(
    'current',
    'current',
    r.pick(profile.currentAccountNames),
    salaryHere ? r.pick([null, 'Nómina']) : null,
    Math.round(monthly * r.float(1, 3)),
    salaryHere,
  );
  if (!salaryHere || r.chance(0.25)) {
    add(
      'current-2',
      'current',
      profile.currentAccountNames[0] ?? 'Cuenta Corriente',
      r.pick([null, 'Gastos casa', 'Gastos']),
      Math.round(monthly * r.float(0.3, 1)),
      false,
    );
  }
  if (profile.offers.includes('savings') && profile.savingsAccountNames.length > 0 && r.chance(0.5)) {
    add(
      'savings',
      'savings',
      r.pick(profile.savingsAccountNames),
      r.pick([null, 'Ahorro', 'Colchón']),
      r.int(5, 120) * 100_000,
      false,
    );
  }
  if (profile.offers.includes('deposit') && r.chance(0.2)) {
    add('deposit', 'deposit', 'Depósito a Plazo Fijo 12 meses', null, r.int(2, 20) * 1_000_000, false);
  }
  return slots;
}

function planLiabilities(root: Random, profile: InstitutionProfile, holders: HolderIds): LiabilityPlan[] {
  const r = root.fork('liabilities');
  const plans: LiabilityPlan[] = [];
  const common = (slot: string, name: string, openingDay: DayNumber) => ({
    externalId: id('lia', root.seed, slot),
    name,
    holderExternalIds: holdersFor(r, holders, false),
    openingDay,
    random: r.fork(slot),
  });
  const offers = profile.offers;
  if (offers.includes('mortgage') && r.chance(0.35)) {
    plans.push({
      ...common('mortgage', 'Préstamo Hipotecario', dayBetween(r, [2012, 1, 1], [2023, 12, 31])),
      kind: 'loan',
      principalCents: r.int(90, 450) * 100_000,
      annualRate: r.float(0.015, 0.039),
      months: r.pick([240, 300, 360]),
    });
  }
  if (offers.includes('personal-loan') && r.chance(0.2)) {
    plans.push({
      ...common('personal-loan', 'Préstamo Personal', dayBetween(r, [2022, 1, 1], [2024, 12, 31])),
      kind: 'loan',
      principalCents: r.int(6, 30) * 100_000,
      annualRate: r.float(0.055, 0.095),
      months: r.pick([60, 72, 84, 96]),
    });
  }
  if (offers.includes('credit-card') && r.chance(0.55)) {
    plans.push({
      ...common(
        'card',
        r.pick(['Tarjeta de Crédito', 'Tarjeta de Crédito Visa', 'Tarjeta de Crédito Mastercard']),
        dayBetween(r, [2010, 1, 1], [2022, 12, 31]),
      ),
      kind: 'card',
      limitCents: r.int(3, 24) * 50_000,
    });
  }
  if (offers.includes('credit-line') && r.chance(0.08)) {
    plans.push({
      ...common('credit-line', 'Póliza de Crédito', dayBetween(r, [2015, 1, 1], [2023, 6, 30])),
      kind: 'credit-line',
      limitCents: r.int(2, 15) * 1_000_000,
    });
  }
  if (offers.includes('confirming') && r.chance(0.08)) {
    plans.push({
      ...common('confirming', 'Línea de Confirming', dayBetween(r, [2015, 1, 1], [2023, 6, 30])),
      kind: 'confirming',
      limitCents: r.int(5, 30) * 1_000_000,
    });
  }
  return plans;
}

function pickSome(r: Random, pool: readonly Instrument[], min: number, max: number): Instrument[] {
  const remaining = [...pool];
  const chosen: Instrument[] = [];
  for (let n = r.int(min, Math.min(max, pool.length)); n > 0; n--) {
    const index = r.int(0, remaining.length - 1);
    chosen.push(...remaining.splice(index, 1));
  }
  return chosen;
}

interface InvestmentStyle {
  initial: [number, number];
  monthlyChance: number;
  monthly: [number, number];
  sellChance: number;
  commissionCents: number;
}

function planPortfolios(
  root: Random,
  profile: InstitutionProfile,
  holders: HolderIds,
  refAccount: string | null,
): PortfolioPlan[] {
  const r = root.fork('portfolios');
  const plans: PortfolioPlan[] = [];
  const broker = profile.kind === 'broker';
  const tradeFee = broker ? r.int(100, 500) : r.int(800, 1500);

  const add = (
    slot: string,
    name: string,
    type: PortfolioType,
    instruments: Instrument[],
    style: InvestmentStyle,
  ) => {
    const pr = r.fork(slot);
    const externalId = id('pf', root.seed, slot);
    plans.push({
      externalId,
      name,
      type,
      holderExternalIds: holdersFor(pr, holders, false),
      investments: instruments.map((instrument) => {
        const ir = pr.fork(instrument.key);
        const fee =
          instrument.type === 'VI' || instrument.type === 'ETF' || instrument.type === 'C'
            ? style.commissionCents
            : 0;
        return {
          externalId: id('inv', externalId, instrument.key),
          instrument,
          openingDay: dayBetween(ir, [2019, 1, 1], [2024, 6, 30]),
          initialCents: ir.int(style.initial[0], style.initial[1]) * 100,
          monthlyCents: ir.chance(style.monthlyChance) ? ir.int(style.monthly[0], style.monthly[1]) * 100 : 0,
          contributionDay: ir.pick([1, 5, 10, 15, 20]),
          sellChancePerMonth: instrument.type === 'PP' ? 0 : style.sellChance,
          commissionCents: fee,
          refAccount,
          random: ir.fork('history'),
        };
      }),
    });
  };

  const fundStyle: InvestmentStyle = {
    initial: [3_000, 60_000],
    monthlyChance: 0.5,
    monthly: [100, 1_000],
    sellChance: 0.01,
    commissionCents: 0,
  };
  const stockStyle: InvestmentStyle = {
    initial: [1_000, 15_000],
    monthlyChance: 0.15,
    monthly: [100, 500],
    sellChance: 0.02,
    commissionCents: tradeFee,
  };
  const g = INSTRUMENT_GROUPS;
  const offers = profile.offers;

  if (offers.includes('funds') && r.chance(0.55)) {
    if (r.chance(0.25)) {
      add(
        'mixed',
        'Cartera Mixta',
        'MIX',
        [...pickSome(r, g.etfs, 1, 2), ...pickSome(r, g.bondEtfs, 1, 1), ...pickSome(r, g.activeFunds, 0, 1)],
        stockStyle,
      );
    } else {
      add(
        'funds',
        'Cartera de Fondos',
        'F',
        [...pickSome(r, [...g.indexFunds, ...g.activeFunds], 1, 3), ...pickSome(r, g.bondFunds, 0, 1)],
        fundStyle,
      );
    }
  }
  if (offers.includes('managed') && r.chance(0.4)) {
    add(
      'managed',
      `Cartera Gestionada ${profile.brand}`,
      'M',
      [...pickSome(r, g.indexFunds, 2, 4), ...pickSome(r, g.bondFunds, 1, 2)],
      { ...fundStyle, monthlyChance: 0.8 },
    );
  }
  if (offers.includes('pension') && r.chance(0.45)) {
    // Since 2022 individual contributions are capped at 1,500 € a year: at most 125 € a month.
    add('pension', 'Planes de Pensiones', 'PP', pickSome(r, g.pensionPlans, 1, 2), {
      ...fundStyle,
      initial: [1_000, 25_000],
      monthlyChance: 0.7,
      monthly: [50, 125],
    });
  }
  if (offers.includes('stocks') && r.chance(broker ? 0.9 : 0.3)) {
    const stocks = pickSome(r, [...g.spanishStocks, ...g.europeanStocks, ...g.usStocks], 2, 6);
    if (broker)
      add(
        'securities',
        'Cuenta de Valores',
        'UM',
        [...stocks, ...pickSome(r, g.etfs, 0, 2), ...g.liquidity],
        stockStyle,
      );
    else add('securities', 'Depósito de Valores', 'S', stocks, stockStyle);
  }
  if (offers.includes('fixed-income') && r.chance(0.2)) {
    add(
      'fixed-income',
      'Cartera de Renta Fija',
      'FI',
      [...pickSome(r, [...g.bondFunds, ...g.bondEtfs], 1, 2), ...g.liquidity],
      fundStyle,
    );
  }
  if (offers.includes('crypto') && r.chance(0.6)) {
    add('crypto', 'Criptomonedas', 'C', pickSome(r, g.crypto, 1, 2), {
      ...stockStyle,
      initial: [500, 8_000],
    });
  }
  return plans;
}

export function planProducts(
  root: Random,
  profile: InstitutionProfile,
  household: Household,
  holders: HolderIds,
): ProductPlans {
  const accounts = planAccounts(root, profile, household, holders);
  return {
    accounts,
    liabilities: planLiabilities(root, profile, holders),
    portfolios: planPortfolios(root, profile, holders, accounts[0]?.iban ?? null),
  };
}
