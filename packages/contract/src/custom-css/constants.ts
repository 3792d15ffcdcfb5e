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
