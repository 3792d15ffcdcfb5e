import type { Assignment } from './assignments';

export interface MatchProduct {
  id: string;
  name: string;
  bank: string;
}

/** One clientMatchProduct call: a client and every product assigned to it. */
export interface MatchGroup {
  clientId: string;
  clientName: string;
  clientAlias: string;
  products: MatchProduct[];
}

/**
 * "Confirm all" sends one call per client (spec section 7, "one call per entry"). Groups are ordered by
 * client name, and products by name, so the confirmation reads like a list; each product appears once.
 */
export function groupByClient(assignments: Readonly<Record<string, Assignment>>): MatchGroup[] {
  const groups = new Map<string, MatchGroup>();
  for (const [productId, assignment] of Object.entries(assignments)) {
    let group = groups.get(assignment.clientId);
    if (!group) {
      group = {
        clientId: assignment.clientId,
        clientName: assignment.clientName,
        clientAlias: assignment.clientAlias,
        products: [],
      };
      groups.set(assignment.clientId, group);
    }
    if (!group.products.some((product) => product.id === productId)) {
      group.products.push({ id: productId, name: assignment.productName, bank: assignment.bank });
    }
  }
  const byName = (a: string, b: string) => a.localeCompare(b, undefined, { sensitivity: 'base' });
  return [...groups.values()]
    .map((group) => ({ ...group, products: group.products.sort((a, b) => byName(a.name, b.name)) }))
    .sort((a, b) => byName(a.clientName, b.clientName) || a.clientId.localeCompare(b.clientId));
}

export function countProducts(groups: readonly MatchGroup[]): number {
  return groups.reduce((sum, group) => sum + group.products.length, 0);
}

/** The outcome of one client's call; `reasonKey` is the catalogue key of why it failed. */
export type GroupResult =
  | { group: MatchGroup; ok: true }
  | { group: MatchGroup; ok: false; reasonKey: string };

export interface MatchSummary {
  kind: 'success' | 'partial' | 'failed';
  matched: number;
  failed: number;
  total: number;
  /** Each distinct failure reason once, in the order they happened. */
  reasonKeys: string[];
  matchedProductIds: string[];
  /** Why each product that was not matched failed, to show it on its row. */
  failedProducts: Record<string, string>;
}

/** Calls are all-or-nothing per client, so a failed call fails every product of that client. */
export function summarizeResults(results: readonly GroupResult[]): MatchSummary {
  const matchedProductIds: string[] = [];
  const failedProducts: Record<string, string> = {};
  const reasonKeys: string[] = [];
  for (const result of results) {
    const ids = result.group.products.map((product) => product.id);
    if (result.ok) {
      matchedProductIds.push(...ids);
      continue;
    }
    for (const id of ids) failedProducts[id] = result.reasonKey;
    if (!reasonKeys.includes(result.reasonKey)) reasonKeys.push(result.reasonKey);
  }
  const matched = matchedProductIds.length;
  const failed = Object.keys(failedProducts).length;
  const kind = failed === 0 ? 'success' : matched === 0 ? 'failed' : 'partial';
  return { kind, matched, failed, total: matched + failed, reasonKeys, matchedProductIds, failedProducts };
}

/**
 * Runs `task` over `items` with at most `limit` running at once, never rejecting: each result says
 * whether its task succeeded. A queue of hundreds stays quick without flooding the API.
 */
export async function runLimited<T, R>(
  items: readonly T[],
  limit: number,
  task: (item: T) => Promise<R>,
): Promise<({ ok: true; value: R } | { ok: false; error: unknown })[]> {
  const results: ({ ok: true; value: R } | { ok: false; error: unknown })[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      try {
        results[index] = { ok: true, value: await task(items[index] as T) };
      } catch (error) {
        results[index] = { ok: false, error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
  return results;
}
