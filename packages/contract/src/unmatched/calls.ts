import { z } from 'zod';
import { ZSuccess } from '../auth/calls';
import { defineCall } from '../shared/define-call';
import { LIMITS, VALIDATION } from '../shared/validation';

/** Pending products belong to no client, so only staff handle them (portal users see assigned clients only). */
const wealthStaff = { kind: 'session', module: 'wealth', staffOnly: true } as const;
const ZId = z.string({ error: VALIDATION.required }).min(1, { error: VALIDATION.required }).max(64);

export const ZSuggestedClient = z.object({ id: z.string(), name: z.string(), alias: z.string() });

/**
 * A product found through credentials that belongs to no client yet (spec section 3). `_id` and
 * `holder_product_id` both name the product: `holder_product_id` is what match, hide and unhide take.
 */
export const ZUnmatchedProduct = z.object({
  _id: z.string(),
  holder_product_id: z.string(),
  /** The entity (institution) id. */
  bank: z.string(),
  name: z.string(),
  product_type: z.enum(['account', 'portfolio', 'liability']),
  created_at: z.string(),
  holder_name: z.string().nullable(),
  credentials_token: z.string().nullable(),
  balance: z.number(),
  currency: z.string(),
  /** A client whose name matches the holder's identity, offered as the default choice. */
  suggested_client: ZSuggestedClient.nullable(),
});
export type UnmatchedProduct = z.infer<typeof ZUnmatchedProduct>;

export const UNMATCHED_PAGE_SIZE = { default: 50, max: 200 } as const;

/** Sorted by bank, then name (spec section 4). Without `page`, the whole list, as the spec's call. */
export const ZUnmatchedListRequest = z
  .object({
    /** Matches the product name, the holder name or the suggested client's name or alias. */
    search: z.string().trim().max(LIMITS.name).optional(),
    bank: z.string().max(64).optional(),
    page: z.number().int().min(1).max(100_000).optional(),
    page_size: z.number().int().min(1).max(UNMATCHED_PAGE_SIZE.max).optional(),
  })
  .optional();

export const unmatchedList = defineCall({
  path: '/platform/wealth/unmatched-list',
  access: wealthStaff,
  request: ZUnmatchedListRequest,
  response: z.array(ZUnmatchedProduct),
  errors: [],
  totalCountHeader: true,
});

export const unmatchedListHidden = defineCall({
  path: '/platform/wealth/unmatched-list-hidden',
  access: wealthStaff,
  request: ZUnmatchedListRequest,
  response: z.array(ZUnmatchedProduct),
  errors: [],
  totalCountHeader: true,
});

/** How many products wait for a client, for the navigation badge and page header. */
export const unmatchedCount = defineCall({
  path: '/platform/wealth/unmatched-count',
  access: wealthStaff,
  request: z.object({}).optional(),
  response: z.object({ pending: z.number().int(), hidden: z.number().int() }),
  errors: [],
});

/**
 * Assigns products to one client; "confirm all" sends one call per client. All or nothing, and
 * idempotent: a product already with this client is fine; one matched to another client fails the
 * whole call with ProductAlreadyMatched.
 */
export const clientMatchProduct = defineCall({
  path: '/platform/wealth/client-match-product',
  access: wealthStaff,
  request: z.object({ _id: ZId, products: z.array(ZId).min(1, { error: VALIDATION.required }).max(500) }),
  response: z.object({ success: z.literal(true), matched: z.number().int() }),
  errors: ['NotFound', 'ProductAlreadyMatched'],
});

export const unmatchedHide = defineCall({
  path: '/platform/wealth/unmatched-hide',
  access: wealthStaff,
  request: z.object({ holder_product_id: ZId }),
  response: ZSuccess,
  errors: ['NotFound', 'ProductAlreadyMatched'],
});

export const unmatchedUnhide = defineCall({
  path: '/platform/wealth/unmatched-unhide',
  access: wealthStaff,
  request: z.object({ holder_product_id: ZId }),
  response: ZSuccess,
  errors: ['NotFound', 'ProductAlreadyMatched'],
});
