import { resolveEntityId } from '@caudal/contract';

/**
 * What each sandbox institution looks like. Keyed by our entity ids. Bank codes are the
 * real four-digit Banco de España codes, so generated IBANs point at the right bank; where
 * an institution has no Spanish code (or we could not confirm one) its accounts carry no
 * IBAN instead of borrowing someone else's code.
 */

export type InstitutionKind = 'bank' | 'broker';

/** Products an institution may give a client; the generator picks a plausible subset. */
export type Offer =
  | 'current'
  | 'savings'
  | 'deposit'
  | 'mortgage'
  | 'personal-loan'
  | 'credit-card'
  | 'credit-line'
  | 'confirming'
  | 'funds'
  | 'managed'
  | 'pension'
  | 'stocks'
  | 'fixed-income'
  | 'crypto';

export interface InstitutionProfile {
  id: string;
  name: string;
  kind: InstitutionKind;
  bankCode: string | null;
  offers: readonly Offer[];
  currentAccountNames: readonly string[];
  savingsAccountNames: readonly string[];
  /** The brand used in portfolio names ("Cartera Gestionada Openbank"). */
  brand: string;
  /** How long a holder's account-information consent lasts at this institution (PSD2: 90 or 180 days). */
  consentDays: ConsentDays;
}

export type ConsentDays = 90 | 180;

/**
 * The institutions whose consents last 90 days; every other one gives 180. The one source: migration
 * 0025's backfill ran once with a copy of it and stays as written (history); a test
 * (features/connections/consent-backfill.test.ts) fails if the two ever disagree.
 */
export const CONSENT_90_DAY_INSTITUTIONS: ReadonlySet<string> = new Set([
  'ing',
  'openbank',
  'myinvestor',
  'degiro',
  'interactive-brokers',
]);

const consentDaysOf = (id: string): ConsentDays => (CONSENT_90_DAY_INSTITUTIONS.has(id) ? 90 : 180);

const BANK_OFFERS: readonly Offer[] = [
  'current',
  'savings',
  'deposit',
  'mortgage',
  'personal-loan',
  'credit-card',
  'credit-line',
  'confirming',
  'funds',
  'pension',
  'stocks',
  'fixed-income',
];
const ONLINE_BANK_OFFERS: readonly Offer[] = [
  'current',
  'savings',
  'mortgage',
  'credit-card',
  'funds',
  'managed',
  'pension',
  'stocks',
];
const BROKER_OFFERS: readonly Offer[] = ['current', 'stocks', 'funds', 'fixed-income'];

const GENERIC_CURRENT = ['Cuenta Corriente', 'Cuenta Nómina'];
const GENERIC_SAVINGS = ['Cuenta de Ahorro', 'Depósito a Plazo Fijo 12 meses'];

function bank(
  id: string,
  name: string,
  bankCode: string | null,
  currentAccountNames: readonly string[] = GENERIC_CURRENT,
  savingsAccountNames: readonly string[] = GENERIC_SAVINGS,
  offers: readonly Offer[] = BANK_OFFERS,
): InstitutionProfile {
  return {
    id,
    name,
    kind: 'bank',
    bankCode,
    offers,
    currentAccountNames,
    savingsAccountNames,
    brand: name,
    consentDays: consentDaysOf(id),
  };
}

function broker(
  id: string,
  name: string,
  bankCode: string | null,
  offers: readonly Offer[] = BROKER_OFFERS,
  cashAccountName = 'Cuenta de Efectivo',
): InstitutionProfile {
  return {
    id,
    name,
    kind: 'broker',
    bankCode,
    offers,
    currentAccountNames: [cashAccountName],
    savingsAccountNames: [],
    brand: name,
    consentDays: consentDaysOf(id),
  };
}

const PROFILES: readonly InstitutionProfile[] = [
  bank('santander', 'Banco Santander', '0049', [
    'Cuenta Online Santander',
    'Cuenta Nómina',
    'Cuenta Corriente',
  ]),
  bank(
    'bbva',
    'BBVA',
    '0182',
    ['Cuenta Online Sin Comisiones', 'Cuenta Nómina'],
    ['Cuenta Ahorro', 'Depósito'],
  ),
  bank('caixabank', 'CaixaBank', '2100', ['Cuenta Corriente', 'Cuenta Nómina', 'Cuenta Estándar']),
  bank('sabadell', 'Banco Sabadell', '0081', ['Cuenta Online', 'Cuenta Expansión']),
  bank('bankinter', 'Bankinter', '0128', ['Cuenta Nómina', 'Cuenta Digital'], ['Cuenta Ahorro', 'Depósito']),
  bank('ing', 'ING', '1465', ['Cuenta NÓMINA', 'Cuenta SIN NÓMINA'], ['Cuenta NARANJA'], ONLINE_BANK_OFFERS),
  bank(
    'openbank',
    'Openbank',
    '0073',
    ['Cuenta Open', 'Cuenta Nómina'],
    ['Cuenta Ahorro'],
    ONLINE_BANK_OFFERS,
  ),
  bank('abanca', 'ABANCA', '2080', ['Cuenta Clara', 'Cuenta Online']),
  bank('kutxabank', 'Kutxabank', '2095'),
  bank('unicaja', 'Unicaja', '2103'),
  bank('ibercaja', 'Ibercaja', '2085'),
  bank('cajamar', 'Cajamar', '3058'),
  bank(
    'evo',
    'EVO Banco',
    '0239',
    ['Cuenta Inteligente'],
    ['Depósito'],
    ['current', 'savings', 'mortgage', 'credit-card', 'funds'],
  ),
  bank(
    'mediolanum',
    'Banco Mediolanum',
    '0186',
    ['Cuenta Freedom'],
    ['Depósito'],
    ['current', 'savings', 'mortgage', 'credit-card', 'funds', 'managed', 'pension'],
  ),
  // Andbank España's code is not confirmed here, so its accounts carry no IBAN.
  bank(
    'andbank',
    'Andbank',
    null,
    ['Cuenta Corriente'],
    ['Depósito'],
    ['current', 'funds', 'managed', 'pension', 'stocks', 'fixed-income'],
  ),
  broker(
    'renta4',
    'Renta 4 Banco',
    '0083',
    ['current', 'stocks', 'funds', 'pension', 'fixed-income'],
    'Cuenta de Valores y Efectivo',
  ),
  bank(
    'myinvestor',
    'MyInvestor',
    '1544',
    ['Cuenta Remunerada'],
    [],
    ['current', 'mortgage', 'funds', 'managed', 'pension', 'stocks'],
  ),
  broker('selfbank', 'Self Bank', '1490', ['current', 'stocks', 'funds', 'pension'], 'Cuenta Self'),
  broker('inversis', 'Inversis', '0232', ['current', 'stocks', 'funds', 'pension', 'fixed-income']),
  // Cash at DEGIRO and Interactive Brokers sits with non-Spanish entities: no Spanish IBAN.
  broker('degiro', 'DEGIRO', null, ['current', 'stocks'], 'Cuenta de Efectivo DEGIRO'),
  broker(
    'interactive-brokers',
    'Interactive Brokers',
    null,
    ['current', 'stocks', 'fixed-income', 'crypto'],
    'Cuenta de Efectivo (EUR)',
  ),
];

export const INSTITUTIONS: ReadonlyMap<string, InstitutionProfile> = new Map(PROFILES.map((p) => [p.id, p]));
const INSTITUTION_IDS: ReadonlySet<string> = new Set(INSTITUTIONS.keys());

/** Used for an entity id the sandbox has no profile for: a plain bank with no IBAN. */
function genericProfile(id: string): InstitutionProfile {
  return bank(id, id, null, GENERIC_CURRENT, GENERIC_SAVINGS, ['current', 'savings', 'credit-card', 'funds']);
}

/** Resolves `-e` ids to their base entity (spec section 9), then falls back to a generic bank. */
export function institutionProfile(entityId: string): InstitutionProfile {
  // The contract's one rule, shared with the portal's routes.
  const known = resolveEntityId(entityId, INSTITUTION_IDS);
  return (known !== null && INSTITUTIONS.get(known)) || genericProfile(entityId);
}

/** When a consent given at `from` for `entityId` ends: the institution's validity in whole days. */
export function consentExpiryFrom(entityId: string, from: Date): Date {
  return new Date(from.getTime() + institutionProfile(entityId).consentDays * 86_400_000);
}
