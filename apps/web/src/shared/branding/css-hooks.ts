/**
 * Class names the hosted pages (connect and Link) put on their parts, for a company's custom CSS to
 * target. A contract with the companies that write that CSS: the build's own class names change with
 * each release, these never do. The custom CSS editor lists them (customCss.hooks), so add one there
 * when adding one here. Mantine's styles sit in a cascade layer, so a company's rules beat them.
 */
export const CSS_HOOKS = {
  page: 'caudal-page',
  content: 'caudal-content',
  brand: 'caudal-brand',
  brandName: 'caudal-brand-name',
  title: 'caudal-title',
  subtitle: 'caudal-subtitle',
  progress: 'caudal-progress',
  institution: 'caudal-institution',
  label: 'caudal-label',
  input: 'caudal-input',
  button: 'caudal-button',
} as const;

export type CssHook = keyof typeof CSS_HOOKS;

/** A field's parts as the hooks name them (Mantine's `classNames`). */
export const FIELD_HOOKS = { label: CSS_HOOKS.label, input: CSS_HOOKS.input } as const;
