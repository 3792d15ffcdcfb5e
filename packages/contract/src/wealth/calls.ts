import { z } from 'zod';
import { ZSuccess } from '../auth/calls';
import { defineCall } from '../shared/define-call';
import { LIMITS, NAME_CHARACTERS, VALIDATION, zDateRange, zSearch, zText } from '../shared/validation';
import {
  ALIAS_CHARACTERS,
  ALIAS_MAX,
  CLIENT_PAGE_SIZE,
  CLIENT_SORTS,
  HISTORY_RANGES,
  TRANSACTION_PAGE_SIZE,
} from './constants';
import {
  ZAccount,
  ZClient,
  ZInvestment,
  ZInvestmentTransaction,
  ZLiability,
  ZPortfolio,
  ZTransaction,
} from './models';
import { ZBalanceHistory, ZClientOverview, ZInvestmentHistory, ZValueHistory } from './overview-models';
import * as routes from './routes';

export * from './constants';

const ZId = z.string({ error: VALIDATION.required }).min(1, { error: VALIDATION.required }).max(64);

export const ZClientListRequest = z
  .object({
    search: zSearch().optional(),
    sort: z.enum(CLIENT_SORTS).optional(),
    order: z.enum(['asc', 'desc']).optional(),
    /** 1-based. Without `page`, the whole list is answered, as the spec's call does. */
    page: z.number().int().min(1).max(100_000).optional(),
    page_size: z.number().int().min(1).max(CLIENT_PAGE_SIZE.max).optional(),
  })
  .optional();
export const ZClientList = z.array(ZClient);

export const clientList = defineCall(routes.clientList, {
  request: ZClientListRequest,
  response: ZClientList,
});

export const ZClientForm = z.object({
  name: zText({ max: LIMITS.name, allowed: NAME_CHARACTERS }),
  alias: zText({ max: ALIAS_MAX, allowed: ALIAS_CHARACTERS }),
  entities: z.array(z.string().max(64)).max(200).default([]),
});
export type ClientForm = z.input<typeof ZClientForm>;

export const clientCreate = defineCall(routes.clientCreate, { request: ZClientForm, response: ZClient });

/**
 * The client as the edit form loaded it (optional; the portal always sends it): when the client has
 * changed since, the edit is refused with Conflict instead of silently undoing the other change.
 */
export const ZClientSnapshot = z.object({
  name: z.string().max(LIMITS.name * 4),
  alias: z.string().max(ALIAS_MAX * 4),
  entities: z.array(z.string().max(64)).max(200),
});

export type ClientSnapshot = z.infer<typeof ZClientSnapshot>;

export const ZClientEditRequest = ZClientForm.extend({
  client_id: ZId,
  expected: ZClientSnapshot.optional(),
});

export const clientEdit = defineCall(routes.clientEdit, { request: ZClientEditRequest, response: ZClient });

export const ZClientRef = z.object({ client_id: ZId });

export const clientDelete = defineCall(routes.clientDelete, { request: ZClientRef, response: ZSuccess });

export const clientGet = defineCall(routes.clientGet, { request: ZClientRef, response: ZClient });

export const ZAccountList = z.array(ZAccount);
export const clientAccountList = defineCall(routes.clientAccountList, {
  request: ZClientRef,
  response: ZAccountList,
});

export const ZPortfolioList = z.array(ZPortfolio);
export const clientPortfolioList = defineCall(routes.clientPortfolioList, {
  request: ZClientRef,
  response: ZPortfolioList,
});

export const ZLiabilityList = z.array(ZLiability);
export const clientLiabilityList = defineCall(routes.clientLiabilityList, {
  request: ZClientRef,
  response: ZLiabilityList,
});

export const ZClientProductRef = z.object({ client_id: ZId, product_id: ZId });

export const clientUnmatchProduct = defineCall(routes.clientUnmatchProduct, {
  request: ZClientProductRef,
  response: ZSuccess,
});

/** Keyset pagination by (operation date, id), newest first. `cursor` is opaque. */
const ZTransactionPageRequest = zDateRange().safeExtend({
  cursor: z.string().max(200).optional(),
  limit: z.number().int().min(1).max(TRANSACTION_PAGE_SIZE.max).optional(),
});

const page = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), next_cursor: z.string().nullable() });

export const ZProductTransactionListRequest = ZTransactionPageRequest.safeExtend({
  client_id: ZId,
  product_id: ZId,
});
export const ZTransactionPage = page(ZTransaction);

export const productTransactionList = defineCall(routes.productTransactionList, {
  request: ZProductTransactionListRequest,
  response: ZTransactionPage,
});

export const ZPortfolioRef = z.object({ client_id: ZId, portfolio_id: ZId });
export const ZInvestmentList = z.array(ZInvestment);

export const portfolioInvestmentList = defineCall(routes.portfolioInvestmentList, {
  request: ZPortfolioRef,
  response: ZInvestmentList,
});

export const ZPortfolioTransactionListRequest = ZTransactionPageRequest.safeExtend({
  client_id: ZId,
  portfolio_id: ZId,
  investment_id: ZId.optional(),
});
export const ZInvestmentTransactionPage = page(ZInvestmentTransaction);

export const portfolioTransactionList = defineCall(routes.portfolioTransactionList, {
  request: ZPortfolioTransactionListRequest,
  response: ZInvestmentTransactionPage,
});

export const ZInvestmentRef = z.object({ client_id: ZId, portfolio_id: ZId, investment_id: ZId });

export const investmentGet = defineCall(routes.investmentGet, {
  request: ZInvestmentRef,
  response: ZInvestment,
});

export const clientOverview = defineCall(routes.clientOverview, {
  request: ZClientRef,
  response: ZClientOverview,
});

const zRange = z.enum(HISTORY_RANGES, { error: VALIDATION.required });
export const ZHistoryRequest = ZClientRef.extend({ range: zRange });
export const ZPortfolioHistoryRequest = ZPortfolioRef.extend({ range: zRange });
export const ZInvestmentHistoryRequest = ZInvestmentRef.extend({ range: zRange });

export const clientBalanceHistory = defineCall(routes.clientBalanceHistory, {
  request: ZHistoryRequest,
  response: ZBalanceHistory,
});

export const portfolioValueHistory = defineCall(routes.portfolioValueHistory, {
  request: ZPortfolioHistoryRequest,
  response: ZValueHistory,
});

export const investmentHistory = defineCall(routes.investmentHistory, {
  request: ZInvestmentHistoryRequest,
  response: ZInvestmentHistory,
});
