import { z } from 'zod';
import { defineCall } from '../shared/define-call';
import { ZOptionalEmptyBody } from '../shared/empty-bodies';
import { VALIDATION } from '../shared/validation';
import { CSS_REMOVAL_REASONS } from './constants';
import * as routes from './routes';

export * from './constants';

export const ZCssRemovalReason = z.enum(CSS_REMOVAL_REASONS);
export type CssRemovalReason = z.infer<typeof ZCssRemovalReason>;

/** One removal: where it started in the CSS as written (1-based) and the start of what was removed. */
export const ZCssRemoval = z.object({
  reason: ZCssRemovalReason,
  line: z.number().int().min(1),
  column: z.number().int().min(1),
  excerpt: z.string(),
});
export type CssRemoval = z.infer<typeof ZCssRemoval>;

/** The spec's "one text value": the CSS as written, with what the hosted pages do not get of it. */
export const ZCustomCss = z.object({
  css: z.string(),
  removed: z.array(ZCssRemoval),
  updated_at: z.string().nullable(),
});
export type CustomCss = z.infer<typeof ZCustomCss>;

export const getCustomCss = defineCall(routes.getCustomCss, {
  request: ZOptionalEmptyBody,
  response: ZCustomCss,
});

/**
 * `expected_updated_at`: when the CSS the editor loaded was saved (null: none was), optional; the portal
 * always sends it. When someone saved since, the save is refused with Conflict instead of silently
 * replacing their CSS.
 */
export const ZCustomCssFile = z.object({
  file: z.string({ error: VALIDATION.required }),
  expected_updated_at: z.iso.datetime({ offset: true }).nullable().optional(),
});

export const setCustomCss = defineCall(routes.setCustomCss, {
  request: ZCustomCssFile,
  response: ZCustomCss,
});
