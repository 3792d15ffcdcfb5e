import { defineRoute } from '../shared/call-route';
import type { ZOptionalEmptyBody } from '../shared/empty-bodies';
import type * as schemas from './calls';

export type { CssRemoval, CssRemovalReason, CustomCss } from './calls';
export * from './constants';

/** Custom CSS changes what a company's end customers see: staff only, under the custom_css module. */
const customCssStaff = { kind: 'session', module: 'custom_css', staffOnly: true } as const;

export const getCustomCss = defineRoute<typeof ZOptionalEmptyBody, typeof schemas.ZCustomCss>()({
  path: '/platform/custom-css/get-custom-css',
  access: customCssStaff,
  errors: [],
});

/**
 * `file` is base64 of the CSS (spec section 7). An empty file clears it. The answer reports what the
 * sanitiser removed; the hosted pages get the rest.
 */
export const setCustomCss = defineRoute<typeof schemas.ZCustomCssFile, typeof schemas.ZCustomCss>()({
  path: '/platform/custom-css/set-custom-css',
  audit: {
    action: 'set-custom-css',
    // Which CSS replaced which (digest and size) and how many rules the sanitiser removed; never the body.
    storedFields: ['sha256', 'bytes', 'removed_parts'],
  },
  access: customCssStaff,
  errors: ['InvalidBase64', 'CustomCssTooLarge', 'CustomCssTooDeep'],
});
