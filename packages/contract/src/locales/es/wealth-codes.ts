/** Translated names of the spec's type codes; "Other (code N)" covers any code not listed. */
export const wealthCodes = {
  portfolioTypes: {
    C: 'Criptomonedas',
    F: 'Fondos',
    FI: 'Renta fija',
    M: 'Gestionada',
    MIX: 'Mixta',
    PP: 'Planes de pensiones',
    S: 'Acciones',
    UM: 'No gestionada',
  },
  investmentTypes: {
    F: 'Fondo',
    VI: 'Renta variable',
    PP: 'Plan de pensiones',
    FI: 'Renta fija',
    C: 'Criptomoneda',
    ETF: 'ETF',
    CFD: 'CFD',
    L: 'Liquidez',
    O: 'Otros',
  },
  liabilityTypes: {
    Confirming: 'Confirming',
    Credit: 'Crédito',
    Loan: 'Préstamo',
  },
  transactionTypes: {
    buy: 'Compra',
    sell: 'Venta',
    dividends: 'Dividendos',
    interest: 'Intereses',
  },
  otherCode: 'Otro (código {code})',
};
