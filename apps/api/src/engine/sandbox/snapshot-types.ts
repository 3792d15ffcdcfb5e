import type { InvestmentType, LiabilityType, PortfolioType } from '@caudal/contract';

/**
 * What one login at one institution looks like: plain JSON-safe data so that connectors
 * can store it and tests can deep-compare it. Dates are `yyyy-mm-dd`; money has 2 decimals.
 */

export type HolderRelation = 'titular' | 'cotitular' | 'autorizado';

export interface SnapshotHolder {
  externalId: string;
  name: string;
  /** Spanish DNI. */
  document: string;
  email: string;
  relation: HolderRelation;
}

/** A movement of an account or liability; `balance` is the running balance after it. */
export interface SnapshotTransaction {
  externalId: string;
  operationDate: string;
  valueDate: string;
  amount: number;
  balance: number;
  description: string;
}

export interface SnapshotAccount {
  externalId: string;
  name: string;
  alias: string | null;
  /** null where the institution has no Spanish bank code (foreign brokers). */
  iban: string | null;
  currency: 'EUR';
  balance: number;
  holderExternalIds: string[];
  /** Oldest first, within the `years` window. */
  transactions: SnapshotTransaction[];
}

/**
 * Codes: 8 buy, 9 sell, 33 dividends, 34 interest; a few others (1, 2, 44, 81, 90) appear
 * now and then with `amount` 0 so the UI's "Other (code N)" path is exercised.
 * `amount` is signed participations (sells negative); `netCash` is the signed cash effect
 * for the holder (buys negative, sells, dividends and interest positive).
 */
export interface SnapshotInvestmentTransaction {
  externalId: string;
  operationDate: string;
  valueDate: string;
  amount: number;
  netCash: number;
  type: number;
  description: string;
}

/**
 * What a holding or a portfolio was worth on a past day (the connector's backfill: the sandbox gives one
 * a week on fixed weekdays, so a later read gives the same days). `invested` is the net cash put in to
 * that day (buys minus sells), in the same currency as `balance`; `amount` the units held (holdings).
 */
export interface SnapshotValuation {
  date: string;
  balance: number;
  invested: number;
  amount?: number;
}

export interface SnapshotInvestment {
  externalId: string;
  name: string;
  isin: string | null;
  type: InvestmentType;
  /** Participations held: exactly the sum of the transactions' `amount`. */
  amount: number;
  /** Net asset value in `currency`: amount × price at `asOf`, 2 decimals. */
  balance: number;
  currency: string;
  refAccount: string | null;
  /** The full history since the position was opened (it is sparse), oldest first. */
  transactions: SnapshotInvestmentTransaction[];
  /** Net cash put in (buys minus sells, commissions included) in `currency`, as of `asOf`. */
  invested?: number;
  /** Past values, oldest first, when the connector can tell them (decision 0035). */
  valuations?: SnapshotValuation[];
}

export interface SnapshotPortfolio {
  externalId: string;
  name: string;
  type: PortfolioType;
  currency: 'EUR';
  /** Sum of the investments' balances converted to euros at fixed sandbox rates. */
  balance: number;
  /** Net cash put in, in `currency` (converted like `balance`), as of `asOf`. */
  invested?: number;
  holderExternalIds: string[];
  investments: SnapshotInvestment[];
  /** Past values, oldest first, when the connector can tell them. */
  valuations?: SnapshotValuation[];
}

/**
 * `balance` is the outstanding debt as a positive number; transaction amounts are signed as the
 * holder's statement shows them (a card purchase or drawdown negative, a settlement or an instalment
 * positive), and each transaction's `balance` is the debt after it (previous balance − amount).
 * `capitalAvailable` is what can still be drawn: limit − balance for cards, credit lines
 * and confirming; 0 for loans, which are fully disbursed.
 */
export interface SnapshotLiability {
  externalId: string;
  name: string;
  type: LiabilityType;
  balance: number;
  capitalInitial: number;
  capitalAvailable: number;
  currency: 'EUR';
  openingDate: string;
  expirationDate: string | null;
  holderExternalIds: string[];
  transactions: SnapshotTransaction[];
}

export interface InstitutionSnapshot {
  entityId: string;
  asOf: string;
  holders: SnapshotHolder[];
  accounts: SnapshotAccount[];
  portfolios: SnapshotPortfolio[];
  liabilities: SnapshotLiability[];
}
