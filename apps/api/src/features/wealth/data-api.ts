import { wealthDataApi } from '@caudal/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database';
import type { ProductKind } from '../../db/schema';
import { AppError } from '../../shared/app-error';
import type { Actor } from '../../shared/auth/actor';
import { dataApiValidationError, registerDataApiCall } from '../../shared/data-api/register-data-api-call';
import { findListedEntityIds } from '../../shared/entity-catalogue';
import { findBalanceHistory } from './balance-history.repository';
import { findClient, findClients, isClientVisible } from './clients.repository';
import { isoDay } from './overview.repository';
import {
  findAccounts,
  findClientProductId,
  findInvestment,
  findInvestments,
  findLiabilities,
  findPortfolios,
} from './products.repository';
import { decodeCursor, type TransactionCursor } from './transaction-cursor';
import { findPortfolioTransactions, findProductTransactions } from './transactions.repository';

/** The data API's wealth reads: the portal's repository functions, in the application's company scope. */
export function registerWealthDataApi(app: FastifyInstance) {
  registerDataApiCall(app, wealthDataApi.listClients, async ({ input, scope, db }) => {
    const { page, page_size } = input.query;
    const found = await findClients(db, scope, input.query, await findListedEntityIds(db));
    return { items: found.items, total: found.total, page, page_size };
  });

  registerDataApiCall(app, wealthDataApi.getClient, async ({ input, scope, db }) => {
    const client = await findClient(db, scope, input.params.client_id, await findListedEntityIds(db));
    if (!client) throw noSuchClient();
    return client;
  });

  registerDataApiCall(app, wealthDataApi.getClientBalanceHistory, async ({ input, scope, db, clock }) => {
    await requireClient(db, scope, input.params.client_id);
    return findBalanceHistory(db, scope, input.params.client_id, input.query.range, isoDay(clock()));
  });

  registerDataApiCall(app, wealthDataApi.listClientAccounts, async ({ input, scope, db }) => {
    await requireClient(db, scope, input.params.client_id);
    return { items: await findAccounts(db, scope, input.params.client_id) };
  });

  registerDataApiCall(app, wealthDataApi.listClientPortfolios, async ({ input, scope, db }) => {
    await requireClient(db, scope, input.params.client_id);
    return { items: await findPortfolios(db, scope, input.params.client_id) };
  });

  registerDataApiCall(app, wealthDataApi.listClientLiabilities, async ({ input, scope, db }) => {
    await requireClient(db, scope, input.params.client_id);
    return { items: await findLiabilities(db, scope, input.params.client_id) };
  });

  registerDataApiCall(app, wealthDataApi.listProductTransactions, async ({ input, scope, db }) => {
    const cursor = decodeQueryCursor(input.query.cursor);
    const { client_id: clientId, product_id: productId } = input.params;
    await requireClient(db, scope, clientId);
    if (!(await findClientProductId(db, scope, { clientId, productId, kinds: ['account', 'liability'] }))) {
      // A portfolio's movements are investment transactions, with a shape of their own: say where.
      const isPortfolio = await hasProduct(db, scope, clientId, productId, ['portfolio']);
      throw new AppError(
        'NotFound',
        isPortfolio
          ? `product_id is a portfolio: read its movements from ${wealthDataApi.listPortfolioTransactions.path.replace(':client_id', clientId).replace(':portfolio_id', productId)}.`
          : 'product_id names no account or liability of this client.',
      );
    }
    return findProductTransactions(db, scope, productId, { ...input.query, cursor });
  });

  registerDataApiCall(app, wealthDataApi.listPortfolioInvestments, async ({ input, scope, db }) => {
    const portfolioId = await requirePortfolio(db, scope, input.params);
    return { items: await findInvestments(db, scope, portfolioId) };
  });

  registerDataApiCall(app, wealthDataApi.listPortfolioTransactions, async ({ input, scope, db }) => {
    const cursor = decodeQueryCursor(input.query.cursor);
    const portfolioId = await requirePortfolio(db, scope, input.params);
    const investmentId = input.query.investment_id ?? null;
    if (investmentId && !(await findInvestment(db, scope, { portfolioId, investmentId }))) {
      throw new AppError('NotFound', 'investment_id names no investment of this portfolio.');
    }
    return findPortfolioTransactions(db, scope, { portfolioId, investmentId }, { ...input.query, cursor });
  });
}

const noSuchClient = () => new AppError('NotFound', 'client_id names no client of this company.');

async function requireClient(db: Db, scope: Actor, clientId: string) {
  if (!(await isClientVisible(db, scope, clientId))) throw noSuchClient();
}

async function hasProduct(
  db: Db,
  scope: Actor,
  clientId: string,
  productId: string,
  kinds: readonly ProductKind[],
): Promise<boolean> {
  return (await findClientProductId(db, scope, { clientId, productId, kinds })) !== null;
}

/** Another company's portfolio, or another client's, is not found (never a hint that it exists). */
async function requirePortfolio(db: Db, scope: Actor, params: { client_id: string; portfolio_id: string }) {
  await requireClient(db, scope, params.client_id);
  const portfolioId = await findClientProductId(db, scope, {
    clientId: params.client_id,
    productId: params.portfolio_id,
    kinds: ['portfolio'],
  });
  if (!portfolioId) throw new AppError('NotFound', 'portfolio_id names no portfolio of this client.');
  return portfolioId;
}

/** The portal's cursor check, with the data API's plain sentence on `query.cursor`. */
function decodeQueryCursor(cursor: string | undefined): TransactionCursor | null {
  try {
    return decodeCursor(cursor);
  } catch (error) {
    if (!(error instanceof AppError) || error.code !== 'ValidationError') throw error;
    throw dataApiValidationError([
      {
        path: ['query', 'cursor'],
        message: 'cursor is not one this API issued: pass the previous page’s next_cursor unchanged.',
      },
    ]);
  }
}
