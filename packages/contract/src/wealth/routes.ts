import type { ZSuccess } from '../auth/calls';
import { defineRoute } from '../shared/call-route';
import type * as schemas from './calls';
import type * as models from './models';
import type * as overview from './overview-models';

export type { ClientForm, ClientSnapshot } from './calls';
export * from './constants';

const wealth = { kind: 'session', module: 'wealth' } as const;
/** Portal users read their assigned clients; only staff change the book. */
const wealthStaff = { kind: 'session', module: 'wealth', staffOnly: true } as const;

export const clientList = defineRoute<typeof schemas.ZClientListRequest, typeof schemas.ZClientList>()({
  path: '/platform/wealth/client-list',
  access: wealth,
  errors: [],
  totalCountHeader: true,
});

export const clientCreate = defineRoute<typeof schemas.ZClientForm, typeof models.ZClient>()({
  path: '/platform/wealth/client-create',
  audit: {
    action: 'client-create',
    targets: { client: { response: 'id' } },
    fields: ['name', 'alias', 'entities'],
  },
  access: wealthStaff,
  errors: ['DuplicatedAlias'],
});

export const clientEdit = defineRoute<typeof schemas.ZClientEditRequest, typeof models.ZClient>()({
  path: '/platform/wealth/client-edit',
  audit: {
    action: 'client-edit',
    targets: { client: { request: 'client_id' } },
    fields: ['name', 'alias', 'entities'],
  },
  access: wealthStaff,
  // Besides these, the generic Conflict: the client changed since the form loaded it (`expected`).
  errors: ['DuplicatedAlias', 'NotFound'],
});

/** Deleting a client returns its products to the pending (unmatched) list; nothing is lost. */
export const clientDelete = defineRoute<typeof schemas.ZClientRef, typeof ZSuccess>()({
  path: '/platform/wealth/client-delete',
  audit: { action: 'client-delete', targets: { client: { request: 'client_id' } } },
  access: wealthStaff,
  errors: ['NotFound'],
});

export const clientGet = defineRoute<typeof schemas.ZClientRef, typeof models.ZClient>()({
  path: '/platform/wealth/client-get',
  access: wealth,
  errors: ['NotFound'],
});

export const clientAccountList = defineRoute<typeof schemas.ZClientRef, typeof schemas.ZAccountList>()({
  path: '/platform/wealth/client-account-list',
  access: wealth,
  errors: ['NotFound'],
});

export const clientPortfolioList = defineRoute<typeof schemas.ZClientRef, typeof schemas.ZPortfolioList>()({
  path: '/platform/wealth/client-portfolio-list',
  access: wealth,
  errors: ['NotFound'],
});

export const clientLiabilityList = defineRoute<typeof schemas.ZClientRef, typeof schemas.ZLiabilityList>()({
  path: '/platform/wealth/client-liability-list',
  access: wealth,
  errors: ['NotFound'],
});

/** Returns the product to the pending list (unmatched products). */
export const clientUnmatchProduct = defineRoute<typeof schemas.ZClientProductRef, typeof ZSuccess>()({
  path: '/platform/wealth/client-unmatch-product',
  audit: {
    action: 'client-unmatch-product',
    targets: { client: { request: 'client_id' } },
    fields: ['product_id'],
  },
  access: wealthStaff,
  errors: ['NotFound'],
});

/** Movements of an account or a liability of the client. */
export const productTransactionList = defineRoute<
  typeof schemas.ZProductTransactionListRequest,
  typeof schemas.ZTransactionPage
>()({
  path: '/platform/wealth/product-transaction-list',
  access: wealth,
  errors: ['NotFound'],
});

export const portfolioInvestmentList = defineRoute<
  typeof schemas.ZPortfolioRef,
  typeof schemas.ZInvestmentList
>()({
  path: '/platform/wealth/portfolio-investment-list',
  access: wealth,
  errors: ['NotFound'],
});

/** Transactions of every investment in the portfolio, or of one when `investment_id` is given. */
export const portfolioTransactionList = defineRoute<
  typeof schemas.ZPortfolioTransactionListRequest,
  typeof schemas.ZInvestmentTransactionPage
>()({
  path: '/platform/wealth/portfolio-transaction-list',
  access: wealth,
  errors: ['NotFound'],
});

export const investmentGet = defineRoute<typeof schemas.ZInvestmentRef, typeof models.ZInvestment>()({
  path: '/platform/wealth/investment-get',
  access: wealth,
  errors: ['NotFound'],
});

/** Issue 31: the overview tab's figures (net position per currency, allocations). */
export const clientOverview = defineRoute<typeof schemas.ZClientRef, typeof overview.ZClientOverview>()({
  path: '/platform/wealth/client-overview',
  access: wealth,
  errors: ['NotFound'],
});

/** Daily balances of the client's accounts and liabilities over a range, from the movements' running balances. */
export const clientBalanceHistory = defineRoute<
  typeof schemas.ZHistoryRequest,
  typeof overview.ZBalanceHistory
>()({
  path: '/platform/wealth/client-balance-history',
  access: wealth,
  errors: ['NotFound'],
});

/** A portfolio's stored value and net invested cash, day by day. */
export const portfolioValueHistory = defineRoute<
  typeof schemas.ZPortfolioHistoryRequest,
  typeof overview.ZValueHistory
>()({
  path: '/platform/wealth/portfolio-value-history',
  access: wealth,
  errors: ['NotFound'],
});

/** An investment's stored value and units day by day, with its movements for the timeline. */
export const investmentHistory = defineRoute<
  typeof schemas.ZInvestmentHistoryRequest,
  typeof overview.ZInvestmentHistory
>()({
  path: '/platform/wealth/investment-history',
  access: wealth,
  errors: ['NotFound'],
});
