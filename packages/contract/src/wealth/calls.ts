import { z } from 'zod';
import { ZSuccess } from '../auth/calls';
import { defineCall } from '../shared/define-call';
import { LIMITS, NAME_CHARACTERS, VALIDATION, zDateRange, zText } from '../shared/validation';
import {
  ZAccount,
  ZClient,
  ZInvestment,
  ZInvestmentTransaction,
  ZLiability,
  ZPortfolio,
  ZTransaction,
} from './models';

const wealth = { kind: 'session', module: 'wealth' } as const;
/** Portal users read their assigned clients; only staff change the book. */
const wealthStaff = { kind: 'session', module: 'wealth', staffOnly: true } as const;
const ZId = z.string({ error: VALIDATION.required }).min(1, { error: VALIDATION.required }).max(64);

/** Aliases are identifiers staff type and search by: no spaces at the ends, a conservative set. */
export const ALIAS_CHARACTERS = /^[\p{L}\p{N} ._\-/@+&]$/u;
export const ALIAS_MAX = 60;

export const CLIENT_SORTS = ['name', 'alias', 'created_at'] as const;
export const CLIENT_PAGE_SIZE = { default: 25, max: 100 } as const;

export const ZClientListRequest = z
  .object({
    search: z.string().trim().max(LIMITS.name).optional(),
    sort: z.enum(CLIENT_SORTS).optional(),
    order: z.enum(['asc', 'desc']).optional(),
    /** 1-based. Without `page`, the whole list is answered, as the spec's call does. */
    page: z.number().int().min(1).max(100_000).optional(),
    page_size: z.number().int().min(1).max(CLIENT_PAGE_SIZE.max).optional(),
  })
  .optional();

/** The body stays the spec's list; the total number of matches travels in `TOTAL_COUNT_HEADER`. */
export const TOTAL_COUNT_HEADER = 'x-total-count';

export const clientList = defineCall({
  path: '/platform/wealth/client-list',
  access: wealth,
  request: ZClientListRequest,
  response: z.array(ZClient),
  errors: [],
  totalCountHeader: true,
});

export const ZClientForm = z.object({
  name: zText({ max: LIMITS.name, allowed: NAME_CHARACTERS }),
  alias: zText({ max: ALIAS_MAX, allowed: ALIAS_CHARACTERS }),
  entities: z.array(z.string().max(64)).max(200).default([]),
});
export type ClientForm = z.input<typeof ZClientForm>;

export const clientCreate = defineCall({
  path: '/platform/wealth/client-create',
  access: wealthStaff,
  request: ZClientForm,
  response: ZClient,
  errors: ['DuplicatedAlias'],
});

export const clientEdit = defineCall({
  path: '/platform/wealth/client-edit',
  access: wealthStaff,
  request: ZClientForm.extend({ client_id: ZId }),
  response: ZClient,
  errors: ['DuplicatedAlias', 'NotFound'],
});

export const ZClientRef = z.object({ client_id: ZId });

/** Deleting a client returns its products to the pending (unmatched) list; nothing is lost. */
export const clientDelete = defineCall({
  path: '/platform/wealth/client-delete',
  access: wealthStaff,
  request: ZClientRef,
  response: ZSuccess,
  errors: ['NotFound'],
});

export const clientGet = defineCall({
  path: '/platform/wealth/client-get',
  access: wealth,
  request: ZClientRef,
  response: ZClient,
  errors: ['NotFound'],
});

export const clientAccountList = defineCall({
  path: '/platform/wealth/client-account-list',
  access: wealth,
  request: ZClientRef,
  response: z.array(ZAccount),
  errors: ['NotFound'],
});

export const clientPortfolioList = defineCall({
  path: '/platform/wealth/client-portfolio-list',
  access: wealth,
  request: ZClientRef,
  response: z.array(ZPortfolio),
  errors: ['NotFound'],
});

export const clientLiabilityList = defineCall({
  path: '/platform/wealth/client-liability-list',
  access: wealth,
  request: ZClientRef,
  response: z.array(ZLiability),
  errors: ['NotFound'],
});

/** Returns the product to the pending list (unmatched products). */
export const clientUnmatchProduct = defineCall({
  path: '/platform/wealth/client-unmatch-product',
  access: wealthStaff,
  request: z.object({ client_id: ZId, product_id: ZId }),
  response: ZSuccess,
  errors: ['NotFound'],
});

export const TRANSACTION_PAGE_SIZE = { default: 50, max: 200 } as const;

/** Keyset pagination by (operation date, id), newest first. `cursor` is opaque. */
const ZTransactionPage = zDateRange().safeExtend({
  cursor: z.string().max(200).optional(),
  limit: z.number().int().min(1).max(TRANSACTION_PAGE_SIZE.max).optional(),
});

const page = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), next_cursor: z.string().nullable() });

/** Movements of an account or a liability of the client. */
export const productTransactionList = defineCall({
  path: '/platform/wealth/product-transaction-list',
  access: wealth,
  request: ZTransactionPage.safeExtend({ client_id: ZId, product_id: ZId }),
  response: page(ZTransaction),
  errors: ['NotFound'],
});

export const portfolioInvestmentList = defineCall({
  path: '/platform/wealth/portfolio-investment-list',
  access: wealth,
  request: z.object({ client_id: ZId, portfolio_id: ZId }),
  response: z.array(ZInvestment),
  errors: ['NotFound'],
});

/** Transactions of every investment in the portfolio, or of one when `investment_id` is given. */
export const portfolioTransactionList = defineCall({
  path: '/platform/wealth/portfolio-transaction-list',
  access: wealth,
  request: ZTransactionPage.safeExtend({ client_id: ZId, portfolio_id: ZId, investment_id: ZId.optional() }),
  response: page(ZInvestmentTransaction),
  errors: ['NotFound'],
});

export const investmentGet = defineCall({
  path: '/platform/wealth/investment-get',
  access: wealth,
  request: z.object({ client_id: ZId, portfolio_id: ZId, investment_id: ZId }),
  response: ZInvestment,
  errors: ['NotFound'],
});
