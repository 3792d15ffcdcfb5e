// Claim: on a tenant with about 5,000,000 transactions, a page of an account's movements — the first or
// one 100 pages deep — and a page of a portfolio's movements cost the API no more than 3× what their SQL
// costs on its own (p50), and a deep keyset page costs what the first does (an index seek, no sort).
// Needs the large tenant (npm run large-tenant -w @caudal/bench).
//
//   npm run bench:transactions -w @caudal/bench
import { wealth } from '@caudal/contract';
import type { Db } from '../apps/api/src/db/database';
import { requireClientProduct } from '../apps/api/src/features/wealth/products.repository';
import { decodeCursor } from '../apps/api/src/features/wealth/transaction-cursor';
import {
  findPortfolioTransactions,
  findProductTransactions,
} from '../apps/api/src/features/wealth/transactions.repository';
import { call } from './lib/api';
import { type BenchContext, runBench, type Scenario } from './lib/scenario';

/** How many pages in the deep keyset page is: 100 × 50 = 5,000 movements back. */
const DEEP_PAGES = 100;
/** large-tenant.ts: client BW-000001's first account is a busy one (20,000 movements); its portfolio. */
const BUSY_ACCOUNT = 'account-4';
const PORTFOLIO = 'portfolio-7';

interface ProductBody {
  client_id: string;
  product_id: string;
  cursor?: string;
}
interface PortfolioBody {
  client_id: string;
  portfolio_id: string;
  cursor?: string;
}

await runBench('transactions', wealth.productTransactionList.path, async (context) => {
  const account = await findProduct(context, BUSY_ACCOUNT);
  const portfolio = await findProduct(context, PORTFOLIO);
  const first: ProductBody = { client_id: account.client_id, product_id: account.id };
  const cursor = await followCursor(context, first, DEEP_PAGES);
  console.log(
    `\nBusy account ${account.id}: ${account.movements} movements; cursor ${DEEP_PAGES} pages in: ${cursor}`,
  );
  return [
    productScenario(context, 'product-transaction-list first page, busy account', first),
    productScenario(context, `product-transaction-list keyset page ${DEEP_PAGES + 1}, busy account`, {
      ...first,
      cursor,
    }),
    portfolioScenario(context, 'portfolio-transaction-list first page', {
      client_id: portfolio.client_id,
      portfolio_id: portfolio.id,
    }),
  ];
});

async function findProduct(context: BenchContext, externalId: string) {
  const row = await context.db
    .selectFrom('products')
    .select(['products.id', 'products.client_id', 'products.kind'])
    .select((eb) =>
      eb
        .selectFrom('product_transactions')
        .select((inner) => inner.fn.countAll<string>().as('count'))
        .whereRef('product_transactions.product_id', '=', 'products.id')
        .as('movements'),
    )
    .where('products.company_id', '=', context.companyId)
    .where('products.external_id', '=', externalId)
    .executeTakeFirst();
  if (!row?.client_id) throw new Error(`No product ${externalId} in the large tenant: generate it again.`);
  return { id: row.id, client_id: row.client_id, movements: Number(row.movements) };
}

/** The cursor `pages` pages in, following next_cursor through the API (or the repository, if not served). */
async function followCursor(context: BenchContext, body: ProductBody, pages: number): Promise<string> {
  let cursor: string | undefined;
  for (let page = 0; page < pages; page++) {
    const request = { ...body, ...(cursor ? { cursor } : {}) };
    const answer = context.api
      ? await call<{ next_cursor: string | null }>(
          context.api.base,
          context.api.token,
          wealth.productTransactionList.path,
          request,
        )
      : await productQueries(context, request)(context.db);
    if (!answer.next_cursor) throw new Error(`The account has fewer than ${pages + 1} pages`);
    cursor = answer.next_cursor;
  }
  if (!cursor) throw new Error('No cursor');
  return cursor;
}

/** What product-transaction-list.ts runs for a request. */
function productQueries(context: BenchContext, body: ProductBody) {
  return async (db: Db) => {
    const cursor = decodeCursor(body.cursor);
    const productId = await requireClientProduct(db, context.actor, {
      clientId: body.client_id,
      productId: body.product_id,
      kinds: ['account', 'liability'],
    });
    return findProductTransactions(db, context.actor, productId, { cursor });
  };
}

function productScenario(context: BenchContext, name: string, body: ProductBody): Scenario {
  return {
    name,
    path: wealth.productTransactionList.path,
    body,
    queries: productQueries(context, body),
  };
}

/** What portfolio-transaction-list.ts runs for a request without investment_id. */
function portfolioScenario(context: BenchContext, name: string, body: PortfolioBody): Scenario {
  return {
    name,
    path: wealth.portfolioTransactionList.path,
    body,
    queries: async (db) => {
      const cursor = decodeCursor(body.cursor);
      const portfolioId = await requireClientProduct(db, context.actor, {
        clientId: body.client_id,
        productId: body.portfolio_id,
        kinds: ['portfolio'],
      });
      return findPortfolioTransactions(db, context.actor, { portfolioId, investmentId: null }, { cursor });
    },
  };
}
