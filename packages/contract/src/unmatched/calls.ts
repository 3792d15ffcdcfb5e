import { z } from 'zod';
import { ZSuccess } from '../auth/calls';
import { defineCall } from '../shared/define-call';
import { ZOptionalEmptyBody } from '../shared/empty-bodies';
import { VALIDATION, zSearch } from '../shared/validation';
import { UNMATCHED_PAGE_SIZE } from './constants';
import * as routes from './routes';

export * from './constants';

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

/** Sorted by bank, then name (spec section 4). Without `page`, the whole list, as the spec's call. */
export const ZUnmatchedListRequest = z
  .object({
    /** Matches the product name, the holder name or the suggested client's name or alias. */
    search: zSearch().optional(),
    bank: z.string().max(64).optional(),
    page: z.number().int().min(1).max(100_000).optional(),
    page_size: z.number().int().min(1).max(UNMATCHED_PAGE_SIZE.max).optional(),
  })
  .optional();

export const ZUnmatchedProductList = z.array(ZUnmatchedProduct);

export const unmatchedList = defineCall(routes.unmatchedList, {
  request: ZUnmatchedListRequest,
  response: ZUnmatchedProductList,
});

export const unmatchedListHidden = defineCall(routes.unmatchedListHidden, {
  request: ZUnmatchedListRequest,
  response: ZUnmatchedProductList,
});

export const ZUnmatchedCount = z.object({ pending: z.number().int(), hidden: z.number().int() });

export const unmatchedCount = defineCall(routes.unmatchedCount, {
  request: ZOptionalEmptyBody,
  response: ZUnmatchedCount,
});

export const ZClientMatchProductRequest = z.object({
  _id: ZId,
  products: z.array(ZId).min(1, { error: VALIDATION.required }).max(500),
});
export const ZClientMatchProductResult = z.object({ success: z.literal(true), matched: z.number().int() });

export const clientMatchProduct = defineCall(routes.clientMatchProduct, {
  request: ZClientMatchProductRequest,
  response: ZClientMatchProductResult,
});

export const ZHolderProductRef = z.object({ holder_product_id: ZId });

export const unmatchedHide = defineCall(routes.unmatchedHide, {
  request: ZHolderProductRef,
  response: ZSuccess,
});

export const unmatchedUnhide = defineCall(routes.unmatchedUnhide, {
  request: ZHolderProductRef,
  response: ZSuccess,
});
