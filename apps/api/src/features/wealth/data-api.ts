import { wealthDataApi } from '@caudal/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../shared/app-error';
import { registerDataApiCall } from '../../shared/data-api/register-data-api-call';
import { findListedEntityIds } from '../../shared/entity-catalogue';
import { findClient, findClients, requireVisibleClient } from './clients.repository';
import { findAccounts, findLiabilities, findPortfolios, requireClientProduct } from './products.repository';
import { decodeCursor } from './transaction-cursor';
import { findProductTransactions } from './transactions.repository';

/** The data API's wealth reads: the portal's repository functions, in the application's company scope. */
export function registerWealthDataApi(app: FastifyInstance) {
  registerDataApiCall(app, wealthDataApi.listClients, async ({ input, scope, db }) => {
    const { page, page_size } = input.query;
    const found = await findClients(db, scope, input.query, await findListedEntityIds(db));
    return { items: found.items, total: found.total, page, page_size };
  });

  registerDataApiCall(app, wealthDataApi.getClient, async ({ input, scope, db }) => {
    const client = await findClient(db, scope, input.params.client_id, await findListedEntityIds(db));
    if (!client) throw new AppError('NotFound', 'No such client');
    return client;
  });

  registerDataApiCall(app, wealthDataApi.listClientAccounts, async ({ input, scope, db }) => {
    await requireVisibleClient(db, scope, input.params.client_id);
    return { items: await findAccounts(db, scope, input.params.client_id) };
  });

  registerDataApiCall(app, wealthDataApi.listClientPortfolios, async ({ input, scope, db }) => {
    await requireVisibleClient(db, scope, input.params.client_id);
    return { items: await findPortfolios(db, scope, input.params.client_id) };
  });

  registerDataApiCall(app, wealthDataApi.listClientLiabilities, async ({ input, scope, db }) => {
    await requireVisibleClient(db, scope, input.params.client_id);
    return { items: await findLiabilities(db, scope, input.params.client_id) };
  });

  registerDataApiCall(app, wealthDataApi.listProductTransactions, async ({ input, scope, db }) => {
    const cursor = decodeCursor(input.query.cursor);
    const productId = await requireClientProduct(db, scope, {
      clientId: input.params.client_id,
      productId: input.params.product_id,
      kinds: ['account', 'liability'],
    });
    return findProductTransactions(db, scope, productId, { ...input.query, cursor });
  });
}
