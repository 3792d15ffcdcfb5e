import type { ZSuccess } from '../auth/calls';
import { defineRoute } from '../shared/call-route';
import type { ZOptionalEmptyBody } from '../shared/empty-bodies';
import type * as schemas from './calls';

export type { UnmatchedProduct } from './calls';
export * from './constants';

/** Pending products belong to no client, so only staff handle them (portal users see assigned clients only). */
const wealthStaff = { kind: 'session', module: 'wealth', staffOnly: true } as const;

export const unmatchedList = defineRoute<
  typeof schemas.ZUnmatchedListRequest,
  typeof schemas.ZUnmatchedProductList
>()({
  path: '/platform/wealth/unmatched-list',
  access: wealthStaff,
  errors: [],
  totalCountHeader: true,
});

export const unmatchedListHidden = defineRoute<
  typeof schemas.ZUnmatchedListRequest,
  typeof schemas.ZUnmatchedProductList
>()({
  path: '/platform/wealth/unmatched-list-hidden',
  access: wealthStaff,
  errors: [],
  totalCountHeader: true,
});

/** How many products wait for a client, for the navigation badge and page header. */
export const unmatchedCount = defineRoute<typeof ZOptionalEmptyBody, typeof schemas.ZUnmatchedCount>()({
  path: '/platform/wealth/unmatched-count',
  access: wealthStaff,
  errors: [],
});

/**
 * Assigns products to one client; "confirm all" sends one call per client. All or nothing, and
 * idempotent: a product already with this client is fine; one matched to another client fails the
 * whole call with ProductAlreadyMatched.
 */
export const clientMatchProduct = defineRoute<
  typeof schemas.ZClientMatchProductRequest,
  typeof schemas.ZClientMatchProductResult
>()({
  path: '/platform/wealth/client-match-product',
  audit: { action: 'client-match-product', targets: { client: { request: '_id' } }, fields: ['products'] },
  access: wealthStaff,
  errors: ['NotFound', 'ProductAlreadyMatched'],
});

export const unmatchedHide = defineRoute<typeof schemas.ZHolderProductRef, typeof ZSuccess>()({
  path: '/platform/wealth/unmatched-hide',
  audit: { action: 'unmatched-hide', fields: ['holder_product_id'] },
  access: wealthStaff,
  errors: ['NotFound', 'ProductAlreadyMatched'],
});

export const unmatchedUnhide = defineRoute<typeof schemas.ZHolderProductRef, typeof ZSuccess>()({
  path: '/platform/wealth/unmatched-unhide',
  audit: { action: 'unmatched-unhide', fields: ['holder_product_id'] },
  access: wealthStaff,
  errors: ['NotFound', 'ProductAlreadyMatched'],
});
