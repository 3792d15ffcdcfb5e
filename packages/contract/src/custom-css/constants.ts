/** The cap on the CSS as written (UTF-8 bytes, before base64). */
export const CUSTOM_CSS_MAX_BYTES = 64 * 1024;

/**
 * How deep blocks, functions and brackets may nest in the CSS, together (`@media{a{b:calc(var(…))}}` is
 * four). Deeper CSS is refused whole (CustomCssTooDeep) before it is parsed: a real stylesheet nests a
 * handful of levels, and the parser and serialiser recurse once per level.
 */
export const CUSTOM_CSS_MAX_DEPTH = 32;

/**
 * The only attributes a selector may test (`[type="checkbox"]`, `[data-disabled]`, …): none of them
 * holds what a visitor types. Every other attribute selector (`[value^=a]`, `[autocomplete=username]`,
 * `[placeholder]`…) is removed: they can read or single out the fields a visitor types into.
 */
export const CSS_ALLOWED_ATTRIBUTES = [
  'type',
  'dir',
  'lang',
  'role',
  'disabled',
  'aria-invalid',
  'aria-disabled',
  'aria-expanded',
  'aria-selected',
  'aria-current',
  'data-disabled',
  'data-active',
  'data-error',
  'data-variant',
] as const;

/**
 * Why the sanitiser removed a piece of CSS:
 * - `import`: an @import (loads another stylesheet);
 * - `at_rule`: an at-rule outside the allowed set (@media, @supports, @font-face, @keyframes, @layer,
 *   @container, @page);
 * - `url`: a url(), image-set() or src() that is not a data: image or font (a same-origin path
 *   is removed too: any GET with a side effect could be driven by what a visitor types);
 * - `expression`: expression() (script in old IE);
 * - `binding`: -moz-binding or behavior (script bindings);
 * - `input_selector`: an attribute selector on form fields or on `value` (reports saved before
 *   `attribute_selector` replaced it);
 * - `attribute_selector`: an attribute selector outside CSS_ALLOWED_ATTRIBUTES;
 * - `unicode_range`: a `unicode-range` descriptor (a font per character tells which ones are typed);
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
  'attribute_selector',
  'unicode_range',
] as const;
