/**
 * A click the router took to open another page of this portal: a link (or something inside one) to
 * another path, whose default the router prevented to navigate itself. Read when the click has bubbled
 * to the document, after the router's handler.
 */
export function isLinkToAnotherPage(event: MouseEvent): boolean {
  if (!(event.target instanceof Element)) return false;
  const anchor = event.target.closest('a[href]');
  return (
    anchor instanceof HTMLAnchorElement &&
    leavesPage(anchor.href, event.defaultPrevented, window.location.href)
  );
}

/**
 * A modifier click (new tab) is not taken by the router and leaves this page where it is; so does a
 * link to this same page (another query) or to another site (a full page load, nothing to cancel).
 */
export function leavesPage(href: string, isTakenByRouter: boolean, currentHref: string): boolean {
  if (!isTakenByRouter) return false;
  const target = new URL(href, currentHref);
  const current = new URL(currentHref);
  return target.origin === current.origin && target.pathname !== current.pathname;
}
