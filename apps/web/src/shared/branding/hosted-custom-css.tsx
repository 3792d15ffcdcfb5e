/**
 * Injects a company's custom CSS into a hosted page (connect, Link) while the page is mounted. `css` is
 * the server's sanitised serialisation (`custom_css` of the page's session answer). React sets it as the
 * style element's text content (never parsed as HTML on the client), and the server's serialiser escapes
 * every `<`, so nothing in it can close the element or start markup.
 */
export function HostedCustomCss({ css }: { css: string | null }) {
  if (!css) return null;
  return <style data-caudal-custom-css="">{css}</style>;
}
