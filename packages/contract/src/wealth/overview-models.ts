import { z } from 'zod';
import { HISTORY_BUCKETS } from './constants';

/**
 * The client overview and history charts (issue 31). Figures in different currencies are never added
 * up or converted: every amount says its currency, and every total is per currency.
 */
const money = z.number();
const isoDay = z.string();

/** Net position in one currency: assets (accounts and portfolios) minus liabilities, as the tabs sum them. */
export const ZNetPosition = z.object({
  currency: z.string(),
  accounts: money,
  portfolios: money,
  liabilities: money,
  net: money,
});
export type NetPosition = z.infer<typeof ZNetPosition>;

/** One slice of an allocation: a group's balance in one currency, and how many products or holdings. */
export const ZAllocationSlice = z.object({
  currency: z.string(),
  /** `account`, `liability`, or `portfolio:<type>`; an entity id; an investment type. */
  key: z.string(),
  value: money,
  count: z.number().int(),
});
export type AllocationSlice = z.infer<typeof ZAllocationSlice>;

export const ZClientOverview = z.object({
  positions: z.array(ZNetPosition),
  /** Accounts, each portfolio type and liabilities (absolute balances). */
  by_kind: z.array(ZAllocationSlice),
  /** Assets (accounts and portfolios) by institution. */
  by_entity: z.array(ZAllocationSlice),
  /** Per currency: the products held in it (`count`) and their gross balance (`value`). */
  by_currency: z.array(ZAllocationSlice),
  /** Investments by asset type, in each holding's own currency. */
  by_asset_type: z.array(ZAllocationSlice),
});
export type ClientOverview = z.infer<typeof ZClientOverview>;

export const ZBalanceSeries = z.object({
  product_id: z.string(),
  kind: z.enum(['account', 'liability']),
  name: z.string(),
  entity: z.string(),
  currency: z.string(),
  /** One balance per point of `dates`; a liability's is the debt outstanding (positive). */
  values: z.array(money),
  /** The product's balance, as its tab shows it: the last day's value. */
  balance: money,
  /** The running balance of the product's last movement; null without movements. */
  last_running_balance: money.nullable(),
  /** `balance` − `last_running_balance`: what the movements do not explain (0 when they agree). */
  difference: money,
});
export type BalanceSeries = z.infer<typeof ZBalanceSeries>;

export const ZBalanceHistory = z.object({
  from: isoDay,
  to: isoDay,
  /** How far apart the points are, chosen by the span (HISTORY_DAILY_MAX_DAYS, HISTORY_WEEKLY_MAX_DAYS). */
  bucket: z.enum(HISTORY_BUCKETS),
  /**
   * The days the values are as of: every day from `from` to `to`, or each week's (Monday to Sunday)
   * or month's last day, the last point being `to`.
   */
  dates: z.array(isoDay),
  series: z.array(ZBalanceSeries),
  /** Per currency and point: accounts minus liabilities. */
  totals: z.array(z.object({ currency: z.string(), values: z.array(money) })),
});
export type BalanceHistory = z.infer<typeof ZBalanceHistory>;

/**
 * A portfolio's or an investment's stored valuations at the span's points, as the balance history's
 * (null before the first valuation): each value is the latest valuation on or before its date.
 */
export const ZValueHistory = z.object({
  from: isoDay,
  to: isoDay,
  /** How far apart the points are, chosen by the span (HISTORY_DAILY_MAX_DAYS, HISTORY_WEEKLY_MAX_DAYS). */
  bucket: z.enum(HISTORY_BUCKETS),
  currency: z.string(),
  /** The days the values are as of, as the balance history's `dates`. */
  dates: z.array(isoDay),
  values: z.array(money.nullable()),
  /** Net cash put in up to each point (buys minus sells); null where the source did not say. */
  invested: z.array(money.nullable()),
});
export type ValueHistory = z.infer<typeof ZValueHistory>;

export const ZTimelineTransaction = z.object({
  id: z.string(),
  operationDate: isoDay,
  type: z.number().int(),
  amount: z.number(),
  netCash: money,
  description: z.string(),
});
export type TimelineTransaction = z.infer<typeof ZTimelineTransaction>;

export const ZInvestmentHistory = ZValueHistory.extend({
  /** Units held at each point (null before the first valuation). */
  units: z.array(z.number().nullable()),
  /** The investment's movements in the range, oldest first (at most TIMELINE_MAX_TRANSACTIONS). */
  transactions: z.array(ZTimelineTransaction),
});
export type InvestmentHistory = z.infer<typeof ZInvestmentHistory>;
