/**
 * Where the hosted flow goes once the credentials are connected. The server answers the link's return
 * URL: for links staff create, our connections page with the `fromlink` marker and the credentials
 * token. Staff who started the flow in this browser go back there; anyone else (the account holder a
 * link was sent to) has no session, would only meet the staff login with a token in its URL, and gets
 * the hosted confirmation page instead. Any other return URL (a Link's own) is followed as it is.
 */
export function finishTarget(
  redirectTo: string,
  here: { origin: string; signedIn: boolean },
): 'redirect' | 'confirm' {
  let url: URL;
  try {
    url = new URL(redirectTo, here.origin);
  } catch {
    return 'redirect';
  }
  const staffReturn =
    url.origin === here.origin &&
    /^\/[a-z]{2}\/wealth\/connections\/?$/.test(url.pathname) &&
    url.searchParams.get('fromlink') === 'true';
  return staffReturn && !here.signedIn ? 'confirm' : 'redirect';
}
