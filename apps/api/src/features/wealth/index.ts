import type { FastifyInstance } from 'fastify';
import { registerClientAccountList } from './client-account-list';
import { registerClientBalanceHistory } from './client-balance-history';
import { registerClientCreate } from './client-create';
import { registerClientDelete } from './client-delete';
import { registerClientEdit } from './client-edit';
import { registerClientGet } from './client-get';
import { registerClientLiabilityList } from './client-liability-list';
import { registerClientList } from './client-list';
import { registerClientOverview } from './client-overview';
import { registerClientPortfolioList } from './client-portfolio-list';
import { registerClientUnmatchProduct } from './client-unmatch-product';
import { registerWealthDataApi } from './data-api';
import { registerInvestmentGet } from './investment-get';
import { registerInvestmentHistory } from './investment-history';
import { registerPortfolioInvestmentList } from './portfolio-investment-list';
import { registerPortfolioTransactionList } from './portfolio-transaction-list';
import { registerPortfolioValueHistory } from './portfolio-value-history';
import { registerProductTransactionList } from './product-transaction-list';

export { isClientVisible } from './clients.repository';

export function registerWealthCalls(app: FastifyInstance) {
  registerClientList(app);
  registerClientCreate(app);
  registerClientEdit(app);
  registerClientDelete(app);
  registerClientGet(app);
  registerClientAccountList(app);
  registerClientPortfolioList(app);
  registerClientLiabilityList(app);
  registerClientUnmatchProduct(app);
  registerProductTransactionList(app);
  registerPortfolioInvestmentList(app);
  registerPortfolioTransactionList(app);
  registerInvestmentGet(app);
  registerClientOverview(app);
  registerClientBalanceHistory(app);
  registerPortfolioValueHistory(app);
  registerInvestmentHistory(app);
  registerWealthDataApi(app);
}
