/**
 * Each row's name for its unlink button and confirmation, told apart where two rows share one (two
 * "Cuenta Online" at one bank): a screen reader hears, and the dialog shows, which one it is.
 */
export function distinctNames<P>(
  products: readonly P[],
  nameOf: (product: P) => string,
  referenceOf: ((product: P) => string | null) | undefined,
): (product: P) => string {
  const counts = new Map<string, number>();
  for (const product of products) counts.set(nameOf(product), (counts.get(nameOf(product)) ?? 0) + 1);
  return (product) => {
    const name = nameOf(product);
    const reference = (counts.get(name) ?? 0) > 1 ? referenceOf?.(product) : null;
    return reference ? `${name} (${reference})` : name;
  };
}
