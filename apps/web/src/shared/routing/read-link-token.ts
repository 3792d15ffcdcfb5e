/**
 * A one-time token a mailed link carries in its fragment (`#<token>`): browsers never send the fragment,
 * so it reaches no server, proxy or request log, nor a Referer. It is read once, dropped from the
 * address bar, and kept for this tab only (`storageKey`), so switching the page's language (a new
 * address) does not lose it. `queryName` also reads a token from the query, for links mailed before
 * the token moved to the fragment; it is dropped from the address bar the same way.
 */
export function readLinkToken(storageKey: string, queryName?: string): string | null {
  const fromFragment = window.location.hash.slice(1);
  const fromQuery = queryName ? new URLSearchParams(window.location.search).get(queryName) : null;
  const fromLink = fromFragment || fromQuery;
  if (fromLink) {
    window.history.replaceState(window.history.state, '', window.location.pathname);
    sessionStorage.setItem(storageKey, fromLink);
    return fromLink;
  }
  return sessionStorage.getItem(storageKey);
}
