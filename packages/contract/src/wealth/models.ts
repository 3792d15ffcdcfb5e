import { z } from 'zod';

/** Field names follow the spec (section 3), camelCase where it names them so. */
export const ZClient = z.object({
  id: z.string(),
  name: z.string(),
  alias: z.string(),
  /** Entity ids; ids unknown to the entity list are dropped, `-e` ids fall back to their base. */
  entities: z.array(z.string()),
  created_at: z.string(),
  products_count: z.number().int(),
});
export type Client = z.infer<typeof ZClient>;

const money = z.number();

export const ZAccount = z.object({
  id: z.string(),
  alias: z.string().nullable(),
  name: z.string(),
  balance: money,
  currency: z.string(),
  entity: z.string(),
  iban: z.string().nullable(),
});
export type Account = z.infer<typeof ZAccount>;

export const ZLiability = z.object({
  id: z.string(),
  name: z.string(),
  type: z.string(),
  balance: money,
  capitalInitial: money.nullable(),
  capitalAvailable: money.nullable(),
  currency: z.string(),
  entity: z.string(),
  openingDate: z.string().nullable(),
  expirationDate: z.string().nullable(),
});
export type Liability = z.infer<typeof ZLiability>;

export const ZPortfolio = z.object({
  id: z.string(),
  name: z.string(),
  type: z.string(),
  balance: money,
  currency: z.string(),
  entity: z.string(),
  investments_count: z.number().int(),
});
export type Portfolio = z.infer<typeof ZPortfolio>;

export const ZInvestment = z.object({
  id: z.string(),
  portfolio_id: z.string(),
  name: z.string(),
  isin: z.string().nullable(),
  type: z.string(),
  /** Participations; up to 10 decimals. */
  amount: z.number(),
  /** Net asset value. */
  balance: money,
  currency: z.string(),
  refAccount: z.string().nullable(),
});
export type Investment = z.infer<typeof ZInvestment>;

/** A movement of an account or a liability. */
export const ZTransaction = z.object({
  id: z.string(),
  amount: money,
  balance: money.nullable(),
  description: z.string(),
  operationDate: z.string(),
  valueDate: z.string().nullable(),
});
export type Transaction = z.infer<typeof ZTransaction>;

export const ZInvestmentTransaction = z.object({
  id: z.string(),
  investment_id: z.string(),
  investment_name: z.string(),
  amount: z.number(),
  description: z.string(),
  netCash: money,
  operationDate: z.string(),
  type: z.number().int(),
  valueDate: z.string().nullable(),
});
export type InvestmentTransaction = z.infer<typeof ZInvestmentTransaction>;
