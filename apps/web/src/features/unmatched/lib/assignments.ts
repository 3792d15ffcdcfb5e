import type { UnmatchedProduct } from '@caudal/contract';
import type { ClientChoice } from '../../../shared/clients/client-options';

/** The client chosen for one pending product, with what the summary and the confirmation show. */
export interface Assignment {
  clientId: string;
  clientName: string;
  clientAlias: string;
  productName: string;
  bank: string;
}

export type { ClientChoice };

/**
 * The assignments of the session, by product id. `seenIn` remembers in which list view each product was
 * last listed: a product is pre-filled with its suggestion only the first time it is seen (so "Clear"
 * sticks across refetches), and a refetch of that same view that no longer lists it forgets it (matched
 * elsewhere, hidden in another tab).
 */
export interface AssignmentState {
  assignments: Readonly<Record<string, Assignment>>;
  seenIn: Readonly<Record<string, string>>;
}

export const EMPTY_ASSIGNMENTS: AssignmentState = { assignments: {}, seenIn: {} };

type Product = Pick<UnmatchedProduct, 'holder_product_id' | 'name' | 'bank' | 'suggested_client'>;

function toAssignment(product: Product, client: ClientChoice): Assignment {
  return {
    clientId: client.id,
    clientName: client.name,
    clientAlias: client.alias,
    productName: product.name,
    bank: product.bank,
  };
}

/** The suggested client of each product that has one: the initial assignments of a page. */
export function suggestedAssignments(products: readonly Product[]): Record<string, Assignment> {
  const result: Record<string, Assignment> = {};
  for (const product of products) {
    if (product.suggested_client) {
      result[product.holder_product_id] = toAssignment(product, product.suggested_client);
    }
  }
  return result;
}

/**
 * Folds a freshly loaded page of `view` into the state: products seen for the first time get their
 * suggestion; products this view listed before and no longer lists are forgotten. Returns the same
 * object when nothing changes, so it can run on every load without re-rendering.
 */
export function syncWithPage(
  state: AssignmentState,
  view: string,
  products: readonly Product[],
): AssignmentState {
  const listed = new Set(products.map((product) => product.holder_product_id));
  let changed = false;
  const assignments = { ...state.assignments };
  const seenIn = { ...state.seenIn };

  for (const [id, seenView] of Object.entries(state.seenIn)) {
    if (seenView === view && !listed.has(id)) {
      delete seenIn[id];
      delete assignments[id];
      changed = true;
    }
  }
  const suggestions = suggestedAssignments(products.filter((p) => !(p.holder_product_id in seenIn)));
  for (const product of products) {
    const id = product.holder_product_id;
    if (seenIn[id] === view) continue;
    changed = true;
    if (!(id in seenIn) && suggestions[id]) assignments[id] = suggestions[id];
    seenIn[id] = view;
  }
  return changed ? { assignments, seenIn } : state;
}

/** "Use suggestions": every product of the page with a suggestion gets it back, others are kept. */
export function applySuggestions(state: AssignmentState, products: readonly Product[]): AssignmentState {
  return { ...state, assignments: { ...state.assignments, ...suggestedAssignments(products) } };
}

/** Sets (or with `null`, clears) the client of one product. */
export function assign(
  state: AssignmentState,
  product: Product,
  client: ClientChoice | null,
): AssignmentState {
  const assignments = { ...state.assignments };
  if (client) assignments[product.holder_product_id] = toAssignment(product, client);
  else delete assignments[product.holder_product_id];
  return { ...state, assignments };
}

/** "Clear": no product keeps a client; they stay seen, so suggestions do not come back on a refetch. */
export function clearAssignments(state: AssignmentState): AssignmentState {
  return { ...state, assignments: {} };
}

/** Products that left the pending list (matched, hidden): forgotten entirely. */
export function forgetProducts(state: AssignmentState, productIds: readonly string[]): AssignmentState {
  if (!productIds.some((id) => id in state.assignments || id in state.seenIn)) return state;
  const assignments = { ...state.assignments };
  const seenIn = { ...state.seenIn };
  for (const id of productIds) {
    delete assignments[id];
    delete seenIn[id];
  }
  return { assignments, seenIn };
}

/** Whether the product's current client is the one the server suggested. */
export function isSuggested(product: Product, assignment: Assignment | undefined): boolean {
  return !!assignment && assignment.clientId === product.suggested_client?.id;
}
