import { z } from 'zod';

/** A POST that takes nothing: an empty object. */
export const ZEmptyBody = z.object({});
/** A POST that takes nothing and may come without a body at all. */
export const ZOptionalEmptyBody = z.object({}).optional();
/** A GET: it carries no body. */
export const ZNoBody = z.undefined().optional();
