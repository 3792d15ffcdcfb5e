import {
  INVESTMENT_TYPES,
  isKnownCode,
  LIABILITY_TYPES,
  NAMED_TRANSACTION_CODES,
  PORTFOLIO_TYPES,
} from '@caudal/contract/routes';

/** A catalogue key with its placeholder values, resolved by the caller's `t`. */
export interface TextRef {
  key: string;
  params?: Record<string, string | number>;
}

const OTHER = 'wealthCodes.otherCode';

const GROUPS = {
  portfolio: { list: PORTFOLIO_TYPES, prefix: 'wealthCodes.portfolioTypes' },
  investment: { list: INVESTMENT_TYPES, prefix: 'wealthCodes.investmentTypes' },
  liability: { list: LIABILITY_TYPES, prefix: 'wealthCodes.liabilityTypes' },
} as const;

export type TypeGroup = keyof typeof GROUPS;

/** A product type code's translated name; a code the spec does not list reads "Other (code X)". */
export function typeNameRef(group: TypeGroup, code: string): TextRef {
  const { list, prefix } = GROUPS[group];
  return isKnownCode(list as readonly string[], code)
    ? { key: `${prefix}.${code}` }
    : { key: OTHER, params: { code } };
}

/** Investment transaction codes: 8, 9, 33 and 34 have names; any other is "Other (code N)", never bare. */
export function transactionTypeRef(code: number): TextRef {
  const name = (NAMED_TRANSACTION_CODES as Record<number, string>)[code];
  return name ? { key: `wealthCodes.transactionTypes.${name}` } : { key: OTHER, params: { code } };
}
