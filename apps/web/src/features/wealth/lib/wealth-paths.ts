/** Paths of the wealth screens inside the locale prefix (spec section 2's route list). */
export const CLIENTS_PATH = '/wealth/clients';

const seg = encodeURIComponent;

export type ClientTab = 'overview' | 'accounts' | 'portfolios' | 'liabilities';

export const clientPath = (clientId: string, tab?: ClientTab) =>
  `${CLIENTS_PATH}/${seg(clientId)}${tab ? `/${tab}` : ''}`;

export const accountPath = (clientId: string, accountId: string) =>
  `${clientPath(clientId)}/accounts/${seg(accountId)}`;

export const liabilityPath = (clientId: string, liabilityId: string) =>
  `${clientPath(clientId)}/liabilities/${seg(liabilityId)}`;

export const portfolioPath = (clientId: string, portfolioId: string) =>
  `${clientPath(clientId)}/portfolios/${seg(portfolioId)}`;

export const portfolioTransactionsPath = (clientId: string, portfolioId: string) =>
  `${portfolioPath(clientId, portfolioId)}/transactions`;

export const investmentPath = (clientId: string, portfolioId: string, investmentId: string) =>
  `${portfolioPath(clientId, portfolioId)}/${seg(investmentId)}`;
