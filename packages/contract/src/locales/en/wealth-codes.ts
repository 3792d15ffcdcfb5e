import type { wealthCodes as es } from '../es/wealth-codes';

export const wealthCodes: typeof es = {
  portfolioTypes: {
    C: 'Crypto',
    F: 'Funds',
    FI: 'Fixed income',
    M: 'Managed',
    MIX: 'Mixed',
    PP: 'Pensions',
    S: 'Stocks',
    UM: 'Unmanaged',
  },
  investmentTypes: {
    F: 'Fund',
    VI: 'Equities',
    PP: 'Pension plan',
    FI: 'Fixed income',
    C: 'Crypto',
    ETF: 'ETF',
    CFD: 'CFD',
    L: 'Liquidity',
    O: 'Other',
  },
  liabilityTypes: {
    Confirming: 'Confirming',
    Credit: 'Credit',
    Loan: 'Loan',
  },
  transactionTypes: {
    buy: 'Buy',
    sell: 'Sell',
    dividends: 'Dividends',
    interest: 'Interest',
  },
  otherCode: 'Other (code {code})',
};
