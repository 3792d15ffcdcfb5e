/** Codes in the rows and their words in the export's language (plain data: it crosses to the worker). */
export interface ValueTranslations {
  productKinds: Record<string, string>;
  investmentTypes: Record<string, string>;
}

/** Product kinds and investment types become words; the row is changed in place. */
export function createValueTranslator(translations: ValueTranslations) {
  const { productKinds, investmentTypes } = translations;
  // Any row of named string cells (export-columns' ExportRowValues), without importing it back.
  return (row: Record<string, string | null>) => {
    if (row.product_kind) row.product_kind = productKinds[row.product_kind] ?? row.product_kind;
    if (row.investment_type)
      row.investment_type = investmentTypes[row.investment_type] ?? row.investment_type;
    return row;
  };
}
