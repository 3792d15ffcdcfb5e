import { z } from 'zod';
import { DATA_API_PREFIX, defineDataApiCall } from '../shared/data-api';
import { zDateRange, zSearch } from '../shared/validation';
import { INVESTMENT_TYPES, NAMED_TRANSACTION_CODES, PARTICIPATION_DECIMALS } from './codes';
import {
  CLIENT_PAGE_SIZE,
  CLIENT_SORTS,
  DEFAULT_HISTORY_RANGE,
  HISTORY_DAILY_MAX_DAYS,
  HISTORY_RANGES,
  HISTORY_WEEKLY_MAX_DAYS,
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
import { ZBalanceHistory } from './overview-models';

/**
 * The data API's reads of the wealth book (shared/data-api.ts): the portal's models, read by the same
 * repository code. Every route is scoped to the application's company.
 */
const P = DATA_API_PREFIX;
const ZId = z.string().min(1).max(64);
/** Query strings are text: numbers are coerced, then checked like the portal's. */
const zQueryInt = (min: number, max: number) => z.coerce.number().int().min(min).max(max);

const Client = ZClient.meta({ id: 'Client', description: 'A wealth client of the company' });
const Account = ZAccount.meta({ id: 'Account' });
const Portfolio = ZPortfolio.meta({ id: 'Portfolio' });
const Liability = ZLiability.meta({ id: 'Liability' });
const Transaction = ZTransaction.meta({
  id: 'Transaction',
  description: 'A movement of an account or liability',
});

const Investment = ZInvestment.extend({
  isin: z.string().nullable().meta({ description: 'ISIN (ISO 6166); null for holdings without one' }),
  type: z.string().meta({
    description: `Investment type: ${INVESTMENT_TYPES.join(', ')} (F fund, VI equities, PP pension plan, FI fixed income, C crypto, ETF, CFD, L liquidity, O other)`,
  }),
  amount: z.number().meta({
    description: `Participations (units held), up to ${PARTICIPATION_DECIMALS} decimals`,
  }),
  balance: z.number().meta({ description: 'Value: the holding’s net asset value, in `currency`' }),
  currency: z.string().meta({ description: 'ISO 4217 code of `balance`' }),
  refAccount: z.string().nullable().meta({ description: 'The account that settles the holding, if known' }),
}).meta({ id: 'Investment', description: 'A holding of a portfolio' });
const namedCodes = Object.entries(NAMED_TRANSACTION_CODES)
  .map(([code, name]) => `${code} ${name}`)
  .join(', ');
const InvestmentTransaction = ZInvestmentTransaction.extend({
  amount: z.number().meta({ description: `Participations moved, up to ${PARTICIPATION_DECIMALS} decimals` }),
  netCash: z.number().meta({ description: 'Cash the movement brought in (positive) or took out (negative)' }),
  type: z
    .number()
    .int()
    .meta({ description: `Movement code (1–55, 81–86, 90): ${namedCodes}` }),
}).meta({ id: 'InvestmentTransaction', description: 'A movement of one of a portfolio’s investments' });

const items = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item) });
const clientParams = z.object({ client_id: ZId.meta({ description: 'The client id' }) });
const portfolioParams = clientParams.extend({
  portfolio_id: ZId.meta({ description: 'A portfolio id, from listClientPortfolios' }),
});
const keysetQuery = zDateRange().safeExtend({
  cursor: z.string().max(200).optional().meta({ description: 'Opaque; from the previous page' }),
  limit: zQueryInt(1, TRANSACTION_PAGE_SIZE.max).default(TRANSACTION_PAGE_SIZE.default),
});

export const listClients = defineDataApiCall({
  path: `${P}/clients`,
  operationId: 'listClients',
  tag: 'Clients',
  summary: 'List clients',
  description: 'One page of the company’s clients, searchable by name and alias.',
  module: 'wealth',
  query: z.object({
    search: zSearch().optional().meta({ description: 'Part of a name or alias' }),
    sort: z.enum(CLIENT_SORTS).default('name'),
    order: z.enum(['asc', 'desc']).default('asc'),
    page: zQueryInt(1, 100_000).default(1).meta({ description: '1-based page number' }),
    page_size: zQueryInt(1, CLIENT_PAGE_SIZE.max).default(CLIENT_PAGE_SIZE.default),
  }),
  response: items(Client)
    .extend({
      total: z.number().int().meta({ description: 'Clients matching the search, on every page' }),
      page: z.number().int(),
      page_size: z.number().int(),
    })
    .meta({ id: 'ClientPage' }),
  errors: [],
});

export const getClient = defineDataApiCall({
  path: `${P}/clients/:client_id`,
  operationId: 'getClient',
  tag: 'Clients',
  summary: 'Get a client',
  module: 'wealth',
  params: clientParams,
  response: Client,
  errors: ['NotFound'],
});

export const listClientAccounts = defineDataApiCall({
  path: `${P}/clients/:client_id/accounts`,
  operationId: 'listClientAccounts',
  tag: 'Products',
  summary: 'List a client’s accounts',
  module: 'wealth',
  params: clientParams,
  response: items(Account),
  errors: ['NotFound'],
});

export const listClientPortfolios = defineDataApiCall({
  path: `${P}/clients/:client_id/portfolios`,
  operationId: 'listClientPortfolios',
  tag: 'Products',
  summary: 'List a client’s portfolios',
  module: 'wealth',
  params: clientParams,
  response: items(Portfolio),
  errors: ['NotFound'],
});

export const listClientLiabilities = defineDataApiCall({
  path: `${P}/clients/:client_id/liabilities`,
  operationId: 'listClientLiabilities',
  tag: 'Products',
  summary: 'List a client’s liabilities',
  module: 'wealth',
  params: clientParams,
  response: items(Liability),
  errors: ['NotFound'],
});

export const listProductTransactions = defineDataApiCall({
  path: `${P}/clients/:client_id/products/:product_id/transactions`,
  operationId: 'listProductTransactions',
  tag: 'Products',
  summary: 'List an account’s or liability’s transactions',
  description:
    'Newest first, keyset-paged: pass the answer’s `next_cursor` as `cursor` for the next page; it is null on the last one.',
  module: 'wealth',
  params: clientParams.extend({ product_id: ZId.meta({ description: 'An account or liability id' }) }),
  query: keysetQuery,
  response: items(Transaction).extend({ next_cursor: z.string().nullable() }).meta({ id: 'TransactionPage' }),
  errors: ['NotFound'],
});

export const listPortfolioInvestments = defineDataApiCall({
  path: `${P}/clients/:client_id/portfolios/:portfolio_id/investments`,
  operationId: 'listPortfolioInvestments',
  tag: 'Products',
  summary: 'List a portfolio’s investments',
  description: 'Every holding of the portfolio, by name: ISIN, type, participations, value and currency.',
  module: 'wealth',
  params: portfolioParams,
  response: items(Investment).meta({ id: 'InvestmentList' }),
  errors: ['NotFound'],
});

export const listPortfolioTransactions = defineDataApiCall({
  path: `${P}/clients/:client_id/portfolios/:portfolio_id/transactions`,
  operationId: 'listPortfolioTransactions',
  tag: 'Products',
  summary: 'List a portfolio’s investment transactions',
  description:
    'Movements of every investment of the portfolio, or of one (`investment_id`), newest first, keyset-paged: pass the answer’s `next_cursor` as `cursor` for the next page; it is null on the last one.',
  module: 'wealth',
  params: portfolioParams,
  query: keysetQuery.safeExtend({
    investment_id: ZId.optional().meta({ description: 'Only this investment’s movements' }),
  }),
  response: items(InvestmentTransaction)
    .extend({ next_cursor: z.string().nullable() })
    .meta({ id: 'InvestmentTransactionPage' }),
  errors: ['NotFound'],
});

const BalanceHistory = ZBalanceHistory.meta({
  id: 'BalanceHistory',
  description: `Balances from \`from\` to \`to\`: one series per account and liability (a liability’s balance is the debt outstanding), and per currency the accounts minus the liabilities. A point is the balance at the end of its day of \`dates\`: one a day for spans up to ${HISTORY_DAILY_MAX_DAYS} days, else each week’s last day (Sunday) up to ${HISTORY_WEEKLY_MAX_DAYS} days, else each month’s last day (\`bucket\` says which); the last point is always \`to\`. Days without movements carry the last running balance; before a product’s first movement, its balance before it. The last day is the product’s current balance; \`difference\` is what the movements’ running balances do not explain. Currencies are never converted.`,
});

export const getClientBalanceHistory = defineDataApiCall({
  path: `${P}/clients/:client_id/balance-history`,
  operationId: 'getClientBalanceHistory',
  tag: 'Clients',
  summary: 'A client’s balance history',
  description:
    'Balances of the client’s accounts and liabilities over the last month (`1m`), three (`3m`), twelve (`12m`) or since the first movement (`all`), with totals per currency: day by day, or weekly or monthly when `all` spans years.',
  module: 'wealth',
  params: clientParams,
  query: z.object({
    range: z
      .enum(HISTORY_RANGES)
      .default(DEFAULT_HISTORY_RANGE)
      .meta({ description: 'The period: 1m, 3m, 12m or all' }),
  }),
  response: BalanceHistory,
  errors: ['NotFound'],
});
