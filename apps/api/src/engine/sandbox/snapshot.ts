import { accountHistory } from './account-history';
import { dayOf, isoDate, yearsBefore } from './calendar';
import { generateHousehold } from './household';
import { institutionProfile } from './institutions';
import { buildLiability } from './liability-history';
import { fromCents } from './money';
import { buildPortfolio } from './portfolio-history';
import { type HolderIds, planProducts } from './product-plans';
import { createRandom, hashHex } from './random';
import type { InstitutionSnapshot, SnapshotAccount, SnapshotHolder } from './snapshot-types';

/**
 * Bump when a change to the generator is meant to give every login different data; it is
 * part of every seed, so old and new sandbox data never mix ids by accident.
 */
export const SANDBOX_DATA_VERSION = 'v1';

export interface GenerateSnapshotInput {
  /** Our entity id (`santander`, `degiro`…); `-e` ids resolve to their base entity. */
  entityId: string;
  /** The sandbox username; it alone decides the person, so one login is one client everywhere. */
  login: string;
  /** The moment the bank is "read". Only its UTC calendar day matters. */
  asOf: Date;
  /** How far back account and liability statements go. Positions always carry full history. */
  years?: number;
  /** Forces the titular's name (the demo seed names its clients). */
  holderName?: string;
}

/**
 * Everything one login holds at one institution on `asOf`. Pure: same input, same output.
 * Regenerating with a later `asOf` keeps every earlier movement (ids and values) and adds
 * the new ones, which is how a sandbox refresh updates products in place.
 */
export function generateSnapshot({
  entityId,
  login,
  asOf,
  years = 2,
  holderName,
}: GenerateSnapshotInput): InstitutionSnapshot {
  if (Number.isNaN(asOf.getTime())) throw new Error('asOf must be a valid date');
  if (!Number.isInteger(years) || years < 1) throw new Error('years must be a positive integer');
  const profile = institutionProfile(entityId);
  const root = createRandom(`caudal-sandbox/${SANDBOX_DATA_VERSION}|${profile.id}|${login}`);
  const household = generateHousehold(
    createRandom(`caudal-sandbox/${SANDBOX_DATA_VERSION}|person|${login}`),
    holderName,
  );

  const relations = root.fork('relations');
  const holderIds: HolderIds = {
    titular: `hld_${hashHex(`${root.seed}|titular`)}`,
    cotitular: household.partner && relations.chance(0.6) ? `hld_${hashHex(`${root.seed}|cotitular`)}` : null,
    autorizado: relations.chance(0.1) ? `hld_${hashHex(`${root.seed}|autorizado`)}` : null,
  };
  const plans = planProducts(root, profile, household, holderIds);

  const day = dayOf(asOf);
  const window = { from: yearsBefore(day, years) + 1, asOf: day };

  const accounts: SnapshotAccount[] = plans.accounts.map((slot) => {
    const history = accountHistory(slot.plan, window);
    return {
      externalId: slot.plan.externalId,
      name: slot.name,
      alias: slot.alias,
      iban: slot.iban,
      currency: 'EUR',
      balance: fromCents(history.balanceCents),
      holderExternalIds: slot.holderExternalIds,
      transactions: history.transactions,
    };
  });
  const liabilities = plans.liabilities.flatMap((plan) => buildLiability(plan, window) ?? []);
  const portfolios = plans.portfolios.flatMap((plan) => buildPortfolio(plan, day) ?? []);

  const holders: SnapshotHolder[] = [
    { externalId: holderIds.titular, ...personFields(household.titular), relation: 'titular' },
  ];
  if (holderIds.cotitular && household.partner) {
    holders.push({
      externalId: holderIds.cotitular,
      ...personFields(household.partner),
      relation: 'cotitular',
    });
  }
  if (holderIds.autorizado) {
    const authorised = generateHousehold(root.fork('autorizado')).titular;
    holders.push({ externalId: holderIds.autorizado, ...personFields(authorised), relation: 'autorizado' });
  }

  return { entityId: profile.id, asOf: isoDate(day), holders, accounts, portfolios, liabilities };
}

function personFields(person: { name: string; document: string; email: string }) {
  return { name: person.name, document: person.document, email: person.email };
}
