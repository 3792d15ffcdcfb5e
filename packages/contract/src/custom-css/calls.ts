import { z } from 'zod';
import { defineCall } from '../shared/define-call';
import { VALIDATION } from '../shared/validation';

/** Custom CSS changes what a company's end customers see: staff only, under the custom_css module. */
const customCssStaff = { kind: 'session', module: 'custom_css', staffOnly: true } as const;

/** The cap on the CSS as written (UTF-8 bytes, before base64). */
export const CUSTOM_CSS_MAX_BYTES = 64 * 1024;

/**
 * Why the sanitiser removed a piece of CSS:
 * - `import`: an @import (loads another stylesheet);
 * - `at_rule`: an at-rule outside the allowed set (@media, @supports, @font-face, @keyframes, @layer,
 *   @container, @page);
 * - `url`: a url(), image-set() or src() to another origin or scheme (only same-origin paths and
 *   data: images and fonts are kept);
 * - `expression`: expression() (script in old IE);
 * - `binding`: -moz-binding or behavior (script bindings);
 * - `input_selector`: an attribute selector on form fields or on `value` (the CSS keylogger);
 * - `invalid`: CSS the parser could not read (dropped rather than passed on unchecked).
 */
export const CSS_REMOVAL_REASONS = [
  'import',
  'at_rule',
  'url',
  'expression',
  'binding',
  'input_selector',
  'invalid',
] as const;
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

export const getCustomCss = defineCall({
  path: '/platform/custom-css/get-custom-css',
  access: customCssStaff,
  request: z.object({}).optional(),
  response: ZCustomCss,
  errors: [],
});

/**
 * `file` is base64 of the CSS (spec section 7). An empty file clears it. The answer reports what the
 * sanitiser removed; the hosted pages get the rest.
 */
export const setCustomCss = defineCall({
  path: '/platform/custom-css/set-custom-css',
  access: customCssStaff,
  request: z.object({ file: z.string({ error: VALIDATION.required }) }),
  response: ZCustomCss,
  errors: ['InvalidBase64', 'CustomCssTooLarge'],
});
