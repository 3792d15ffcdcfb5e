import type { AccountPlan, Income } from './account-history';
import { generatePerson, type Person } from './identity';
import type { Random } from './random';
import {
  type BillTemplate,
  CITIES,
  ELECTRICITY,
  EMPLOYERS,
  OTHER_BILLS,
  TELECOM,
  WATER,
} from './spanish-merchants';

/**
 * The person behind a login, shared by every institution they connect: the same login gives
 * the same name, DNI, income and bills at Santander and at BBVA, as a real client would.
 */

export interface Household {
  titular: Person;
  partner: Person | null;
  income: Income;
  /** Scales spending: 1 is a household on about 2,500 € a month. */
  lifestyle: number;
  city: string;
  bills: readonly BillTemplate[];
}

const WATER_BY_CITY: Record<string, number> = { Madrid: 0, Barcelona: 1, Sevilla: 2 };

export function generateHousehold(random: Random, holderName?: string): Household {
  const titular = generatePerson(random.fork('titular'), holderName);
  const partner = random.fork('partner').chance(0.4) ? generatePerson(random.fork('partner-person')) : null;
  const r = random.fork('economy');
  const kind = r.weighted([
    ['salary', 6],
    ['pension', 2],
    ['freelance', 2],
  ] as const);
  const monthlyCents = r.int(1_800, 7_000) * 100;
  const city = r.pick(CITIES);
  const bills: BillTemplate[] = [r.pick(ELECTRICITY), r.pick(TELECOM)];
  const water = WATER[WATER_BY_CITY[city] ?? -1];
  if (water) bills.push(water);
  for (const bill of OTHER_BILLS) if (r.chance(0.45)) bills.push(bill);
  return {
    titular,
    partner,
    income: {
      kind,
      monthlyCents: kind === 'pension' ? Math.min(monthlyCents, 320_000) : monthlyCents,
      payer: r.pick(EMPLOYERS),
      day: kind === 'pension' ? 25 : r.pick([25, 28, 30, 31]),
    },
    lifestyle: Math.min(Math.max(monthlyCents / 250_000, 0.7), 2.5),
    city,
    bills,
  };
}

/** The account-level fields that come from the household rather than the bank. */
export function householdAccountTraits(
  household: Household,
  withIncome: boolean,
): Pick<AccountPlan, 'income' | 'lifestyle' | 'bills' | 'city'> {
  return {
    income: withIncome ? household.income : null,
    lifestyle: withIncome ? household.lifestyle : household.lifestyle * 0.5,
    bills: withIncome ? household.bills : household.bills.slice(0, 1),
    city: household.city,
  };
}
